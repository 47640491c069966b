//! The REST strategies of the workload kinds: what the API server defaults, admits and keeps
//! on write (pkg/registry/apps/{daemonset,statefulset,controllerrevision}/strategy.go,
//! pkg/registry/batch/{job,cronjob}/strategy.go,
//! pkg/registry/autoscaling/horizontalpodautoscaler/strategy.go,
//! pkg/registry/core/persistentvolumeclaim/strategy.go).

use super::table::{status_kind, tabled, Table, Tabled};
use super::Store;
use crate::labels::validation::FieldError;
use crate::model::*;
use crate::rng::SimRng;

impl Tabled for DaemonSet {
    tabled!(DaemonSet, daemonsets, true);
    status_kind!();
    fn apply_defaults(obj: &mut Self) {
        default_pod_spec(&mut obj.spec.template.spec);
    }
    fn validate_spec(obj: &Self) -> Vec<FieldError> {
        crate::model::validate::daemonset(obj)
    }
    // `spec.templateGeneration`, which apps/v1 carries as an annotation: 1 on create, one
    // more each time an update changes the template (daemonset/strategy.go
    // `PrepareForCreate`, `PrepareForUpdate`; the conversion in pkg/apis/apps/v1).
    const ALLOCATES: bool = true;
    fn allocate(obj: &mut Self, _store: &mut Store) -> Result<(), Vec<FieldError>> {
        let generation = template_generation(obj).filter(|g| *g >= 1).unwrap_or(1);
        set_template_generation(obj, generation);
        Ok(())
    }
    fn reallocate(new: &mut Self, old: &Self, _store: &mut Store) -> Result<(), Vec<FieldError>> {
        let previous = template_generation(old).unwrap_or(0);
        let bump = i64::from(new.spec.template != old.spec.template);
        set_template_generation(new, previous + bump);
        Ok(())
    }
}

const TEMPLATE_GENERATION: &str = "deprecated.daemonset.template.generation";

fn template_generation(ds: &DaemonSet) -> Option<i64> {
    ds.metadata.annotations.get(TEMPLATE_GENERATION)?.parse().ok()
}

fn set_template_generation(ds: &mut DaemonSet, generation: i64) {
    ds.metadata.annotations.insert(TEMPLATE_GENERATION.into(), generation.to_string());
}

impl Tabled for StatefulSet {
    tabled!(StatefulSet, statefulsets, true);
    status_kind!();
    fn apply_defaults(obj: &mut Self) {
        default_pod_spec(&mut obj.spec.template.spec);
        // SetDefaults_PersistentVolumeClaim for each template: Filesystem, Pending.
        for claim in &mut obj.spec.volume_claim_templates {
            claim.spec.volume_mode.get_or_insert_with(|| "Filesystem".into());
        }
    }
    fn validate_spec(obj: &Self) -> Vec<FieldError> {
        crate::model::validate::statefulset(obj)
    }
}

impl Tabled for ControllerRevision {
    tabled!(ControllerRevision, controllerrevisions, false);
    // No spec and no status: data and revision are the object, and immutable upstream.
    fn same_spec(a: &Self, b: &Self) -> bool {
        a.data == b.data && a.revision == b.revision
    }
    fn keep_status(_: &mut Self, _: &Self) {}
    fn copy_status(into: &mut Self, from: &Self) {
        *into = from.clone();
    }
}

/// Labels the Job strategy puts on a Job's pod template and selects by
/// (pkg/registry/batch/job/strategy.go `generateSelector`), the legacy pair included.
pub const JOB_CONTROLLER_UID: &str = "batch.kubernetes.io/controller-uid";
pub const JOB_NAME: &str = "batch.kubernetes.io/job-name";

