//! The workload kinds on the graph, from objects written straight into the store (no loop
//! runs between the writes and the build, so each test shows exactly the objects it made).

use std::collections::BTreeMap;

use kubeloop::model::*;
use kubeloop::world::World;

use super::*;

fn labels(app: &str) -> Labels {
    [("app".to_string(), app.to_string())].into()
}

fn template(app: &str) -> PodTemplateSpec {
    PodTemplateSpec {
        metadata: ObjectMeta { labels: labels(app), ..Default::default() },
        spec: PodSpec {
            containers: vec![Container::new("c", "nginx:1.27")].into(),
            ..Default::default()
        },
    }
}

fn meta(name: &str) -> ObjectMeta {
    ObjectMeta { name: name.into(), namespace: "default".into(), ..Default::default() }
}

fn selector(app: &str) -> LabelSelector {
    LabelSelector { match_labels: labels(app), ..Default::default() }
}

/// A pod controlled by `owner`, named `name`.
fn pod_of(w: &mut World, name: &str, api: &str, kind: &str, owner: &ObjectMeta) -> Pod {
    let mut m = meta(name);
    m.owner_references.push(OwnerReference::controller(api, kind, owner));
    let pod = Pod::new(m, template("x").spec);
    (*w.create(pod).expect("pod")).clone()
}

fn daemonset(w: &mut World, name: &str) -> DaemonSet {
    let spec =
        DaemonSetSpec { selector: selector(name), template: template(name), ..Default::default() };
    let ds = DaemonSet { metadata: meta(name), spec, ..Default::default() };
    (*w.create(ds).expect("daemonset")).clone()
}

fn view(w: &World) -> ViewModel {
    build(w, &mut LayoutMemory::new(), 0.0)
}

#[test]
fn a_daemonset_heads_a_band_with_its_pods_under_it() {
    let mut w = World::new(1);
    let ds = daemonset(&mut w, "agent");
    for i in 1..=3 {
        pod_of(&mut w, &format!("agent-{i}"), "apps/v1", "DaemonSet", &ds.metadata);
    }
    let v = view(&w);
    let t = v
        .trees
        .iter()
        .find(|t| t.top.meta.target.kind == Kind::DaemonSet)
        .expect("a DaemonSet band");
    assert!(matches!(t.top.figures, TopFigures::DaemonSet { .. }));
    let pods = t.pods.as_ref().expect("its pods");
    assert_eq!(pods.pods.len(), 3);
    for p in &pods.pods {
        assert!(p.meta.rect.y > t.top.meta.rect.bottom(), "pods sit under the DaemonSet");
        let e = v.edges.iter().find(|e| e.dependent == format!("Pod/{}", p.meta.target.name));
        assert_eq!(e.map(|e| e.owner.as_str()), Some("DaemonSet/agent"), "owned, with an edge");
        let spine = format!("M{} ", super::layout::TREE_SPINE_X);
        assert!(e.is_some_and(|e| e.path.starts_with(&spine)), "off the tree's spine: {e:?}");
    }
    assert!(v.orphans.is_none(), "nothing looks orphaned");
    assert_eq!(v.find(&pods.pods[0].meta.target).map(|m| m.rect), Some(pods.pods[0].meta.rect));
}

#[test]
fn a_big_daemonset_is_summarised_like_a_big_replicaset() {
    let mut w = World::new(1);
    let ds = daemonset(&mut w, "agent");
    for i in 0..=RS_AGGREGATE_ABOVE {
        pod_of(&mut w, &format!("agent-{i:03}"), "apps/v1", "DaemonSet", &ds.metadata);
    }
    let v = view(&w);
    let pods = v.trees[0].pods.as_ref().expect("its pods");
    let agg = pods.aggregate.as_ref().expect("one summary block");
    assert_eq!(agg.total, RS_AGGREGATE_ABOVE + 1);
    assert!(pods.pods.is_empty());
}

