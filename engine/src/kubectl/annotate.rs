//! `kubectl annotate` (kubectl/pkg/cmd/annotate/annotate.go): parsing `KEY=VALUE` and `KEY-`,
//! the overwrite check and the `annotated` message. The flow it shares with `label` (targets,
//! `--list`, `--resource-version`, the write, `-o`) is `meta_edit.rs`'s.

use std::collections::BTreeMap;

use crate::model::Kind;

use super::label::resources_and_pairs;
use super::meta_edit::{self, EditOptions, Field};
use super::{Kubectl, KubectlError, Output};

/// polymorphichelpers.ChangeCauseAnnotation, which `--overwrite` never guards.
const CHANGE_CAUSE: &str = "kubernetes.io/change-cause";

/// What one `kubectl annotate` asks for: annotations to set (a Go map, so the last value for
/// a key wins), then keys to remove in the order given.
#[derive(Debug, Default, PartialEq)]
struct Changes {
    add: BTreeMap<String, String>,
    remove: Vec<String>,
}

/// cmdutil.ParsePairs(args, "annotation", true) and annotate.go validateAnnotations.
fn parse_annotations(pairs: &[String]) -> Result<Changes, KubectlError> {
    let mut c = Changes::default();
    let mut invalid = Vec::new();
    for p in pairs {
        if let (Some((k, v)), false) = (p.split_once('='), p.starts_with('=')) {
            c.add.insert(k.to_string(), v.to_string());
        } else if p.ends_with('-') && p != "-" {
            c.remove.push(p[..p.len() - 1].to_string());
        } else {
            invalid.push(p.as_str());
        }
    }
    if !invalid.is_empty() {
        return Err(KubectlError::Usage(format!(
            "invalid annotation format: {}",
            invalid.join(", ")
        )));
    }
    Ok(c)
}

fn validate_changes(c: &Changes) -> Result<(), KubectlError> {
    let both: Vec<&str> =
        c.remove.iter().filter(|k| c.add.contains_key(*k)).map(String::as_str).collect();
    if both.is_empty() {
        return Ok(());
    }
    Err(KubectlError::Usage(format!(
        "can not both modify and remove the following annotation(s) in the same command: {}",
        both.join(", ")
    )))
}

/// `kubectl annotate`, in the order of annotate.go: Complete (output, pairs), Validate, the
/// builder, then each object.
pub fn annotate(s: &mut Kubectl, argv: &[String], out: &mut Output) -> Result<i32, KubectlError> {
    let o = EditOptions::parse(s, argv, "annotate", out)?;
    let (resources, pairs) = resources_and_pairs(&o.a.positional, "annotation")?;
    let changes = parse_annotations(&pairs)?;
    let any = !changes.add.is_empty() || !changes.remove.is_empty();
    o.validate(&resources, any, Field::Annotations)?;
    validate_changes(&changes)?;
    let (targets, single) = o.targets(s, &resources, out)?;
    let ns = o.namespace();
    let mut status = 0;
    for (kind, name) in targets {
        if let Err(e) = annotate_one(s, (kind, &ns, &name), &changes, &o, single, out) {
            out.err(format!("{e}\n"));
            status = 1;
        }
    }
    Ok(status)
}

fn annotate_one(
    s: &mut Kubectl,
    (kind, ns, name): (Kind, &str, &str),
    changes: &Changes,
    o: &EditOptions,
    single: bool,
    out: &mut Output,
) -> Result<(), KubectlError> {
    let obj = meta_edit::fetch(s, kind, ns, name)?;
    let before = Field::Annotations.of(&obj);
    // validateNoAnnotationOverwrites: any existing key but the change cause.
    if !o.overwrite {
        let clashes: Vec<String> = changes
            .add
            .keys()
            .filter(|k| *k != CHANGE_CAUSE)
            .filter_map(|k| before.get(k).map(|v| format!("'{k}' already has a value ({v})")))
            .collect();
        if !clashes.is_empty() {
            return Err(KubectlError::Usage(format!(
                "--overwrite is false but found the following declared annotation(s): {}",
                clashes.join("; ")
            )));
        }
    }
    let mut after = before;
    for (k, v) in &changes.add {
        after.insert(k.clone(), v.clone());
    }
    for k in &changes.remove {
        after.remove(k);
    }
    if o.list {
        meta_edit::list(Field::Annotations, &obj, &after, single, out);
        return Ok(());
    }
    let written =
        meta_edit::write(s, &obj, Field::Annotations, after, o.resource_version.as_deref(), o.dry)?;
    // The printer is made with "annotated" whatever changed (annotate.go NewAnnotateOptions).
    meta_edit::print(o.format.as_ref(), &written, &o.dry.op("annotated"), out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::Session;

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    fn session() -> Session {
        let mut s = Session::script(1);
        assert_eq!(s.run("k create deployment web --image=nginx:1.27").status, 0);
        s
    }

    #[test]
    fn values_may_hold_equals_signs_and_the_last_one_wins() {
        let c = parse_annotations(&words("a=b=c x=1 x=2 gone-")).unwrap();
        assert_eq!(c.add.get("a").map(String::as_str), Some("b=c"));
        assert_eq!(c.add.get("x").map(String::as_str), Some("2"));
        assert_eq!(c.remove, vec!["gone".to_string()]);
        let both = parse_annotations(&words("a=1 a- b=2 b-")).unwrap();
        assert_eq!(
            validate_changes(&both).unwrap_err().to_string(),
            "error: can not both modify and remove the following annotation(s) in the same command: a, b"
        );
    }

    #[test]
    fn overwrite_is_needed_for_existing_keys_except_the_change_cause() {
        let mut s = session();
        assert_eq!(
            s.run("k annotate deploy web a=1 b=2").text(),
            "deployment.apps/web annotated\n"
        );
        assert_eq!(
            s.run("k annotate deploy web b=3 a=4").text(),
            "error: --overwrite is false but found the following declared annotation(s): 'a' already has a value (1); 'b' already has a value (2)\n"
        );
        assert_eq!(s.run("k annotate deploy web a=4 --overwrite").status, 0);
        assert_eq!(s.run("k annotate deploy web kubernetes.io/change-cause=x").status, 0);
        assert_eq!(s.run("k annotate deploy web kubernetes.io/change-cause=y").status, 0);
        assert_eq!(s.run("k get deploy web -o jsonpath={.metadata.annotations.a}").text(), "4");
    }

    #[test]
    fn list_shows_the_edit_without_sending_it() {
        let mut s = session();
        assert_eq!(s.run("k annotate deploy web --list z=1").text(), "z=1\n");
        assert_eq!(s.run("k get deploy web -o jsonpath={.metadata.annotations.z}").text(), "");
    }
}
