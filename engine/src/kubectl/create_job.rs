//! `kubectl create job NAME --image=IMG [-- COMMAND...]`, `kubectl create job NAME
//! --from=cronjob/CJ`, and `kubectl create cronjob NAME --image=IMG --schedule=SPEC
//! [--restart=...] [-- COMMAND...]`.
//!
//! Models staging/src/k8s.io/kubectl/pkg/cmd/create/create_job.go (`Complete`, `Validate`,
//! `createJob`, `createJobFromCronJob`) and create_cronjob.go (`Complete`, `Validate`,
//! `createCronJob`), with create.go's `NameFromCommandArgs` (NAME is the only word before
//! `--`; the command is everything after it). Objects are checked against `kubectl create
//! job|cronjob ... --dry-run=client -o yaml|json` of the real kubectl. The flags kubeloop has
//! no use for (`--save-config`, `--template`, ...) are unknown flags here.

use serde_json::{Map, Value};

use crate::api::client;
use crate::model::*;

use super::args::{self, flag, FlagSpec};
use super::dry_run::{self, DryRun};
use super::{Kubectl, KubectlError, Output};

pub(super) const JOB_FLAGS: &[FlagSpec] = &[
    flag("image", None),
    flag("from", None),
    flag("namespace", Some('n')),
    super::dry_run::FLAG,
    flag("output", Some('o')),
];

pub(super) const CRONJOB_FLAGS: &[FlagSpec] = &[
    flag("image", None),
    flag("schedule", None),
    flag("restart", None),
    flag("namespace", Some('n')),
    super::dry_run::FLAG,
    flag("output", Some('o')),
];

/// `argv` is what follows `create`; its first word is `job`, `cronjob` or `cj`.
pub fn create(s: &mut Kubectl, argv: &[String], out: &mut Output) -> Result<i32, KubectlError> {
    let specs = JOB_FLAGS.iter().chain(CRONJOB_FLAGS).copied().collect::<Vec<_>>();
    let Some(at) = args::first_word(argv, &specs).and_then(|w| argv.iter().position(|a| a == w))
    else {
        return Err(KubectlError::Usage("must specify one of -f and -k".into()));
    };
    let sub = if argv[at] == "job" { "job" } else { "cronjob" };
    let rest: Vec<String> =
        argv.iter().enumerate().filter(|(i, _)| *i != at).map(|(_, a)| a.clone()).collect();
    // cobra's ArgsLenAtDash: what follows `--` is the command, flags and all.
    let dash = rest.iter().position(|w| w == "--");
    let (before, command) = match dash {
        Some(i) => (&rest[..i], rest[i + 1..].to_vec()),
        None => (&rest[..], Vec::new()),
    };
    let verb = format!("create {sub}");
    if sub == "job" {
        let a = args::parse(before, JOB_FLAGS, &verb)?;
        create_job(s, &a, command, out)
    } else {
        let a = args::parse(before, CRONJOB_FLAGS, &verb)?;
        create_cronjob(s, &a, command, out)
    }
}

/// `NameFromCommandArgs`: exactly one word before `--`.
fn name_of(a: &args::Args, sub: &str) -> Result<String, KubectlError> {
    match a.positional.as_slice() {
        [one] => Ok(one.clone()),
        more => Err(KubectlError::Usage(format!(
            "exactly one NAME is required, got {}\nSee 'kubectl create {sub} -h' for help and examples",
            more.len()
        ))),
    }
}

fn namespace_of(a: &args::Args) -> String {
    a.get("namespace").unwrap_or_default().to_string()
}

fn container(name: &str, image: &str, command: Vec<String>) -> Container {
    let mut c = Container::new(name, image);
    c.command = (!command.is_empty()).then_some(command);
    c
}