#[test]
fn a_cronjob_heads_a_band_with_its_jobs_as_rows_and_their_pods_beside_them() {
    let mut w = World::new(1);
    let spec = CronJobSpec {
        schedule: "*/5 * * * *".into(),
        job_template: JobTemplateSpec {
            spec: JobSpec { template: template("report"), ..Default::default() },
            ..Default::default()
        },
        ..Default::default()
    };
    let mut job_template = spec.job_template.spec.template.clone();
    job_template.spec.restart_policy = Some("Never".into());
    let mut spec = spec;
    spec.job_template.spec.template = job_template.clone();
    let cj = (*w.create(CronJob { metadata: meta("report"), spec, ..Default::default() }).unwrap())
        .clone();
    let mut jm = meta("report-29000000");
    jm.owner_references.push(OwnerReference::controller("batch/v1", "CronJob", &cj.metadata));
    let job = Job {
        metadata: jm,
        spec: JobSpec { template: job_template, ..Default::default() },
        ..Default::default()
    };
    let job = (*w.create(job).expect("job")).clone();
    pod_of(&mut w, "report-29000000-abcde", "batch/v1", "Job", &job.metadata);
    let v = view(&w);
    assert_eq!(v.trees.len(), 1, "the Job is under its CronJob, not a band of its own");
    let t = &v.trees[0];
    assert!(
        matches!(&t.top.figures, TopFigures::CronJob { schedule, .. } if schedule == "*/5 * * * *")
    );
    let row = &t.rows[0];
    assert!(
        matches!(&row.rs.figures, RowFigures::Job(j) if j.completions == Some(1) && j.status == "Running")
    );
    assert_eq!(row.pods.pods.len(), 1);
    assert!(v
        .edges
        .iter()
        .any(|e| e.owner == "CronJob/report" && e.dependent == "Job/report-29000000"));
}

#[test]
fn a_job_of_its_own_heads_its_band() {
    let mut w = World::new(1);
    let mut t = template("pi");
    t.spec.restart_policy = Some("Never".into());
    let job = Job {
        metadata: meta("pi"),
        spec: JobSpec { template: t, ..Default::default() },
        ..Default::default()
    };
    let job = (*w.create(job).unwrap()).clone();
    pod_of(&mut w, "pi-xyz12", "batch/v1", "Job", &job.metadata);
    let v = view(&w);
    let tree = &v.trees[0];
    assert_eq!(tree.top.meta.target, ObjRef::new(Kind::Job, "default", "pi"));
    assert_eq!(tree.pods.as_ref().map(|g| g.pods.len()), Some(1));
}

#[test]
fn a_statefulsets_claims_stay_drawn_after_their_pod_is_gone() {
    let mut w = World::new(1);
    let claim = PersistentVolumeClaim {
        metadata: ObjectMeta { name: "data".into(), ..Default::default() },
        spec: PersistentVolumeClaimSpec {
            access_modes: vec!["ReadWriteOnce".into()],
            resources: VolumeResourceRequirements {
                requests: BTreeMap::from([("storage".to_string(), "1Gi".to_string())]),
                ..Default::default()
            },
            ..Default::default()
        },
        ..Default::default()
    };
    let spec = StatefulSetSpec {
        selector: selector("web"),
        template: template("web"),
        volume_claim_templates: vec![claim.clone()],
        ..Default::default()
    };
    w.create(StatefulSet { metadata: meta("web"), spec, ..Default::default() }).unwrap();
    for ordinal in 0..2 {
        let mut c = claim.clone();
        c.metadata = meta(&format!("data-web-{ordinal}"));
        w.create(c).unwrap();
    }
    let mut user = Pod::new(meta("web-0"), template("web").spec);
    user.spec.volumes = vec![Volume {
        name: "data".into(),
        persistent_volume_claim: Some(Box::new(serde_json::json!({"claimName": "data-web-0"}))),
        ..Default::default()
    }]
    .into();
    w.create(user).unwrap();
    let mut unrelated = claim.clone();
    unrelated.metadata = meta("scratch");
    w.create(unrelated).unwrap();
    let v = view(&w);
    let t = &v.trees[0];
    let names: Vec<&str> = t.claims.iter().map(|c| c.meta.target.name.as_str()).collect();
    assert_eq!(names, ["data-web-0", "data-web-1"], "only the set's claims, in name order");
    assert!(t.claims.iter().all(|c| c.phase == "Pending" && c.request == "1Gi"));
    let in_use: Vec<bool> = t.claims.iter().map(|c| c.in_use).collect();
    assert_eq!(in_use, [true, false], "web-0's pod uses its claim; web-1 has none");
    assert!(t.claims[0].meta.rect.y >= t.top.meta.rect.bottom());
}

