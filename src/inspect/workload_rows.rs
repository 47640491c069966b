//! The desired-versus-observed rows of the workload kinds, in plain words, as
//! `compare.rs` words the Deployment's and ReplicaSet's.

use kubeloop::kubectl::printers::{job_completions, job_status};
use kubeloop::model::{
    CronJob, DaemonSet, HorizontalPodAutoscaler, Job, PersistentVolumeClaim, StatefulSet,
};
use kubeloop::store::Store;

use super::compare::{compare, count_rows, generation_row, image_row, pods_of};
use super::Compare;

pub(super) fn daemonset_rows(store: &Store, ds: &DaemonSet) -> Vec<Compare> {
    let s = &ds.status;
    let want = s.desired_number_scheduled;
    let mut rows = vec![compare(
        "Nodes that should run one",
        "every eligible node",
        format!("{want} node{}", if want == 1 { "" } else { "s" }),
        true,
    )];
    rows.extend(count_rows(
        want,
        &[
            ("Scheduled", s.current_number_scheduled),
            ("Up to date", s.updated_number_scheduled),
            ("Ready", s.number_ready),
            ("Available", s.number_available),
        ],
    ));
    rows.push(compare(
        "On a node it should not be",
        "0",
        s.number_misscheduled.to_string(),
        s.number_misscheduled == 0,
    ));
    let pods = pods_of(store, &ds.metadata.uid);
    rows.push(image_row(&ds.spec.template.spec, want, &pods));
    rows.push(generation_row(ds.metadata.generation, s.observed_generation));
    rows
}

pub(super) fn statefulset_rows(store: &Store, sts: &StatefulSet) -> Vec<Compare> {
    let s = &sts.status;
    let want = sts.spec.replicas;
    let mut rows = count_rows(
        want,
        &[
            ("Replicas", s.replicas),
            ("Ready", s.ready_replicas),
            ("Up to date", s.updated_replicas),
            ("Available", s.available_replicas),
        ],
    );
    // Each pod's stable name is `<pod>.<serviceName>.<ns>.svc.cluster.local` once a headless
    // Service of that name exists (the StatefulSet does not create it).
    let svc = &sts.spec.service_name;
    let ns = &sts.metadata.namespace;
    if !svc.is_empty() {
        let first = format!(
            "{}-{}.{svc}.{ns}.svc.cluster.local",
            sts.metadata.name,
            sts.spec.start_ordinal()
        );
        let headless = store
            .get::<kubeloop::model::Service>(ns, svc)
            .is_some_and(|s| s.spec.cluster_ip.as_deref() == Some("None"));
        let seen = if headless {
            format!("headless Service {svc} found")
        } else {
            format!("no headless Service {svc}: the names do not resolve")
        };
        rows.push(compare("DNS names", first, seen, headless));
    }
    let rolled = s.current_revision.is_empty() || s.current_revision == s.update_revision;
    rows.push(compare("Revision", s.update_revision.clone(), s.current_revision.clone(), rolled));
    let pods = pods_of(store, &sts.metadata.uid);
    rows.push(image_row(&sts.spec.template.spec, want, &pods));
    rows.push(generation_row(sts.metadata.generation, s.observed_generation));
    rows
}

pub(super) fn job_rows(store: &Store, job: &Job) -> Vec<Compare> {
    let s = &job.status;
    let want = job.spec.completions.unwrap_or(1);
    let status = job_status(job);
    let mut rows = vec![
        compare("Completions", want.to_string(), job_completions(job), s.succeeded >= want),
        compare("Status", "Complete", status, status == "Complete"),
    ];
    let limit = job.spec.backoff_limit.unwrap_or(kubeloop::model::DEFAULT_BACKOFF_LIMIT);
    rows.push(compare(
        "Failed pods",
        format!("at most {limit} retries"),
        s.failed.to_string(),
        s.failed <= limit,
    ));
    let parallel = job.spec.parallelism.unwrap_or(1);
    rows.push(compare(
        "Running at once",
        format!("up to {parallel}"),
        s.active.to_string(),
        s.active <= parallel,
    ));
    let pods = pods_of(store, &job.metadata.uid);
    rows.push(image_row(&job.spec.template.spec, s.active, &pods));
    rows
}

