//! `kubectl create quota NAME --hard=RESOURCE=QUANTITY,... [--scopes=SCOPE,...]` (alias
//! `resourcequota`). Models staging/src/k8s.io/kubectl/pkg/cmd/create/create_quota.go
//! (`createQuota`, `populateResourceListV1`, `parseScopes`), checked against
//! `kubectl create quota ... --dry-run=client -o yaml` of the real kubectl: quantities kept as
//! written, scopes unchecked (the API server checks them).

use crate::model::*;

use super::args::{self, flag, FlagSpec};
use super::create_config::{meta, name_of, post, usage, without_first_word};
use super::dry_run::{self, DryRun};
use super::{Kubectl, KubectlError, Output};

pub(super) const QUOTA_FLAGS: &[FlagSpec] = &[
    flag("namespace", Some('n')),
    super::dry_run::FLAG,
    flag("output", Some('o')),
    flag("hard", None),
    flag("scopes", None),
];

/// `argv` is what follows `create`; its first word is `quota` or `resourcequota`.
pub fn create_quota(
    s: &mut Kubectl,
    argv: &[String],
    out: &mut Output,
) -> Result<i32, KubectlError> {
    let a = args::parse(&without_first_word(argv, QUOTA_FLAGS), QUOTA_FLAGS, "create quota")?;
    let name = name_of(&a, "quota")?;
    let mut hard = ResourceList::new();
    for statement in a.get("hard").filter(|h| !h.is_empty()).into_iter().flat_map(|h| h.split(','))
    {
        let parts: Vec<&str> = statement.split('=').collect();
        let [resource, value] = parts.as_slice() else {
            return Err(usage(format!(
                "Invalid argument syntax {statement}, expected <resource>=<value>"
            )));
        };
        quantity::parse(value).map_err(|e| usage(e.to_string()))?;
        hard.insert((*resource).to_string(), (*value).to_string());
    }
    let mut scopes = Vec::new();
    for scope in a.get("scopes").filter(|s| !s.is_empty()).into_iter().flat_map(|s| s.split(',')) {
        if scope.is_empty() {
            return Err(usage("invalid resource quota scope \"\""));
        }
        scopes.push(scope.to_string());
    }
    let quota = ResourceQuota {
        api_version: "v1".into(),
        kind: "ResourceQuota".into(),
        metadata: meta(&name, &a),
        spec: QuotaSpec { hard, scopes, scope_selector: None },
        status: QuotaStatus::default(),
    };
    let output = dry_run::output_format(a.get("output"))?;
    let dry = DryRun::from_args(&a, s.now(), out)?;
    post(s, quota.into_object(), &a, output, dry, "quota", out)
}

#[cfg(test)]
mod tests {
    use crate::session::Session;

    fn run(line: &str) -> String {
        Session::script(1).run(line).text()
    }

    /// kubectl 1.33's `create quota ... --dry-run=client -o yaml` and its refusals.
    #[test]
    fn the_generator_builds_what_kubectl_builds() {
        assert_eq!(
            run("k create quota q --hard=cpu=1,memory=1G,pods=2 --scopes=BestEffort,NotTerminating --dry-run=client -o yaml"),
            "apiVersion: v1\nkind: ResourceQuota\nmetadata:\n  creationTimestamp: null\n  name: q\nspec:\n  hard:\n    cpu: \"1\"\n    memory: 1G\n    pods: \"2\"\n  scopes:\n  - BestEffort\n  - NotTerminating\nstatus: {}\n"
        );
        assert_eq!(
            run("k create quota q --dry-run=client -o yaml"),
            "apiVersion: v1\nkind: ResourceQuota\nmetadata:\n  creationTimestamp: null\n  name: q\nspec: {}\nstatus: {}\n"
        );
        for (line, err) in [
            ("k create quota q --hard=cpu", "error: Invalid argument syntax cpu, expected <resource>=<value>\n"),
            ("k create quota q --hard=cpu=x", "error: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'\n"),
            ("k create quota q --scopes=a,,", "error: invalid resource quota scope \"\"\n"),
        ] {
            assert_eq!(run(line), err, "{line}");
        }
        assert_eq!(run("k create quota q --hard=pods=1"), "resourcequota/q created\n");
        assert!(run("k create quota q --hard=widgets=1").starts_with("error: failed to create quota: ResourceQuota \"q\" is invalid: spec.hard[widgets]: Invalid value: \"widgets\": must be a standard resource for quota"));
    }
}