#[test]
fn an_autoscaler_sits_beside_its_target_with_a_loop_onto_it() {
    let mut s = kubeloop::session::Session::new(World::new(1), kubeloop::kubectl::Mode::Script);
    assert_eq!(s.run("k create deployment web --image=nginx:1.27 --replicas=2").status, 0);
    s.world.settle();
    let hpa = HorizontalPodAutoscaler {
        metadata: meta("web"),
        spec: HpaSpec {
            scale_target_ref: CrossVersionObjectReference {
                kind: "Deployment".into(),
                name: "web".into(),
                api_version: "apps/v1".into(),
            },
            min_replicas: Some(1),
            max_replicas: 5,
            ..Default::default()
        },
        ..Default::default()
    };
    s.world.create(hpa).unwrap();
    let v = view(&s.world);
    let t = &v.trees[0];
    let h = &t.autoscalers[0];
    assert_eq!(h.target, ObjRef::new(Kind::Deployment, "default", "web"));
    assert_eq!((h.target_utilization, h.current_utilization), (Some(80), None), "the API default");
    assert_eq!(h.utilization(), "cpu ? / 80%");
    assert_eq!(
        h.replicas(&Words::default()),
        "first sync within 15 s",
        "not 0 → 0 before it has looked"
    );
    assert!(h.meta.rect.x >= t.top.meta.rect.right(), "beside the Deployment");
    let mut later = s;
    later.world.advance(20_000);
    let v2 = view(&later.world);
    let synced = &v2.trees[0].autoscalers[0];
    assert_eq!(
        synced.replicas(&Words::default()),
        "2 replicas, left as they are",
        "not the status's 2 → 0"
    );
    assert!(synced.inactive, "no CPU requests: it cannot compute, and shows it");
    let end = h.arc.rsplit(' ').next().unwrap_or_default();
    let x: f64 = end.split(',').next().unwrap_or_default().parse().unwrap_or(f64::NAN);
    assert!(
        (x - t.top.meta.rect.right()).abs() < 0.2,
        "the loop arrives on the Deployment: {}",
        h.arc
    );
}

#[test]
fn a_deployments_config_maps_and_secrets_are_chips_on_its_band_missing_until_stored() {
    let mut w = World::new(1);
    let mut t = template("web");
    let c = &mut t.spec.containers[0];
    c.env_from = Some(Box::new(serde_json::json!([{"configMapRef": {"name": "settings"}}])));
    c.env = Some(Box::new(serde_json::json!([
        {"name": "P", "valueFrom": {"secretKeyRef": {"name": "db", "key": "password"}}},
        {"name": "Q", "valueFrom": {"configMapKeyRef": {"name": "settings", "key": "q"}}}
    ])));
    let spec = DeploymentSpec { selector: selector("web"), template: t, ..Default::default() };
    w.create(Deployment { metadata: meta("web"), spec, ..Default::default() }).expect("deploy");
    let chips = |v: &ViewModel| -> Vec<(String, bool)> {
        v.trees[0].configs.iter().map(|c| (c.meta.target.arg(), c.missing)).collect()
    };
    let v = view(&w);
    assert_eq!(chips(&v), [("cm/settings".to_string(), true), ("secret/db".to_string(), true)]);
    let chip = v.trees[0].configs[0].meta.rect;
    assert!(chip.w > 0.0 && chip.y > v.trees[0].band.y && chip.bottom() < v.trees[0].band.bottom());
    let mut cm = ConfigMap { metadata: meta("settings"), ..Default::default() };
    cm.data.insert("q".into(), "1".into());
    w.create(cm).expect("configmap");
    let v = view(&w);
    assert_eq!(chips(&v), [("cm/settings".to_string(), false), ("secret/db".to_string(), true)]);
    let found = v.find(&ObjRef::new(Kind::ConfigMap, "default", "settings"));
    assert!(found.is_some_and(|m| !m.uid.starts_with("missing:")));
}