fn create_job(
    s: &mut Kubectl,
    a: &args::Args,
    command: Vec<String>,
    out: &mut Output,
) -> Result<i32, KubectlError> {
    let name = name_of(a, "job")?;
    let image = a.get("image").unwrap_or_default();
    let from = a.get("from").unwrap_or_default();
    // create_job.go Validate.
    if image.is_empty() == from.is_empty() {
        return Err(KubectlError::Usage("either --image or --from must be specified".into()));
    }
    if !command.is_empty() && !from.is_empty() {
        return Err(KubectlError::Usage("cannot specify --from and command".into()));
    }
    let output = dry_run::output_format(a.get("output"))?;
    let dry = DryRun::from_args(a, s.now(), out)?;
    let ns = namespace_of(a);
    let job = if image.is_empty() {
        let cj = from_cronjob(s, from, if ns.is_empty() { "default" } else { &ns })?;
        job_from_cronjob(&name, &ns, &cj)
    } else {
        Job {
            api_version: "batch/v1".into(),
            kind: "Job".into(),
            metadata: ObjectMeta { name: name.clone(), namespace: ns, ..Default::default() },
            spec: JobSpec {
                template: PodTemplateSpec {
                    metadata: ObjectMeta::default(),
                    spec: PodSpec {
                        containers: vec![container(&name, image, command)].into(),
                        restart_policy: Some("Never".into()),
                        ..Default::default()
                    },
                },
                ..Default::default()
            },
            status: Default::default(),
        }
    };
    // create_job.go Run: the Job POSTed with fieldManager `kubectl-create`.
    let ns = if job.metadata.namespace.is_empty() { "default" } else { &job.metadata.namespace };
    let ns = ns.to_string();
    match dry.post(s, job.into_object(), &ns, "kubectl-create") {
        Ok(j) => {
            out.out(print(&j, output, dry));
            Ok(0)
        }
        // create_job.go Run: `failed to create job: %v`.
        Err(e) => Err(KubectlError::Usage(format!("failed to create job: {}", e.message))),
    }
}

/// The CronJob `--from` names: `cronjob/NAME` (or `cronjobs/`, `cj/`, `cronjob.batch/`),
/// fetched from the server as the resource builder does (one GET).
fn from_cronjob(s: &mut Kubectl, from: &str, ns: &str) -> Result<CronJob, KubectlError> {
    let Some((kind, name)) = from.split_once('/') else {
        // The builder reads a lone word as a resource type with no name.
        return Err(KubectlError::Usage(
            "resource(s) were provided, but no name was specified".into(),
        ));
    };
    match kind {
        "cronjob" | "cronjobs" | "cj" | "cronjob.batch" | "cronjobs.batch" => {}
        "job" | "jobs" | "deployment" | "deployments" | "deploy" | "pod" | "pods" | "po"
        | "replicaset" | "replicasets" | "rs" | "service" | "services" | "svc" => {
            // create_job.go Run: any object but a CronJob.
            return Err(KubectlError::Usage(format!("unknown object type {}", go_type(kind))));
        }
        other => {
            return Err(KubectlError::Usage(format!(
                "the server doesn't have a resource type \"{other}\""
            )))
        }
    }
    match client::get(s.api(), Kind::CronJob, ns, name)? {
        Object::CronJob(cj) => Ok((*cj).clone()),
        other => Err(KubectlError::Plain(format!(
            "kubeloop: the server answered a {} for a CronJob",
            other.kind().as_str()
        ))),
    }
}

/// The Go type kubectl names in `unknown object type %T`.
fn go_type(kind: &str) -> &'static str {
    match kind {
        "job" | "jobs" => "*v1.Job",
        "deployment" | "deployments" | "deploy" => "*v1.Deployment",
        "pod" | "pods" | "po" => "*v1.Pod",
        "replicaset" | "replicasets" | "rs" => "*v1.ReplicaSet",
        _ => "*v1.Service",
    }
}

/// `createJobFromCronJob`: the template's spec and labels, its annotations plus
/// `cronjob.kubernetes.io/instantiate: manual`, and a controller reference to the CronJob
/// (without blockOwnerDeletion, as kubectl writes it).
fn job_from_cronjob(name: &str, ns: &str, cj: &CronJob) -> Job {
    let t = &cj.spec.job_template;
    let mut annotations = std::collections::BTreeMap::new();
    annotations.insert("cronjob.kubernetes.io/instantiate".to_string(), "manual".to_string());
    annotations.extend(t.metadata.annotations.clone());
    let mut owner = OwnerReference::controller("batch/v1", "CronJob", &cj.metadata);
    owner.block_owner_deletion = None;
    Job {
        api_version: "batch/v1".into(),
        kind: "Job".into(),
        metadata: ObjectMeta {
            name: name.into(),
            namespace: ns.into(),
            annotations,
            labels: t.metadata.labels.clone(),
            owner_references: vec![owner],
            ..Default::default()
        },
        spec: t.spec.clone(),
        status: Default::default(),
    }
}

