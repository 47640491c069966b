//! `kubectl apply -f -` and the manifest half of `create -f -`: each object of a manifest is
//! created, or (apply) updated in place.

use std::rc::Rc;

use crate::model::*;
use crate::store::ApiError;

use super::args::{self, flag, switch, FlagSpec};
use super::mutate::ns_of;
use super::printers;
use super::{manifest, KubectlError, Output, Session};

const APPLY_FLAGS: &[FlagSpec] = &[
    flag("filename", Some('f')),
    flag("namespace", Some('n')),
    flag("dry-run", None),
    switch("server-side", None),
];

pub fn apply(
    s: &mut Session,
    argv: &[String],
    stdin: Option<String>,
    out: &mut Output,
) -> Result<i32, KubectlError> {
    let a = args::parse(argv, APPLY_FLAGS, "apply")?;
    if a.has("dry-run") || a.has("server-side") {
        return Err(KubectlError::Plain(
            "kubeloop: --dry-run and --server-side are not supported in kubeloop".into(),
        ));
    }
    let Some(f) = a.get("filename") else {
        return Err(KubectlError::Usage("must specify one of -f and -k".into()));
    };
    from_manifest(s, f, stdin, &ns_of(&a), true, out)
}

pub(super) fn from_manifest(
    s: &mut Session,
    file: &str,
    stdin: Option<String>,
    ns: &str,
    apply: bool,
    out: &mut Output,
) -> Result<i32, KubectlError> {
    if file != "-" {
        return Err(KubectlError::Plain(format!(
            "kubeloop: there are no files here; pass the manifest on standard input: `kubectl {} -f - <<EOF` ... `EOF`",
            if apply { "apply" } else { "create" }
        )));
    }
    let objects = manifest::load(stdin.as_deref().unwrap_or(""))?;
    let mut status = 0;
    for obj in objects {
        let result = match obj {
            Object::Deployment(d) => put(s, Rc::unwrap_or_clone(d), ns, apply),
            Object::ReplicaSet(r) => put(s, Rc::unwrap_or_clone(r), ns, apply),
            Object::Pod(p) => put(s, Rc::unwrap_or_clone(p), ns, apply),
            _ => continue,
        };
        match result {
            Ok(msg) => out.out(format!("{msg}\n")),
            Err(e) => {
                let verb = if apply { "applying patch" } else { "creating" };
                let text = e.to_string();
                let text = match text.split_once("): ") {
                    Some((head, tail)) if head.starts_with("Error from server") => {
                        format!("{head}): error when {verb} \"STDIN\": {tail}")
                    }
                    _ => text,
                };
                out.err(format!("{text}\n"));
                status = 1;
            }
        }
    }
    Ok(status)
}

/// Creates, or (for apply) updates spec, labels and annotations of an existing object.
/// Apply here replaces those fields instead of a three-way merge with last-applied state.
fn put<T: crate::store::Tabled>(
    s: &mut Session,
    mut obj: T,
    ns: &str,
    apply: bool,
) -> Result<String, ApiError> {
    if obj.meta().namespace.is_empty() && T::KIND.namespaced() {
        obj.meta_mut().namespace = ns.to_string();
    }
    let name = obj.meta().name.clone();
    let existing = s.world.store.get::<T>(&obj.meta().namespace, &name).cloned();
    match existing {
        Some(cur) if apply => {
            let mut next = obj.clone();
            {
                let m = next.meta_mut();
                let c = cur.meta();
                m.uid = c.uid.clone();
                m.owner_references = if m.owner_references.is_empty() {
                    c.owner_references.clone()
                } else {
                    m.owner_references.clone()
                };
                m.finalizers = c.finalizers.clone();
            }
            T::keep_unset_on_apply(&mut next, &cur);
            let updated = s.world.update(next)?;
            let op = if updated.meta().resource_version == cur.meta().resource_version {
                "unchanged"
            } else {
                "configured"
            };
            Ok(printers::operation(T::KIND, &name, op))
        }
        _ => {
            let created = s.world.create(obj)?;
            Ok(printers::operation(T::KIND, &created.meta().name, "created"))
        }
    }
}
