//! The desired-versus-observed rows of the workload kinds, in plain words, as
//! `compare.rs` words the Deployment's and ReplicaSet's.

use kubeloop::clock::Time;
use kubeloop::kubectl::printers::{job_completions, job_status};
use kubeloop::model::{
    CronJob, DaemonSet, HorizontalPodAutoscaler, Job, Object, PersistentVolumeClaim, StatefulSet,
};
use kubeloop::store::Store;

use super::compare::{compare, count_rows, generation_row, image_row, pods_of};
use super::compare::{replicaset_rows, service_rows};
use super::{containers_of, Compare};
use crate::words::Words;

/// What the inspector shows of an object: its rows, containers, replicas and status.
pub(super) type Parts = (Vec<Compare>, Vec<(String, String)>, Option<i32>, Option<String>);

type Later = fn(&Store, &Object, Time, &Words) -> Parts;

// Only the course part's commands make these kinds (a Service the graph draws, the
// workloads, autoscalers and claims), so in the page's split build their rows ship with it
// (`crate::lazy::course` calls `link`); before it there is none to inspect.
crate::lazy::seam!(Later = later_all);

/// The parts of a Service, a workload, an autoscaler or a claim; nothing of another kind.
pub(super) fn later(store: &Store, obj: &Object, now: Time, w: &Words) -> Parts {
    linked().map_or_else(Parts::default, |later| later(store, obj, now, w))
}

fn later_all(store: &Store, obj: &Object, now: Time, w: &Words) -> Parts {
    match obj {
        Object::Service(s) => (service_rows(store, s, w), Vec::new(), None, None),
        Object::DaemonSet(ds) => {
            (daemonset_rows(store, ds, w), containers_of(&ds.spec.template.spec), None, None)
        }
        Object::ReplicationController(rc) => (
            replicaset_rows(store, &rc.as_replica_set(), w),
            rc.spec.template.as_ref().map_or_else(Vec::new, |t| containers_of(&t.spec)),
            Some(rc.replicas()),
            None,
        ),
        Object::StatefulSet(sts) => (
            statefulset_rows(store, sts, w),
            containers_of(&sts.spec.template.spec),
            Some(sts.spec.replicas),
            None,
        ),
        Object::Job(j) => (
            job_rows(store, j, w),
            containers_of(&j.spec.template.spec),
            None,
            Some(job_status(j).to_string()),
        ),
        Object::CronJob(cj) => (
            cronjob_rows(cj, now, w),
            containers_of(&cj.spec.job_template.spec.template.spec),
            None,
            None,
        ),
        Object::HorizontalPodAutoscaler(h) => (hpa_rows(h, w), Vec::new(), None, None),
        Object::PersistentVolumeClaim(c) => {
            (pvc_rows(store, c, w), Vec::new(), None, Some(c.status.phase.clone()))
        }
        _ => Parts::default(),
    }
}

fn daemonset_rows(store: &Store, ds: &DaemonSet, w: &Words) -> Vec<Compare> {
    let s = &ds.status;
    let want = s.desired_number_scheduled;
    let mut rows = vec![compare(
        &w.t("insp-row-nodes-to-run"),
        w.t("insp-every-eligible-node"),
        w.with("insp-nodes", &[("count", want.into())]),
        true,
    )];
    rows.extend(count_rows(
        want,
        &[
            (w.t("insp-row-scheduled"), s.current_number_scheduled),
            (w.t("insp-row-up-to-date"), s.updated_number_scheduled),
            (w.t("insp-row-ready"), s.number_ready),
            (w.t("insp-row-available"), s.number_available),
        ],
    ));
    rows.push(compare(
        &w.t("insp-row-misscheduled"),
        "0",
        s.number_misscheduled.to_string(),
        s.number_misscheduled == 0,
    ));
    let pods = pods_of(store, &ds.metadata.uid);
    rows.push(image_row(&ds.spec.template.spec, want, &pods, w));
    rows.push(generation_row(ds.metadata.generation, s.observed_generation, w));
    rows
}