pub(super) fn cronjob_rows(cj: &CronJob, now: kubeloop::clock::Time) -> Vec<Compare> {
    let s = &cj.status;
    let schedule = match &cj.spec.time_zone {
        Some(tz) => format!("{} ({tz})", cj.spec.schedule),
        None => cj.spec.schedule.clone(),
    };
    let last = s.last_schedule_time.map_or_else(
        || "never yet".to_string(),
        |t| format!("{} ago", kubeloop::duration::human(now.since(t))),
    );
    vec![
        compare("Schedule", schedule, format!("last run: {last}"), true),
        compare(
            "Suspended",
            cj.spec.suspend.to_string(),
            if cj.spec.suspend { "no new Jobs" } else { "starting Jobs on time" },
            true,
        ),
        compare(
            "Running Jobs",
            format!("policy {}", cj.spec.concurrency_policy),
            s.active.len().to_string(),
            cj.spec.concurrency_policy == "Allow" || s.active.len() <= 1,
        ),
    ]
}

pub(super) fn hpa_rows(h: &HorizontalPodAutoscaler) -> Vec<Compare> {
    let s = &h.status;
    let mut rows = Vec::new();
    for (i, m) in h.spec.metrics.iter().enumerate() {
        let Some(r) = &m.resource else { continue };
        let target = match (r.target.average_utilization, &r.target.average_value) {
            (Some(u), _) => format!("{u}% of request"),
            (None, Some(v)) => v.clone(),
            _ => "?".into(),
        };
        let current = s.current_metrics.get(i).and_then(|c| c.resource.as_ref());
        let seen = current
            .and_then(|c| c.current.average_utilization.map(|u| format!("{u}%")))
            .unwrap_or_else(|| "not measured yet".into());
        rows.push(compare(&format!("{} usage", r.name), target, seen, true));
    }
    let (min, max) = (h.spec.min_replicas.unwrap_or(1), h.spec.max_replicas);
    rows.push(compare(
        "Replicas",
        format!("{} (between {min} and {max})", s.desired_replicas),
        s.current_replicas.to_string(),
        s.desired_replicas == s.current_replicas,
    ));
    for c in &s.conditions {
        rows.push(compare(
            &c.type_,
            "True",
            format!("{} ({})", c.status, c.reason),
            c.status == "True",
        ));
    }
    rows
}

pub(super) fn pvc_rows(store: &Store, c: &PersistentVolumeClaim) -> Vec<Compare> {
    let used_by: Vec<String> = store
        .list::<kubeloop::model::Pod>(Some(&c.metadata.namespace), None)
        .filter(|p| p.spec.volumes.iter().any(|v| v.claim_name() == Some(&c.metadata.name)))
        .map(|p| p.metadata.name.clone())
        .collect();
    let request = c.spec.resources.requests.get("storage").cloned().unwrap_or_default();
    let capacity = c.status.capacity.get("storage").cloned().unwrap_or_default();
    vec![
        compare("Phase", "Bound", c.status.phase.clone(), c.status.phase == "Bound"),
        compare("Storage", request.clone(), capacity.clone(), !capacity.is_empty()),
        compare(
            "Used by",
            "",
            if used_by.is_empty() { "no pod".to_string() } else { used_by.join(", ") },
            true,
        ),
    ]
}

#[cfg(test)]
mod tests {
    use kubeloop::kubectl::Mode;
    use kubeloop::model::Kind;
    use kubeloop::session::Session;
    use kubeloop::world::World;

    use crate::inspect::inspect;
    use crate::selection::ObjRef;

    const SET: &str = "k apply -f - <<EOF
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: web
spec:
  serviceName: nginx
  replicas: 2
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
EOF";

    fn dns_row(s: &Session) -> (String, String, bool) {
        let set = ObjRef::new(Kind::StatefulSet, "default", "web");
        let i = inspect(&s.world, &set).expect("the set");
        let r = i.rows.iter().find(|r| r.field == "DNS names").expect("a DNS row");
        (r.desired.clone(), r.observed.clone(), r.matches)
    }

    #[test]
    fn a_statefulsets_stable_names_resolve_only_with_its_headless_service() {
        let mut s = Session::new(World::new(1), Mode::Script);
        assert_eq!(s.run(SET).status, 0);
        s.world.settle();
        let (desired, observed, ok) = dns_row(&s);
        assert_eq!(desired, "web-0.nginx.default.svc.cluster.local");
        assert!(!ok && observed.contains("do not resolve"), "{observed}");
        let svc = "k create service clusterip nginx --clusterip=None";
        assert_eq!(s.run(svc).status, 0, "{}", s.run(svc).text());
        let (_, observed, ok) = dns_row(&s);
        assert!(ok, "{observed}");
    }
}
