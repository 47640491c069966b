//! `kubectl describe`: which objects to describe, how several are separated, and what is
//! said when there are none; the text of each object is `printers::describe_with`.
//!
//! Models staging/src/k8s.io/kubectl/pkg/cmd/describe/describe.go (`ToOptions`, `Run`,
//! `DescribeMatchingResources`).

use crate::api::client;
use crate::model::Kind;

use super::args::{self, flag, switch, FlagSpec};
use super::list_selector;
use super::printers;
use super::resource;
use super::{Kubectl, KubectlError, Output};

pub(super) const DESCRIBE_FLAGS: &[FlagSpec] =
    &[flag("namespace", Some('n')), flag("selector", Some('l')), switch("show-events", None)];

pub fn describe(s: &mut Kubectl, argv: &[String], out: &mut Output) -> Result<i32, KubectlError> {
    let a = args::parse(argv, DESCRIBE_FLAGS, "describe")?;
    let sel = resource::select(&a.positional, false)?;
    if sel.items.is_empty() {
        return Err(KubectlError::Usage(
            "You must specify the type of resource to describe. Use \"kubectl api-resources\" for a complete list of supported resources.".into(),
        ));
    }
    let ns = a.get("namespace").unwrap_or("default").to_string();
    let explicit_events =
        if a.has("show-events") { Some(a.bool("show-events", true)?) } else { None };
    let now = s.now();
    let mut found: Vec<(Kind, String)> = Vec::new();
    let mut errors: Vec<String> = Vec::new();
    let mut not_found = None;
    for (kind, names) in &sel.items {
        resource::warn_deprecated(*kind, out);
        if names.is_empty() {
            let labels = a.get("selector").map(str::trim);
            match client::list(s.api(), *kind, &ns, labels, None) {
                Ok(objs) => {
                    found.extend(objs.iter().map(|o| (*kind, o.meta().name.clone())));
                }
                Err(e) => {
                    let labels = labels.unwrap_or_default();
                    errors.push(list_selector::enhance(*kind, labels, "", e).to_string());
                }
            }
        }
        // The builder's GET of each name.
        for name in names {
            match client::get(s.api(), *kind, &ns, name) {
                Ok(_) => found.push((*kind, name.clone())),
                Err(e) => {
                    errors.push(e.to_string());
                    if e.is_not_found() {
                        not_found = Some(e);
                    }
                }
            }
        }
    }
    // `describe TYPE NAME` whose one error is NotFound describes every object of TYPE whose
    // name starts with NAME, each followed by a blank line, without events; if none does,
    // the NotFound stands.
    if let (Some(e), [kind_arg, prefix], 1) = (not_found, a.positional.as_slice(), errors.len()) {
        let kind = sel.items[0].0;
        let mut matched = 0;
        if !kind_arg.contains('/') && sel.items.len() == 1 {
            let show = explicit_events.unwrap_or(false);
            let all = client::list(s.api(), kind, &ns, None, None).unwrap_or_default();
            for o in &all {
                let name = &o.meta().name;
                if !name.starts_with(prefix.as_str()) {
                    continue;
                }
                if let Some(text) = printers::describe_with(s.api(), kind, &ns, name, now, show) {
                    out.out(format!("{text}\n"));
                    matched += 1;
                }
            }
        }
        if matched == 0 {
            out.err(format!("{e}\n"));
            return Ok(1);
        }
        return Ok(0);
    }
    // Events are left out when describing several objects or after an error, unless
    // --show-events says otherwise.
    let show = explicit_events.unwrap_or(errors.is_empty() && found.len() <= 1);
    for (i, (kind, name)) in found.iter().enumerate() {
        if let Some(text) = printers::describe_with(s.api(), *kind, &ns, name, now, show) {
            if i > 0 {
                out.out("\n\n");
            }
            out.out(text);
        }
    }
    if found.is_empty() && errors.is_empty() {
        out.err(format!("No resources found in {ns} namespace.\n"));
    }
    for e in &errors {
        out.err(format!("{e}\n"));
    }
    Ok(if errors.is_empty() { 0 } else { 1 })
}
