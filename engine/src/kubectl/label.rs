//! `kubectl label` (kubectl/pkg/cmd/label/label.go): parsing label pairs, the overwrite check
//! and the labeled/unlabeled message; the flow it shares with `annotate` is `meta_edit.rs`'s.
//! `set image` shares its argument split.

use std::collections::BTreeMap;

use crate::labels::validation::{go_quote, is_valid_label_value};
use crate::model::*;

use super::meta_edit::{self, EditOptions, Field};
use super::{Kubectl, KubectlError, Output};

/// `cmdutil.GetResourcesAndPairs` (kubectl/pkg/cmd/util/helpers.go): resources first, then
/// `KEY=VALUE` or `KEY-` pairs; a resource after a pair is an error.
pub(super) fn resources_and_pairs(
    words: &[String],
    pair_type: &str,
) -> Result<(Vec<String>, Vec<String>), KubectlError> {
    let mut resources = Vec::new();
    let mut pairs = Vec::new();
    for w in words {
        let pair = (w.contains('=') && !w.starts_with('=')) || (w.ends_with('-') && w != "-");
        if pair {
            pairs.push(w.clone());
        } else if pairs.is_empty() {
            resources.push(w.clone());
        } else {
            return Err(KubectlError::Usage(format!(
                "all resources must be specified before {pair_type} changes: {w}"
            )));
        }
    }
    Ok((resources, pairs))
}

/// What one `kubectl label` asks for: labels to set, then keys to remove.
#[derive(Debug, Default, PartialEq)]
struct LabelChanges {
    add: Vec<(String, String)>,
    remove: Vec<String>,
}

/// label.go `parseLabels`: values are checked here, before any request; keys are left to
/// the API server.
fn parse_labels(specs: &[String]) -> Result<LabelChanges, KubectlError> {
    let mut add: Vec<(String, String)> = Vec::new();
    let mut remove: Vec<String> = Vec::new();
    for spec in specs {
        if spec.contains('=') {
            let parts: Vec<&str> = spec.split('=').collect();
            let [k, v] = parts[..] else {
                return Err(KubectlError::Usage(format!("invalid label spec: {spec}")));
            };
            let errs = is_valid_label_value(v);
            if !errs.is_empty() {
                return Err(KubectlError::Usage(format!(
                    "invalid label value: {}: {}",
                    go_quote(spec),
                    errs.join(";")
                )));
            }
            // A Go map: the last value for a key wins.
            add.retain(|(key, _)| key != k);
            add.push((k.to_string(), v.to_string()));
        } else if let Some(k) = spec.strip_suffix('-') {
            remove.push(k.to_string());
        } else {
            return Err(KubectlError::Usage(format!("unknown label spec: {spec}")));
        }
    }
    if remove.iter().any(|r| add.iter().any(|(k, _)| k == r)) {
        return Err(KubectlError::Usage(
            "can not both modify and remove a label in the same command".into(),
        ));
    }
    Ok(LabelChanges { add, remove })
}

/// `kubectl label`, in the order of label.go: Complete (pairs, parseLabels), Validate, the
/// builder, then each object.
pub fn label(s: &mut Kubectl, argv: &[String], out: &mut Output) -> Result<i32, KubectlError> {
    let o = EditOptions::parse(s, argv, "label", out)?;
    let (resources, changes) = resources_and_pairs(&o.a.positional, "label")?;
    let changes = parse_labels(&changes)?;
    let any = !changes.add.is_empty() || !changes.remove.is_empty();
    o.validate(&resources, any, Field::Labels)?;
    let (targets, single) = o.targets(s, &resources, out)?;
    let ns = o.namespace();
    let mut status = 0;
    for (kind, name) in targets {
        if let Err(e) = label_one(s, (kind, &ns, &name), &changes, &o, single, out) {
            out.err(format!("{e}\n"));
            status = 1;
        }
    }
    Ok(status)
}

/// The length of a label map as JSON, for `updateDataChangeMsg`'s size comparison; an object
/// without labels has no `labels` field at all.
fn labels_json_len(labels: &BTreeMap<String, String>, present: bool) -> usize {
    if !present {
        return 0;
    }
    serde_json::to_string(labels).map(|j| j.len() + ",\"labels\":".len()).unwrap_or(0)
}

