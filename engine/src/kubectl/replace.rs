//! `kubectl replace -f -` and `replace --force` (kubectl/pkg/cmd/replace/replace.go): each
//! object of the manifest on standard input is PUT whole (spec and metadata as written; the
//! status subresource keeps its own), or with `--force` deleted, waited for, and created
//! again. Reading the manifest is `manifest.rs`'s; the write is the store's `update`.

use std::rc::Rc;

use crate::model::*;
use crate::store::{ApiError, DeleteOptions, Propagation};

use super::args::{self, flag, switch, FlagSpec};
use super::get::Format;
use super::manifest::{self, Item};
use super::{meta_edit, printers, KubectlError, Output, Session};

const REPLACE_FLAGS: &[FlagSpec] = &[
    flag("filename", Some('f')),
    switch("force", None),
    flag("grace-period", None),
    flag("timeout", None),
    FlagSpec {
        long: "cascade",
        short: None,
        takes_value: true,
        no_opt_default: Some("background"),
    },
    flag("namespace", Some('n')),
    flag("output", Some('o')),
    flag("template", None),
    flag("dry-run", None),
];

/// replace.go forceReplace waits five minutes for the deletions when `--timeout` is 0.
const DEFAULT_TIMEOUT_MS: i64 = 5 * 60 * 1000;

/// One object's failure, as `AddSourceToErr` words it (`error when replacing "STDIN": ...`).
fn with_source(verb: &str, e: &ApiError) -> String {
    format!(
        "Error from server ({}): error when {verb} \"STDIN\": {}",
        e.reason(),
        e.status_message()
    )
}

pub fn replace(
    s: &mut Session,
    argv: &[String],
    stdin: Option<String>,
    out: &mut Output,
) -> Result<i32, KubectlError> {
    let a = args::parse(argv, REPLACE_FLAGS, "replace")?;
    if a.has("dry-run") {
        return Err(KubectlError::Plain(
            "kubeloop: --dry-run is not supported by `kubectl replace` in kubeloop".into(),
        ));
    }
    let force = a.bool("force", false)?;
    // Complete: grace 0 becomes 1 and a wait (replace.go); then the filename is required.
    let grace = match a.int("grace-period")?.unwrap_or(-1) {
        0 => 1,
        g => g,
    };
    let Some(file) = a.get("filename") else {
        return Err(KubectlError::Usage("must specify one of -f and -k".into()));
    };
    let format = match a.get("output").filter(|o| !o.is_empty()) {
        Some(o) => Some(Format::parse_with(Some(o), a.get("template"), None)?.0),
        None => None,
    };
    // Validate.
    if grace >= 0 && !force {
        return Err(KubectlError::Usage("--grace-period must have --force specified".into()));
    }
    let timeout = match a.get("timeout") {
        None => 0,
        Some(t) => super::sandbox::parse_duration(t).ok_or_else(|| {
            KubectlError::Usage(format!(
                "invalid argument \"{t}\" for \"--timeout\" flag: time: invalid duration \"{t}\""
            ))
        })?,
    };
    if timeout != 0 && !force {
        return Err(KubectlError::Usage("--timeout must have --force specified".into()));
    }
    if file != "-" {
        return Err(KubectlError::Plain(
            "kubeloop: there are no files here; pass the manifest on standard input: `kubectl replace -f - <<EOF` ... `EOF`".into(),
        ));
    }
    let ns = a.get("namespace").unwrap_or("default").to_string();
    let stream = manifest::read(stdin.as_deref().unwrap_or(""));
    if stream.items.is_empty() && stream.stopped.is_none() {
        // An empty manifest replaces nothing; forceReplace's DeleteResult finds nothing to
        // delete, and then nothing was created.
        if !force {
            return Ok(0);
        }
        out.out("No resources found\n");
        return Err(KubectlError::Usage("no objects passed to replace".into()));
    }
    let mut errors: Vec<String> = Vec::new();
    let mut objects = Vec::new();
    for item in stream.items {
        match decoded(item, &ns) {
            Ok(o) => objects.push(o),
            Err(e) => errors.push(e),
        }
    }
    if force {
        let cascade = cascade(a.get("cascade").unwrap_or("background"))?;
        let opts = DeleteOptions {
            propagation: Some(cascade),
            grace_period_seconds: (grace >= 0).then_some(grace),
            ..Default::default()
        };
        let limit = if timeout == 0 { DEFAULT_TIMEOUT_MS } else { timeout };
        force_replace(s, objects, &opts, limit, format.as_ref(), &mut errors, out)?;
    } else {
        for obj in objects {
            match put(s, obj) {
                Ok(o) => print(format.as_ref(), &o, out)?,
                Err(e) => errors.push(e),
            }
        }
    }
    if let Some(e) = stream.stopped {
        errors.push(e.to_string());
    }
    for e in &errors {
        out.err(format!("{e}\n"));
    }
    Ok(if errors.is_empty() { 0 } else { 1 })
}

/// The object as the API server decodes it, in the namespace kubectl defaults it to.
fn decoded(item: Item, ns: &str) -> Result<Object, String> {
    let mut obj = item
        .decoded
        .map_err(|m| with_source("replacing", &ApiError::BadRequest { message: m.to_string() }))?;
    if obj.kind() == Kind::Event || obj.kind() == Kind::Node {
        return Err(
            "kubeloop: only Deployments, ReplicaSets, Pods, Services, EndpointSlices and Endpoints can be replaced here".into(),
        );
    }
    if obj.meta().namespace.is_empty() && obj.kind().namespaced() {
        crate::with_kind!(obj.kind(), T => {
            let mut t: T = T::from_object(&obj).cloned().expect("kind checked");
            t.meta_mut().namespace = ns.to_string();
            obj = t.into_object();
        });
    }
    Ok(obj)
}

