//! `kubectl label` and `kubectl set image` (kubectl/pkg/cmd/label, kubectl/pkg/cmd/set).

use crate::model::*;
use crate::store::ApiError;

use super::args::{self, flag, switch, FlagSpec};
use super::get::{get_named, list_kind, parse_selector};
use super::printers;
use super::resource;
use super::{KubectlError, Output, Session};

fn ns_of(a: &args::Args) -> String {
    a.get("namespace").unwrap_or("default").to_string()
}

const LABEL_FLAGS: &[FlagSpec] = &[
    switch("overwrite", None),
    flag("namespace", Some('n')),
    flag("selector", Some('l')),
    switch("all", None),
];

pub fn label(s: &mut Session, argv: &[String], out: &mut Output) -> Result<i32, KubectlError> {
    let a = args::parse(argv, LABEL_FLAGS, "label")?;
    let overwrite = a.bool("overwrite", false)?;
    let (changes, resources): (Vec<String>, Vec<String>) = a
        .positional
        .iter()
        .cloned()
        .partition(|w| w.contains('=') || (w.ends_with('-') && !w.contains('/')));
    if changes.is_empty() {
        return Err(KubectlError::Usage("at least one label update is required".into()));
    }
    let mut add: Vec<(String, String)> = Vec::new();
    let mut remove: Vec<String> = Vec::new();
    for c in &changes {
        if let Some((k, v)) = c.split_once('=') {
            add.push((k.into(), v.into()));
        } else {
            remove.push(c.trim_end_matches('-').into());
        }
    }
    let ns = ns_of(&a);
    let sel = resource::select(&resources, false)?;
    let label_sel = parse_selector(a.get("selector"))?;
    let mut status = 0;
    for (kind, names) in &sel.items {
        let names: Vec<String> = if names.is_empty() {
            if !a.has("selector") && !a.bool("all", false)? {
                return Err(KubectlError::Usage(
                    "resource(s) were provided, but no name was specified".into(),
                ));
            }
            list_kind(&s.world.store, *kind, Some(&ns), &label_sel)
                .iter()
                .map(|o| o.meta().name.clone())
                .collect()
        } else {
            names.clone()
        };
        for name in names {
            match label_one(s, *kind, &ns, &name, &add, &remove, overwrite, out) {
                Ok(()) => {}
                Err(e) => {
                    out.err(format!("{e}\n"));
                    status = 1;
                }
            }
        }
    }
    Ok(status)
}

#[allow(clippy::too_many_arguments)]
fn label_one(
    s: &mut Session,
    kind: Kind,
    ns: &str,
    name: &str,
    add: &[(String, String)],
    remove: &[String],
    overwrite: bool,
    out: &mut Output,
) -> Result<(), KubectlError> {
    let Some(obj) = get_named(&s.world.store, kind, ns, name) else {
        return Err(ApiError::NotFound { kind, name: name.into() }.into());
    };
    let mut labels = obj.meta().labels.clone();
    for (k, v) in add {
        if let Some(old) = labels.get(k) {
            if !overwrite && old != v {
                return Err(KubectlError::Usage(format!(
                    "'{k}' already has a value ({old}), and --overwrite is false"
                )));
            }
        }
    }
    let before = labels.clone();
    let mut removed_any = false;
    for k in remove {
        if labels.remove(k).is_none() {
            out.out(format!("label \"{k}\" not found.\n"));
        } else {
            removed_any = true;
        }
    }
    let mut added_any = false;
    for (k, v) in add {
        if labels.insert(k.clone(), v.clone()).as_ref() != Some(v) {
            added_any = true;
        }
    }
    if labels != before {
        set_labels(s, kind, ns, name, labels)?;
    }
    let op = match (added_any, removed_any) {
        (true, true) => "modified",
        (true, false) => "labeled",
        (false, true) => "unlabeled",
        (false, false) => "not labeled",
    };
    out.out(format!("{}\n", printers::operation(kind, name, op)));
    Ok(())
}

