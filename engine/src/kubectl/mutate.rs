//! Verbs that create or resize objects: create, apply, run and scale.

use std::collections::BTreeMap;
use std::rc::Rc;

use crate::model::*;
use crate::store::ApiError;

use super::args::{self, flag, switch, FlagSpec};
use super::printers;
use super::resource;
use super::{manifest, KubectlError, Output, Session};

/// The most replicas kubeloop accepts on one object, so a typo cannot freeze the page.
pub const MAX_REPLICAS: i64 = 100_000;

fn ns_of(a: &args::Args) -> String {
    a.get("namespace").unwrap_or("default").to_string()
}

fn replicas_flag(a: &args::Args) -> Result<Option<i32>, KubectlError> {
    let Some(n) = a.int("replicas")? else { return Ok(None) };
    if n > i64::from(i32::MAX) {
        return Err(KubectlError::Usage(format!(
            "invalid argument \"{n}\" for \"--replicas\" flag: value out of range for int32"
        )));
    }
    if n > MAX_REPLICAS {
        return Err(KubectlError::Plain(format!(
            "kubeloop: --replicas={n} is more than this sandbox runs ({MAX_REPLICAS} at most)"
        )));
    }
    Ok(Some(n as i32))
}

const CREATE_FLAGS: &[FlagSpec] = &[
    flag("image", None),
    flag("replicas", Some('r')),
    flag("port", None),
    flag("namespace", Some('n')),
    flag("filename", Some('f')),
    flag("dry-run", None),
    flag("output", Some('o')),
];

/// The container name `kubectl create deployment` derives from an image
/// (create_deployment.go `buildPodSpec` and `sanitizeAndUniquify`).
fn container_name(image: &str, s: &mut Session) -> String {
    let last = image.rsplit('/').next().unwrap_or(image);
    let last = last.split('@').next().unwrap_or(last);
    let last = last.split(':').next().unwrap_or(last);
    if last.contains('_') || last.contains('.') {
        let base = last.replace(['_', '.'], "-");
        format!("{base}-{}", s.world.rng().string(5))
    } else {
        last.to_string()
    }
}

pub fn create(
    s: &mut Session,
    argv: &[String],
    stdin: Option<String>,
    out: &mut Output,
) -> Result<i32, KubectlError> {
    let a = args::parse(argv, CREATE_FLAGS, "create")?;
    if a.has("dry-run") {
        return Err(KubectlError::Plain("kubeloop: --dry-run is not supported in kubeloop".into()));
    }
    if let Some(f) = a.get("filename") {
        return from_manifest(s, f, stdin, &ns_of(&a), false, out);
    }
    let ns = ns_of(&a);
    match a.positional.first().map(String::as_str) {
        Some("deployment" | "deploy") => {
            let Some(name) = a.positional.get(1) else {
                return Err(KubectlError::Usage("NAME is required for deployment".into()));
            };
            let images: Vec<String> = a.repeated.get("image").cloned().unwrap_or_default();
            if images.is_empty() {
                return Err(KubectlError::Usage("required flag(s) \"image\" not set".into()));
            }
            let replicas = replicas_flag(&a)?.unwrap_or(1);
            let labels: Labels = [("app".to_string(), name.clone())].into();
            let mut containers = Vec::new();
            for image in &images {
                let mut c = Container::new(container_name(image, s), image.clone());
                if let Some(p) = a.int("port")? {
                    c.ports.push(ContainerPort { container_port: p as i32, ..Default::default() });
                }
                containers.push(c);
            }
            let d = Deployment {
                api_version: "apps/v1".into(),
                kind: "Deployment".into(),
                metadata: ObjectMeta { name: name.clone(), namespace: ns, labels: labels.clone(), ..Default::default() },
                spec: DeploymentSpec {
                    replicas,
                    selector: LabelSelector { match_labels: labels.clone(), ..Default::default() },
                    template: PodTemplateSpec {
                        metadata: ObjectMeta { labels, ..Default::default() },
                        spec: PodSpec { containers, ..Default::default() },
                    },
                    ..Default::default()
                },
                status: Default::default(),
            };
            match s.world.create(d) {
                Ok(d) => {
                    out.out(format!("{}\n", printers::operation(Kind::Deployment, &d.metadata.name, "created")));
                    Ok(0)
                }
                Err(e @ ApiError::AlreadyExists { .. }) => Err(KubectlError::Usage(format!(
                    "failed to create deployment: {}",
                    e.to_string().trim_start_matches("Error from server (AlreadyExists): ")
                ))),
                Err(e) => Err(e.into()),
            }
        }
        Some("namespace" | "ns") => {
            let Some(name) = a.positional.get(1) else {
                return Err(KubectlError::Usage("exactly one NAME is required, got 0".into()));
            };
            s.world.store.create_namespace(name)?;
            out.out(format!("namespace/{name} created\n"));
            Ok(0)
        }
        Some(other) => Err(KubectlError::Plain(format!(
            "kubeloop: `kubectl create {other}` is not supported in kubeloop (try `create deployment`, `create namespace` or `create -f -`)"
        ))),
        None => Err(KubectlError::Usage(
            "must specify one of -f and -k\n\nSee 'kubectl create -h' for help and examples".into(),
        )),
    }
}

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