fn create_cronjob(
    s: &mut Kubectl,
    a: &args::Args,
    command: Vec<String>,
    out: &mut Output,
) -> Result<i32, KubectlError> {
    // Both are cobra-required flags, checked before the command's own NAME check.
    let missing: Vec<&str> = ["image", "schedule"].into_iter().filter(|f| !a.has(f)).collect();
    if !missing.is_empty() {
        let list: Vec<String> = missing.iter().map(|f| format!("\"{f}\"")).collect();
        return Err(KubectlError::Usage(format!("required flag(s) {} not set", list.join(", "))));
    }
    let name = name_of(a, "cronjob")?;
    let image = a.get("image").unwrap_or_default();
    let schedule = a.get("schedule").unwrap_or_default();
    // create_cronjob.go Validate, then Complete's default restart policy.
    if image.is_empty() {
        return Err(KubectlError::Usage("--image must be specified".into()));
    }
    if schedule.is_empty() {
        return Err(KubectlError::Usage("--schedule must be specified".into()));
    }
    let restart = match a.get("restart").unwrap_or_default() {
        "" => "OnFailure",
        r => r,
    };
    let output = dry_run::output_format(a.get("output"))?;
    let dry = DryRun::from_args(a, s.now(), out)?;
    let cj = CronJob {
        api_version: "batch/v1".into(),
        kind: "CronJob".into(),
        metadata: ObjectMeta {
            name: name.clone(),
            namespace: namespace_of(a),
            ..Default::default()
        },
        spec: CronJobSpec {
            schedule: schedule.into(),
            job_template: JobTemplateSpec {
                metadata: ObjectMeta { name: name.clone(), ..Default::default() },
                spec: JobSpec {
                    template: PodTemplateSpec {
                        metadata: ObjectMeta::default(),
                        spec: PodSpec {
                            containers: vec![container(&name, image, command)].into(),
                            restart_policy: Some(restart.into()),
                            ..Default::default()
                        },
                    },
                    ..Default::default()
                },
            },
            ..Default::default()
        },
        status: Default::default(),
    };
    // create_cronjob.go Run: the CronJob POSTed with fieldManager `kubectl-create`.
    let ns = match namespace_of(a) {
        ns if ns.is_empty() => "default".to_string(),
        ns => ns,
    };
    match dry.post(s, cj.into_object(), &ns, "kubectl-create") {
        Ok(c) => {
            out.out(print(&c, output, dry));
            Ok(0)
        }
        // create_cronjob.go Run: `failed to create cronjob: %v`.
        Err(e) => Err(KubectlError::Usage(format!("failed to create cronjob: {}", e.message))),
    }
}

/// `dry_run::print`, with the generator's CronJob as kubectl holds it: the model's
/// always-present defaults (concurrencyPolicy, suspend, the history limits) are unset in
/// the typed struct kubectl builds, and its nested metadata has null creation timestamps.
fn print(obj: &Object, output: Option<&str>, dry: DryRun) -> String {
    let (DryRun::Client, Some(f @ ("yaml" | "json"))) = (dry, output) else {
        return dry_run::print(obj, output, "created", dry);
    };
    let mut v = dry_run::generated_json(obj);
    if let Some(Value::Object(spec)) = v.get_mut("spec") {
        if obj.kind() == Kind::CronJob {
            for k in [
                "concurrencyPolicy",
                "suspend",
                "successfulJobsHistoryLimit",
                "failedJobsHistoryLimit",
            ] {
                spec.shift_remove(k);
            }
            if let Some(Value::Object(jt)) = spec.get_mut("jobTemplate") {
                if let Some(Value::Object(m)) = jt.get_mut("metadata") {
                    null_timestamp(m);
                }
                let template = jt.get_mut("spec").and_then(|s| s.get_mut("template"));
                if let Some(Value::Object(m)) = template.and_then(|t| t.get_mut("metadata")) {
                    null_timestamp(m);
                }
            }
        }
    }
    dry_run::print_value(&v, f)
}

/// A zero `metav1.Time` after the name, where ObjectMeta declares it.
fn null_timestamp(m: &mut Map<String, Value>) {
    let mut next = Map::new();
    let name = m.shift_remove("name");
    if let Some(n) = name {
        next.insert("name".into(), n);
    }
    next.insert("creationTimestamp".into(), Value::Null);
    next.extend(std::mem::take(m));
    *m = next;
}

#[cfg(test)]
#[path = "create_job_tests.rs"]
mod tests;