fn label_one(
    s: &mut Kubectl,
    (kind, ns, name): (Kind, &str, &str),
    changes: &LabelChanges,
    o: &EditOptions,
    single: bool,
    out: &mut Output,
) -> Result<(), KubectlError> {
    let obj = meta_edit::fetch(s, kind, ns, name)?;
    let before = Field::Labels.of(&obj);
    let LabelChanges { add, remove } = changes;
    for k in remove {
        if !before.contains_key(k) {
            out.out(format!("label {} not found.\n", go_quote(k)));
        }
    }
    // labelFunc's validateNoOverwrites: any existing key, even with the same value.
    if !o.overwrite {
        let clashes: Vec<String> = add
            .iter()
            .filter_map(|(k, _)| {
                before
                    .get(k)
                    .map(|v| format!("'{k}' already has a value ({v}), and --overwrite is false"))
            })
            .collect();
        match clashes.as_slice() {
            [] => {}
            [one] => return Err(KubectlError::Usage(one.clone())),
            many => return Err(KubectlError::Usage(format!("[{}]", many.join(", ")))),
        }
    }
    let mut labels = before.clone();
    for (k, v) in add {
        labels.insert(k.clone(), v.clone());
    }
    for k in remove {
        labels.remove(k);
    }
    if o.list {
        meta_edit::list(Field::Labels, &obj, &labels, single, out);
        return Ok(());
    }
    // labelFunc always sets the map, so an object that had none gains an empty one.
    let had = !before.is_empty();
    let changed = labels != before || !had;
    // An empty map on an object without labels is stored as no labels: nothing to write.
    let after = meta_edit::write(
        s,
        &obj,
        Field::Labels,
        labels.clone(),
        o.resource_version.as_deref(),
        o.dry,
    )?;
    // label.go updateDataChangeMsg: "labeled" when the object changed, "unlabeled" when
    // it also got shorter without --overwrite.
    let op = if !changed {
        "not labeled"
    } else if !o.overwrite && labels_json_len(&labels, true) < labels_json_len(&before, had) {
        "unlabeled"
    } else {
        "labeled"
    };
    meta_edit::print(o.format.as_ref(), &after, &o.dry.op(op), out)
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
    fn label_values_are_checked_before_any_request() {
        let err = parse_labels(&words("ok=1 foo=-bad")).unwrap_err().to_string();
        assert!(
            err.starts_with(
                "error: invalid label value: \"foo=-bad\": a valid label must be an empty string"
            ),
            "{err}"
        );
        assert_eq!(
            parse_labels(&words("a=b a-")).unwrap_err().to_string(),
            "error: can not both modify and remove a label in the same command"
        );
        assert_eq!(
            parse_labels(&words("a=b b- a=c")).unwrap(),
            LabelChanges { add: vec![("a".into(), "c".into())], remove: vec!["b".into()] }
        );
    }

    #[test]
    fn pairs_start_at_the_first_key_value_word() {
        assert_eq!(
            resources_and_pairs(&words("deploy web a=b c-"), "label").unwrap(),
            (words("deploy web"), words("a=b c-"))
        );
        // `=x` and `-` are not pairs (helpers.go GetResourcesAndPairs).
        assert_eq!(resources_and_pairs(&words("=x -"), "label").unwrap(), (words("=x -"), vec![]));
    }

    #[test]
    fn an_existing_key_needs_overwrite_even_with_the_same_value() {
        let mut s = session();
        assert_eq!(
            s.run("k label deploy web app=web").text(),
            "error: 'app' already has a value (web), and --overwrite is false\n"
        );
        assert_eq!(
            s.run("k label deploy web app=web --overwrite").text(),
            "deployment.apps/web not labeled\n"
        );
    }

    #[test]
    fn the_message_follows_the_size_of_the_change() {
        let mut s = session();
        assert_eq!(s.run("k label deploy web tier=front").text(), "deployment.apps/web labeled\n");
        assert_eq!(s.run("k label deploy web tier-").text(), "deployment.apps/web unlabeled\n");
        // With --overwrite, every change is "labeled" (label.go updateDataChangeMsg).
        assert_eq!(s.run("k label deploy web x=1").status, 0);
        assert_eq!(
            s.run("k label deploy web x- --overwrite").text(),
            "deployment.apps/web labeled\n"
        );
        assert_eq!(
            s.run("k label deploy web x-").text(),
            "label \"x\" not found.\ndeployment.apps/web not labeled\n"
        );
    }
}