impl Tabled for Job {
    tabled!(Job, jobs, true);
    status_kind!();
    fn apply_defaults(obj: &mut Self) {
        let spec = &mut obj.spec;
        // SetDefaults_Job (pkg/apis/batch/v1/defaults.go).
        if spec.completions.is_none() && spec.parallelism.is_none() {
            spec.completions = Some(1);
        }
        spec.parallelism.get_or_insert(1);
        spec.backoff_limit.get_or_insert(if spec.backoff_limit_per_index.is_some() {
            i32::MAX
        } else {
            DEFAULT_BACKOFF_LIMIT
        });
        spec.completion_mode.get_or_insert_with(|| "NonIndexed".into());
        spec.suspend.get_or_insert(false);
        // With a pod failure policy only failed pods are replaced (JobPodReplacementPolicy,
        // GA in 1.34), and a condition pattern without a status means True.
        let replacement =
            if spec.pod_failure_policy.is_some() { "Failed" } else { "TerminatingOrFailed" };
        spec.pod_replacement_policy.get_or_insert_with(|| replacement.into());
        for rule in spec.pod_failure_policy.iter_mut().flat_map(|p| p.rules.iter_mut()) {
            for pattern in rule.on_pod_conditions.iter_mut().filter(|p| p.status.is_empty()) {
                pattern.status = "True".into();
            }
        }
        default_pod_spec(&mut spec.template.spec);
    }
    fn admit(obj: &mut Self, _rng: &mut SimRng) {
        if obj.spec.manual_selector == Some(true) {
            return;
        }
        let uid = obj.metadata.uid.clone();
        let name = obj.metadata.name.clone();
        let labels = &mut obj.spec.template.metadata.labels;
        for (k, v) in [
            ("controller-uid", &uid),
            ("job-name", &name),
            (JOB_CONTROLLER_UID, &uid),
            (JOB_NAME, &name),
        ] {
            labels.insert(k.to_string(), v.clone());
        }
        obj.spec.selector = Some(LabelSelector {
            match_labels: [(JOB_CONTROLLER_UID.to_string(), uid)].into_iter().collect(),
            ..Default::default()
        });
    }
    fn validate_spec(obj: &Self) -> Vec<FieldError> {
        crate::model::validate::job(obj)
    }
}

impl Tabled for CronJob {
    tabled!(CronJob, cronjobs, true);
    status_kind!();
    fn apply_defaults(obj: &mut Self) {
        default_pod_spec(&mut obj.spec.job_template.spec.template.spec);
    }
    fn validate_spec(obj: &Self) -> Vec<FieldError> {
        crate::model::validate::cronjob(obj)
    }
}

impl Tabled for HorizontalPodAutoscaler {
    tabled!(HorizontalPodAutoscaler, hpas, true);
    status_kind!();
    fn apply_defaults(obj: &mut Self) {
        // SetDefaults_HorizontalPodAutoscaler: one minimum replica (a v1 object from
        // `kubectl autoscale` may leave it out), and 80% CPU when no metric is named.
        if obj.spec.min_replicas.is_none() {
            obj.spec.min_replicas = Some(1);
        }
        // SetDefaults_HorizontalPodAutoscalerBehavior: a behavior that is given gets every
        // rule field it leaves out (GenerateHPAScaleUpRules, GenerateHPAScaleDownRules); the
        // scale-down window stays unset, for the controller's flag.
        if let Some(b) = &mut obj.spec.behavior {
            let policy = |type_: &str, value, period_seconds| HpaScalingPolicy {
                type_: type_.into(),
                value,
                period_seconds,
            };
            let up = b.scale_up.get_or_insert_with(Default::default);
            up.stabilization_window_seconds.get_or_insert(0);
            up.select_policy.get_or_insert_with(|| "Max".into());
            if up.policies.is_empty() {
                up.policies = vec![policy("Pods", 4, 15), policy("Percent", 100, 15)];
            }
            let down = b.scale_down.get_or_insert_with(Default::default);
            down.select_policy.get_or_insert_with(|| "Max".into());
            if down.policies.is_empty() {
                down.policies = vec![policy("Percent", 100, 15)];
            }
        }
        if obj.spec.metrics.is_empty() {
            obj.spec.metrics.push(MetricSpec {
                type_: "Resource".into(),
                resource: Some(ResourceMetricSource {
                    name: "cpu".into(),
                    target: MetricTarget {
                        type_: "Utilization".into(),
                        average_utilization: Some(80),
                        ..Default::default()
                    },
                }),
                ..Default::default()
            });
        }
    }
    fn validate_spec(obj: &Self) -> Vec<FieldError> {
        crate::model::validate::hpa(obj)
    }
}

impl Tabled for PersistentVolumeClaim {
    tabled!(PersistentVolumeClaim, pvcs, false);
    status_kind!();
    fn apply_defaults(obj: &mut Self) {
        obj.spec.volume_mode.get_or_insert_with(|| "Filesystem".into());
        if obj.status.phase.is_empty() {
            obj.status.phase = "Pending".into();
        }
    }
    fn validate_spec(obj: &Self) -> Vec<FieldError> {
        crate::model::validate::pvc(obj)
    }
}
