//! The query parameters of a request, read as the API server's parameter codec reads
//! `metav1.ListOptions`, `DeleteOptions`, `CreateOptions`/`UpdateOptions`/`PatchOptions` and
//! `PodLogOptions` (apimachinery pkg/apis/meta/v1/types.go). Unknown parameters are ignored,
//! as the codec ignores them; a malformed number is a 400.

use super::Status;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Query {
    pub label_selector: Option<String>,
    pub field_selector: Option<String>,
    pub watch: bool,
    pub allow_bookmarks: bool,
    pub resource_version: Option<String>,
    pub limit: Option<u64>,
    pub continue_token: Option<String>,
    pub timeout_seconds: Option<u64>,
    pub dry_run: bool,
    /// Server-side apply's `force` (PatchOptions), when the request names it.
    pub force: Option<bool>,
    /// `Strict`, `Warn` (the default) or `Ignore`.
    pub field_validation: FieldValidation,
    pub propagation_policy: Option<String>,
    pub grace_period_seconds: Option<i64>,
    pub orphan_dependents: Option<bool>,
    /// Tables: `None`, `Metadata` (the default) or `Object`.
    pub include_object: Option<String>,
    /// Logs.
    pub container: Option<String>,
    pub tail_lines: Option<i64>,
    pub previous: bool,
    pub timestamps: bool,
    pub follow: bool,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FieldValidation {
    Strict,
    #[default]
    Warn,
    Ignore,
}

fn boolean(name: &str, v: &str) -> Result<bool, Status> {
    match v {
        "" | "true" | "1" | "True" | "TRUE" | "t" | "T" => Ok(true),
        "false" | "0" | "False" | "FALSE" | "f" | "F" => Ok(false),
        _ => Err(Status::bad_request(format!(
            "{name}: Invalid value: \"{v}\": strconv.ParseBool: parsing \"{v}\": invalid syntax"
        ))),
    }
}

fn number<T: std::str::FromStr>(name: &str, v: &str) -> Result<T, Status> {
    v.parse().map_err(|_| {
        Status::bad_request(format!(
            "{name}: Invalid value: \"{v}\": strconv.ParseInt: parsing \"{v}\": invalid syntax"
        ))
    })
}

impl Query {
    pub fn parse(pairs: &[(String, String)]) -> Result<Query, Status> {
        let mut q = Query::default();
        for (k, v) in pairs {
            let some = || Some(v.clone());
            match k.as_str() {
                "labelSelector" => q.label_selector = some(),
                "fieldSelector" => q.field_selector = some(),
                "watch" => q.watch = boolean(k, v)?,
                "allowWatchBookmarks" => q.allow_bookmarks = boolean(k, v)?,
                "resourceVersion" => q.resource_version = some().filter(|s| !s.is_empty()),
                "limit" => q.limit = Some(number::<i64>(k, v)?.max(0) as u64).filter(|&n| n > 0),
                "continue" => q.continue_token = some().filter(|s| !s.is_empty()),
                "timeoutSeconds" => q.timeout_seconds = Some(number::<i64>(k, v)?.max(0) as u64),
                "dryRun" => q.dry_run = v == "All",
                "force" => q.force = Some(boolean(k, v)?),
                "fieldValidation" => {
                    q.field_validation = match v.as_str() {
                        "Strict" => FieldValidation::Strict,
                        "Ignore" => FieldValidation::Ignore,
                        "Warn" | "" => FieldValidation::Warn,
                        other => {
                            return Err(Status::bad_request(format!(
                                "fieldValidation: Unsupported value: \"{other}\": supported values: \"Ignore\", \"Strict\", \"Warn\""
                            )))
                        }
                    }
                }
                "propagationPolicy" => q.propagation_policy = some(),
                "gracePeriodSeconds" => q.grace_period_seconds = Some(number(k, v)?),
                "orphanDependents" => q.orphan_dependents = Some(boolean(k, v)?),
                "includeObject" => q.include_object = some(),
                "container" => q.container = some(),
                "tailLines" => q.tail_lines = Some(number(k, v)?),
                "previous" => q.previous = boolean(k, v)?,
                "timestamps" => q.timestamps = boolean(k, v)?,
                "follow" => q.follow = boolean(k, v)?,
                _ => {}
            }
        }
        if q.dry_run_values_invalid(pairs) {
            return Err(Status::bad_request(
                "dryRun: Unsupported value: only \"All\" is supported",
            ));
        }
        Ok(q)
    }

    /// `dryRun` takes only `All` (apimachinery validation `ValidateDryRun`).
    fn dry_run_values_invalid(&self, pairs: &[(String, String)]) -> bool {
        pairs.iter().any(|(k, v)| k == "dryRun" && v != "All")
    }

    /// The `resourceVersion` as a number; `0` or absent means "any".
    pub fn rv(&self) -> Result<u64, Status> {
        match self.resource_version.as_deref() {
            None => Ok(0),
            Some(s) => s.parse().map_err(|_| {
                Status::bad_request(format!(
                    "resourceVersion: Invalid value: \"{s}\": must be a number"
                ))
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(pairs: &[(&str, &str)]) -> Result<Query, Status> {
        let owned: Vec<(String, String)> =
            pairs.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect();
        Query::parse(&owned)
    }

    #[test]
    fn list_and_watch_options_are_read_and_bad_numbers_are_400() {
        let got =
            q(&[("watch", "1"), ("resourceVersion", "42"), ("limit", "5"), ("x", "y")]).unwrap();
        assert!(got.watch);
        assert_eq!((got.rv().unwrap(), got.limit), (42, Some(5)));
        assert_eq!(q(&[("limit", "many")]).unwrap_err().code, 400);
        assert_eq!(q(&[("watch", "maybe")]).unwrap_err().code, 400);
        assert_eq!(q(&[("resourceVersion", "abc")]).unwrap().rv().unwrap_err().code, 400);
        assert_eq!(q(&[("fieldValidation", "Loose")]).unwrap_err().code, 400);
        assert_eq!(q(&[("dryRun", "Some")]).unwrap_err().code, 400);
    }
}