fn statefulset_rows(store: &Store, sts: &StatefulSet, w: &Words) -> Vec<Compare> {
    let s = &sts.status;
    let want = sts.spec.replicas;
    let mut rows = count_rows(
        want,
        &[
            (w.t("insp-row-replicas"), s.replicas),
            (w.t("insp-row-ready"), s.ready_replicas),
            (w.t("insp-row-up-to-date"), s.updated_replicas),
            (w.t("insp-row-available"), s.available_replicas),
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
        let args = [("service", svc.as_str().into())];
        let seen = if headless {
            w.with("insp-dns-headless-found", &args)
        } else {
            w.with("insp-dns-headless-missing", &args)
        };
        rows.push(compare(&w.t("insp-row-dns-names"), first, seen, headless));
    }
    let rolled = s.current_revision.is_empty() || s.current_revision == s.update_revision;
    let (update, current) = (s.update_revision.clone(), s.current_revision.clone());
    rows.push(compare(&w.t("insp-row-revision"), update, current, rolled));
    let pods = pods_of(store, &sts.metadata.uid);
    rows.push(image_row(&sts.spec.template.spec, want, &pods, w));
    rows.push(generation_row(sts.metadata.generation, s.observed_generation, w));
    rows
}

fn job_rows(store: &Store, job: &Job, w: &Words) -> Vec<Compare> {
    let s = &job.status;
    let want = job.spec.completions.unwrap_or(1);
    let status = job_status(job);
    let done = s.succeeded >= want;
    let mut rows = vec![
        compare(&w.t("insp-row-completions"), want.to_string(), job_completions(job), done),
        compare(&w.t("insp-row-status"), "Complete", status, status == "Complete"),
    ];
    let limit = job.spec.backoff_limit.unwrap_or(kubeloop::model::DEFAULT_BACKOFF_LIMIT);
    rows.push(compare(
        &w.t("insp-row-failed-pods"),
        w.with("insp-retries-at-most", &[("limit", limit.into())]),
        s.failed.to_string(),
        s.failed <= limit,
    ));
    let parallel = job.spec.parallelism.unwrap_or(1);
    rows.push(compare(
        &w.t("insp-row-running-at-once"),
        w.with("insp-up-to", &[("count", parallel.into())]),
        s.active.to_string(),
        s.active <= parallel,
    ));
    let pods = pods_of(store, &job.metadata.uid);
    rows.push(image_row(&job.spec.template.spec, s.active, &pods, w));
    rows
}

fn cronjob_rows(cj: &CronJob, now: kubeloop::clock::Time, w: &Words) -> Vec<Compare> {
    let s = &cj.status;
    let schedule = match &cj.spec.time_zone {
        Some(tz) => format!("{} ({tz})", cj.spec.schedule),
        None => cj.spec.schedule.clone(),
    };
    let last = s.last_schedule_time.map_or_else(
        || w.t("insp-never-yet"),
        |t| w.with("insp-ago", &[("age", kubeloop::duration::human(now.since(t)).into())]),
    );
    vec![
        compare(
            &w.t("insp-row-schedule"),
            schedule,
            w.with("insp-last-run", &[("last", last.into())]),
            true,
        ),
        compare(
            &w.t("insp-row-suspended"),
            cj.spec.suspend.to_string(),
            if cj.spec.suspend { w.t("insp-no-new-jobs") } else { w.t("insp-jobs-on-time") },
            true,
        ),
        compare(
            &w.t("insp-row-running-jobs"),
            w.with("insp-policy", &[("policy", cj.spec.concurrency_policy.as_str().into())]),
            s.active.len().to_string(),
            cj.spec.concurrency_policy == "Allow" || s.active.len() <= 1,
        ),
    ]
}

fn hpa_rows(h: &HorizontalPodAutoscaler, w: &Words) -> Vec<Compare> {
    let s = &h.status;
    let mut rows = Vec::new();
    for (i, m) in h.spec.metrics.iter().enumerate() {
        let Some(r) = &m.resource else { continue };
        let target = match (r.target.average_utilization, &r.target.average_value) {
            (Some(u), _) => w.with("insp-of-request", &[("percent", u.into())]),
            (None, Some(v)) => v.clone(),
            _ => "?".into(),
        };
        let current = s.current_metrics.get(i).and_then(|c| c.resource.as_ref());
        let seen = current
            .and_then(|c| c.current.average_utilization.map(|u| format!("{u}%")))
            .unwrap_or_else(|| w.t("insp-not-measured-yet"));
        let field = w.with("insp-row-usage", &[("resource", r.name.as_str().into())]);
        rows.push(compare(&field, target, seen, true));
    }
    let (min, max) = (h.spec.min_replicas.unwrap_or(1), h.spec.max_replicas);
    let between = [("count", s.desired_replicas.into()), ("min", min.into()), ("max", max.into())];
    rows.push(compare(
        &w.t("insp-row-replicas"),
        w.with("insp-replicas-between", &between),
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

fn pvc_rows(store: &Store, c: &PersistentVolumeClaim, w: &Words) -> Vec<Compare> {
    let used_by: Vec<String> = store
        .list::<kubeloop::model::Pod>(Some(&c.metadata.namespace), None)
        .filter(|p| p.spec.volumes.iter().any(|v| v.claim_name() == Some(&c.metadata.name)))
        .map(|p| p.metadata.name.clone())
        .collect();
    let request = c.spec.resources.requests.get("storage").cloned().unwrap_or_default();
    let capacity = c.status.capacity.get("storage").cloned().unwrap_or_default();
    vec![
        compare(&w.t("insp-row-phase"), "Bound", c.status.phase.clone(), c.status.phase == "Bound"),
        compare(&w.t("insp-row-storage"), request.clone(), capacity.clone(), !capacity.is_empty()),
        compare(
            &w.t("insp-row-used-by"),
            "",
            if used_by.is_empty() { w.t("insp-no-pod") } else { used_by.join(", ") },
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