/// helper.go Replace: a manifest without a resourceVersion overwrites whatever is stored; one
/// with a resourceVersion must match it.
fn put(s: &mut Session, obj: Object) -> Result<Object, String> {
    let kind = obj.kind();
    let (ns, name) = (obj.meta().namespace.clone(), obj.meta().name.clone());
    let Some(current) = super::get::get_named(&s.world.store, kind, &ns, &name) else {
        return Err(with_source("replacing", &ApiError::NotFound { kind, name }));
    };
    let rv = Some(obj.meta().resource_version.as_str()).filter(|v| !v.is_empty());
    meta_edit::check_version(&current, rv).map_err(|e| with_source("replacing", &e))?;
    crate::with_kind!(kind, T => {
        let t: T = T::from_object(&obj).cloned().expect("kind of the object");
        s.world.update(t).map(|o| Rc::unwrap_or_clone(o).into_object())
    })
    .map_err(|e| match e {
        e @ ApiError::Invalid { .. } => e.to_string(),
        e => with_source("replacing", &e),
    })
}

/// replace.go forceReplace: delete everything, wait until each object is gone, then create
/// each one again. A deletion that fails ends the command before anything is created.
fn force_replace(
    s: &mut Session,
    objects: Vec<Object>,
    opts: &DeleteOptions,
    limit_ms: i64,
    format: Option<&Format>,
    errors: &mut Vec<String>,
    out: &mut Output,
) -> Result<(), KubectlError> {
    for obj in &objects {
        let (kind, ns, name) = (obj.kind(), &obj.meta().namespace, &obj.meta().name);
        let deleted = crate::with_kind!(kind, T => s.world.delete::<T>(ns, name, opts).map(|_| ()));
        match deleted {
            Ok(()) => out.out(format!(
                "{}\n",
                printers::deleted_message(kind, name, Some(ns.as_str()), false)
            )),
            Err(e) => errors.push(with_source("deleting", &e)),
        }
    }
    if !errors.is_empty() {
        return Ok(());
    }
    // wait.PollUntilContextTimeout until each is NotFound. The world steps here even in the
    // page: the replacement is one command, as kubectl's is, and it cannot be split.
    let deadline = s.world.now().plus_millis(limit_ms);
    let gone = |s: &Session| {
        objects.iter().all(|o| {
            super::get::get_named(&s.world.store, o.kind(), &o.meta().namespace, &o.meta().name)
                .is_none()
        })
    };
    while !gone(s) {
        if s.world.now() >= deadline {
            return Err(KubectlError::Usage("context deadline exceeded".into()));
        }
        s.world.step();
    }
    for obj in objects {
        // helper.go Create(modify=true) clears resourceVersion; the server sets the rest.
        let kind = obj.kind();
        let created = crate::with_kind!(kind, T => {
            let mut t: T = T::from_object(&obj).cloned().expect("kind of the object");
            let m = t.meta_mut();
            m.resource_version.clear();
            m.uid.clear();
            s.world.create(t).map(|o| Rc::unwrap_or_clone(o).into_object())
        });
        match created {
            Ok(o) => print(format, &o, out)?,
            Err(e @ ApiError::Invalid { .. }) => errors.push(e.to_string()),
            Err(e) => errors.push(with_source("creating", &e)),
        }
    }
    Ok(())
}

/// delete_flags.go GetCascadingStrategy, without the deprecated boolean spellings.
fn cascade(v: &str) -> Result<Propagation, KubectlError> {
    match v {
        "background" => Ok(Propagation::Background),
        "foreground" => Ok(Propagation::Foreground),
        "orphan" => Ok(Propagation::Orphan),
        other => Err(KubectlError::Usage(format!(
            "invalid cascade value ({other}). Must be \"background\", \"foreground\", or \"orphan\""
        ))),
    }
}

fn print(format: Option<&Format>, obj: &Object, out: &mut Output) -> Result<(), KubectlError> {
    meta_edit::print(format, obj, "replaced", out)
}

#[cfg(test)]
mod tests {
    use crate::kubectl::{Mode, Session};
    use crate::world::World;

    const WEB: &str = "k replace -f - <<EOF\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  labels: {app: web, tier: front}\nspec:\n  replicas: 3\n  selector: {matchLabels: {app: web}}\n  template:\n    metadata: {labels: {app: web}}\n    spec:\n      containers: [{name: nginx, image: nginx:1.28}]\nEOF";

    #[test]
    fn replace_overwrites_labels_and_spec_and_needs_the_object() {
        let mut s = Session::new(World::new(1), Mode::Script);
        assert_eq!(
            s.run(WEB).text(),
            "Error from server (NotFound): error when replacing \"STDIN\": deployments.apps \"web\" not found\n"
        );
        assert_eq!(s.run("k create deployment web --image=nginx:1.27").status, 0);
        assert_eq!(s.run(WEB).text(), "deployment.apps/web replaced\n");
        assert_eq!(
            s.run("k get deploy web -o jsonpath={.spec.replicas},{.metadata.labels.tier}").text(),
            "3,front"
        );
    }
}