fn set_labels(
    s: &mut Session,
    kind: Kind,
    ns: &str,
    name: &str,
    labels: Labels,
) -> Result<(), ApiError> {
    match kind {
        Kind::Deployment => {
            s.world.modify::<Deployment>(ns, name, |o| o.metadata.labels = labels).map(|_| ())
        }
        Kind::ReplicaSet => {
            s.world.modify::<ReplicaSet>(ns, name, |o| o.metadata.labels = labels).map(|_| ())
        }
        Kind::Pod => s.world.modify::<Pod>(ns, name, |o| o.metadata.labels = labels).map(|_| ()),
        Kind::Node => s.world.modify::<Node>("", name, |o| o.metadata.labels = labels).map(|_| ()),
        Kind::Event => {
            s.world.modify::<Event>(ns, name, |o| o.metadata.labels = labels).map(|_| ())
        }
    }
}

const SET_FLAGS: &[FlagSpec] = &[flag("namespace", Some('n'))];

pub fn set(s: &mut Session, argv: &[String], out: &mut Output) -> Result<i32, KubectlError> {
    let a = args::parse(argv, SET_FLAGS, "set image")?;
    match a.positional.first().map(String::as_str) {
        Some("image") => {}
        Some(other) => {
            return Err(KubectlError::Plain(format!(
                "kubeloop: `kubectl set {other}` is not supported in kubeloop"
            )))
        }
        None => {
            return Err(KubectlError::Usage(
                "you must specify a subcommand such as `set image`".into(),
            ))
        }
    }
    let words = &a.positional[1..];
    let (pairs, resources): (Vec<String>, Vec<String>) =
        words.iter().cloned().partition(|w| w.contains('='));
    if pairs.is_empty() {
        return Err(KubectlError::Usage("at least one image update is required".into()));
    }
    let ns = ns_of(&a);
    let sel = resource::select(&resources, false)?;
    let mut status = 0;
    for (kind, names) in &sel.items {
        for name in names {
            let r = set_image_one(s, *kind, &ns, name, &pairs);
            match r {
                Ok(true) => {
                    out.out(format!("{}\n", printers::operation(*kind, name, "image updated")))
                }
                Ok(false) => {}
                Err(e) => {
                    out.err(format!("{e}\n"));
                    status = 1;
                }
            }
        }
    }
    Ok(status)
}

fn apply_images(spec: &mut PodSpec, pairs: &[String]) -> Result<bool, KubectlError> {
    let mut changed = false;
    for p in pairs {
        let (c, img) = p.split_once('=').unwrap_or((p, ""));
        let mut found = false;
        for cont in spec.containers.iter_mut().filter(|x| c == "*" || x.name == c) {
            found = true;
            changed |= cont.image != img;
            cont.image = img.to_string();
        }
        if !found {
            return Err(KubectlError::Usage(format!("unable to find container named \"{c}\"")));
        }
    }
    Ok(changed)
}

fn set_image_one(
    s: &mut Session,
    kind: Kind,
    ns: &str,
    name: &str,
    pairs: &[String],
) -> Result<bool, KubectlError> {
    let mut err = None;
    let res = match kind {
        Kind::Deployment => s
            .world
            .modify::<Deployment>(ns, name, |d| {
                if let Err(e) = apply_images(&mut d.spec.template.spec, pairs) {
                    err = Some(e)
                }
            })
            .map(|_| ()),
        Kind::ReplicaSet => s
            .world
            .modify::<ReplicaSet>(ns, name, |d| {
                if let Err(e) = apply_images(&mut d.spec.template.spec, pairs) {
                    err = Some(e)
                }
            })
            .map(|_| ()),
        Kind::Pod => s
            .world
            .modify::<Pod>(ns, name, |p| {
                if let Err(e) = apply_images(&mut p.spec, pairs) {
                    err = Some(e)
                }
            })
            .map(|_| ()),
        _ => return Err(KubectlError::Usage(format!("cannot set image on {}", kind.plural()))),
    };
    if let Some(e) = err {
        return Err(e);
    }
    res?;
    Ok(true)
}