fn from_manifest(
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

const RUN_FLAGS: &[FlagSpec] = &[
    flag("image", None),
    flag("labels", Some('l')),
    flag("namespace", Some('n')),
    flag("restart", None),
    flag("port", None),
    flag("dry-run", None),
    flag("command", None),
];

pub fn run(s: &mut Session, argv: &[String], out: &mut Output) -> Result<i32, KubectlError> {
    let a = args::parse(argv, RUN_FLAGS, "run")?;
    let Some(name) = a.positional.first() else {
        return Err(KubectlError::Usage("NAME is required for run".into()));
    };
    let Some(image) = a.get("image") else {
        return Err(KubectlError::Usage("required flag(s) \"image\" not set".into()));
    };
    let labels: Labels = match a.get("labels") {
        Some(l) => parse_label_list(l)?,
        None => [("run".to_string(), name.clone())].into(),
    };
    let restart = match a.get("restart").unwrap_or("Always") {
        r @ ("Always" | "OnFailure" | "Never") => r.to_string(),
        r => return Err(KubectlError::Usage(format!("invalid restart policy: {r}"))),
    };
    let mut c = Container::new(name.clone(), image);
    if let Some(p) = a.int("port")? {
        c.ports.push(ContainerPort { container_port: p as i32, ..Default::default() });
    }
    let pod = Pod::new(
        ObjectMeta { name: name.clone(), namespace: ns_of(&a), labels, ..Default::default() },
        PodSpec { containers: vec![c], restart_policy: Some(restart.into()), ..Default::default() },
    );
    let p = s.world.create(pod)?;
    out.out(format!("pod/{} created\n", p.metadata.name));
    Ok(0)
}

fn parse_label_list(l: &str) -> Result<Labels, KubectlError> {
    let mut labels = BTreeMap::new();
    for pair in l.split(',').filter(|p| !p.is_empty()) {
        let Some((k, v)) = pair.split_once('=') else {
            return Err(KubectlError::Usage(format!("invalid label spec: {pair}")));
        };
        labels.insert(k.to_string(), v.to_string());
    }
    Ok(labels.into())
}

const SCALE_FLAGS: &[FlagSpec] = &[
    flag("replicas", None),
    flag("namespace", Some('n')),
    flag("current-replicas", None),
    flag("selector", Some('l')),
    switch("all", None),
];

pub fn scale(s: &mut Session, argv: &[String], out: &mut Output) -> Result<i32, KubectlError> {
    let a = args::parse(argv, SCALE_FLAGS, "scale")?;
    let replicas = match a.int("replicas") {
        Ok(Some(n)) if n < 0 => None,
        Ok(Some(_)) => replicas_flag(&a)?,
        Ok(None) => None,
        Err(e) => return Err(e),
    };
    let Some(replicas) = replicas else {
        return Err(KubectlError::Usage(
            "The --replicas=COUNT flag is required, and COUNT must be greater than or equal to 0"
                .into(),
        ));
    };
    let ns = ns_of(&a);
    let sel = resource::select(&a.positional, false)?;
    let mut status = 0;
    for (kind, names) in &sel.items {
        if names.is_empty() {
            return Err(KubectlError::Usage(
                "resource(s) were provided, but no name was specified".into(),
            ));
        }
        for name in names {
            let res = match kind {
                Kind::Deployment => s
                    .world
                    .modify::<Deployment>(&ns, name, |d| d.spec.replicas = replicas)
                    .map(|_| ()),
                Kind::ReplicaSet => s
                    .world
                    .modify::<ReplicaSet>(&ns, name, |r| r.spec.replicas = replicas)
                    .map(|_| ()),
                other => {
                    return Err(KubectlError::Plain(format!(
                    "error: cannot scale {}: only deployments and replicasets scale in kubeloop",
                    other.plural()
                )))
                }
            };
            match res {
                Ok(()) => out.out(format!("{}\n", printers::operation(*kind, name, "scaled"))),
                Err(e) => {
                    out.err(format!("{e}\n"));
                    status = 1;
                }
            }
        }
    }
    Ok(status)
}