/// A Deployment `web` of pods labelled `app=web`, and a budget `name` selecting `app=<app>`
/// whose status allows `allowed` disruptions.
fn deployment_and_pdb(w: &mut World, name: &str, app: &str, allowed: i32) {
    let spec = DeploymentSpec {
        selector: selector("web"),
        template: template("web"),
        ..Default::default()
    };
    w.create(Deployment { metadata: meta("web"), spec, ..Default::default() }).expect("deploy");
    let spec = PdbSpec {
        min_available: Some(IntOrString::Int(5)),
        selector: Some(selector(app)),
        ..Default::default()
    };
    let status = PdbStatus {
        disruptions_allowed: allowed,
        current_healthy: 5 + allowed,
        desired_healthy: 5,
        expected_pods: 5 + allowed,
        ..Default::default()
    };
    w.create(PodDisruptionBudget { metadata: meta(name), spec, status, ..Default::default() })
        .expect("pdb");
}

#[test]
fn a_budget_covering_a_deployments_pods_is_a_chip_on_its_band_with_what_it_allows() {
    let mut w = World::new(1);
    deployment_and_pdb(&mut w, "web", "web", 1);
    let v = view(&w);
    let t = &v.trees[0];
    let chips: Vec<(String, i32, i32, i32)> =
        t.pdbs.iter().map(|b| (b.meta.target.arg(), b.allowed, b.healthy, b.needed)).collect();
    assert_eq!(chips, [("pdb/web".to_string(), 1, 6, 5)]);
    let chip = t.pdbs[0].meta.rect;
    assert!(chip.w > 0.0 && chip.y > t.band.y && chip.bottom() < t.band.bottom(), "{chip:?}");
    assert!(chip.right() <= v.width, "{chip:?} past {}", v.width);
    let found = v.find(&ObjRef::new(Kind::PodDisruptionBudget, "default", "web"));
    assert_eq!(found.map(|m| m.rect), Some(chip));
}

#[test]
fn a_budget_covering_no_workloads_pods_is_not_drawn() {
    let mut w = World::new(1);
    deployment_and_pdb(&mut w, "other", "other", 0);
    let v = view(&w);
    assert_eq!(v.trees[0].pdbs, []);
    assert_eq!(v.find(&ObjRef::new(Kind::PodDisruptionBudget, "default", "other")), None);
}

#[test]
fn a_replication_controller_heads_a_band_with_its_pods_and_its_kubectl_figures() {
    let mut w = World::new(1);
    let spec = ReplicationControllerSpec {
        replicas: Some(2),
        template: Some(template("legacy")),
        ..Default::default()
    };
    let rc = ReplicationController { metadata: meta("legacy"), spec, ..Default::default() };
    let rc = (*w.create(rc).expect("replication controller")).clone();
    for i in 1..=2 {
        pod_of(&mut w, &format!("legacy-{i}"), "v1", "ReplicationController", &rc.metadata);
    }
    let v = view(&w);
    let t = v
        .trees
        .iter()
        .find(|t| t.top.meta.target.kind == Kind::ReplicationController)
        .expect("a ReplicationController band");
    let (columns, _) = t.top.figures.columns(&Words::default());
    assert_eq!(columns[0], ("DESIRED", "2".to_string()), "kubectl get rc's first figure");
    let pods = t.pods.as_ref().expect("its pods, under it");
    assert_eq!(pods.pods.len(), 2);
    let e = v.edges.iter().find(|e| e.dependent == "Pod/legacy-1");
    assert_eq!(e.map(|e| e.owner.as_str()), Some("ReplicationController/legacy"));
    assert!(v.orphans.is_none_or(|l| l.pods.pods.is_empty()), "none of its pods is an orphan");
}
