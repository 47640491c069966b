//! kubectl's describe output for a small built-in cluster: a Deployment, its ReplicaSet,
//! three pods and a node, stored exactly as each test needs (kubectl/printers/describe).

use std::collections::BTreeMap;

use crate::clock::Time;
use crate::store::{Key, Store};
use crate::world::World;

/// Describes through the API of a cluster holding exactly `store`'s objects.
fn describe(store: &mut Store, kind: Kind, ns: &str, name: &str, now: Time) -> Option<String> {
    let mut w = World::empty(1);
    std::mem::swap(&mut w.store, store);
    let text = crate::kubectl::printers::describe::describe(&mut w, kind, ns, name, now);
    std::mem::swap(&mut w.store, store);
    text
}
use crate::controllers::kubelet;
use crate::model::*;
use crate::rng::SimRng;
use crate::store::EventSpec;

const MIN: i64 = 60_000;
const HASH: &str = "7d9f5cbb6d";

fn labels_of(pairs: &[(&str, &str)]) -> Labels {
    pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

fn template(labels: Labels) -> PodTemplateSpec {
    let nginx = Container::new("nginx", "nginx:1.27");
    PodTemplateSpec {
        metadata: ObjectMeta { labels, ..Default::default() },
        spec: PodSpec { containers: vec![nginx].into(), ..Default::default() },
    }
}

fn condition(type_: &str, reason: &str) -> Condition {
    Condition {
        type_: type_.into(),
        status: "True".into(),
        reason: reason.into(),
        ..Default::default()
    }
}

fn meta(name: &str, labels: Labels) -> ObjectMeta {
    ObjectMeta { name: name.into(), namespace: "default".into(), labels, ..Default::default() }
}

/// Everything created at time zero; describe runs three minutes later.
fn cluster() -> Store {
    let mut store = Store::new();
    let mut rng = SimRng::new(7);
    let t0 = Time::ZERO;
    let revision: BTreeMap<String, String> =
        [("deployment.kubernetes.io/revision".into(), "1".into())].into();
    let app = labels_of(&[("app", "web")]);
    let hashed = labels_of(&[("app", "web"), ("pod-template-hash", HASH)]);

    let mut d = Deployment {
        api_version: "apps/v1".into(),
        kind: "Deployment".into(),
        ..Default::default()
    };
    d.metadata = ObjectMeta { annotations: revision.clone(), ..meta("web", app.clone()) };
    d.spec.replicas = 3;
    d.spec.selector.match_labels = app.clone();
    d.spec.template = template(app.clone());
    let mut d = std::rc::Rc::unwrap_or_clone(store.create(d, t0, &mut rng).unwrap());
    d.status = DeploymentStatus {
        observed_generation: 1,
        replicas: 3,
        updated_replicas: 3,
        ready_replicas: 3,
        available_replicas: 3,
        conditions: vec![
            condition("Available", "MinimumReplicasAvailable"),
            condition("Progressing", "NewReplicaSetAvailable"),
        ],
        ..Default::default()
    };
    let d = store.update_status(&d, t0).unwrap();

    let mut rs = ReplicaSet {
        api_version: "apps/v1".into(),
        kind: "ReplicaSet".into(),
        ..Default::default()
    };
    rs.metadata =
        ObjectMeta { annotations: revision, ..meta(&format!("web-{HASH}"), hashed.clone()) };
    rs.metadata.owner_references.push(OwnerReference::controller(
        "apps/v1",
        "Deployment",
        &d.metadata,
    ));
    rs.spec.replicas = 3;
    rs.spec.selector.match_labels = hashed.clone();
    rs.spec.template = template(hashed.clone());
    let mut rs = std::rc::Rc::unwrap_or_clone(store.create(rs, t0, &mut rng).unwrap());
    rs.status.replicas = 3;
    rs.status.ready_replicas = 3;
    let rs = store.update_status(&rs, t0).unwrap();

    let node = Node::registered("node-1", 1, 110, t0);
    store.create(node, t0, &mut rng).unwrap();

    for (i, suffix) in ["8xk2p", "n4v7q", "zq9hm"].iter().enumerate() {
        let mut pod = Pod::new(
            meta(&format!("web-{HASH}-{suffix}"), hashed.clone()),
            template(hashed.clone()).spec,
        );
        pod.metadata.owner_references.push(OwnerReference::controller(
            "apps/v1",
            "ReplicaSet",
            &rs.metadata,
        ));
        pod.spec.node_name = Some("node-1".into());
        let mut pod = std::rc::Rc::unwrap_or_clone(store.create(pod, t0, &mut rng).unwrap());
        let uid = pod.metadata.uid.clone();
        pod.status = PodStatus {
            phase: PodPhase::Running,
            host_ip: Some("10.0.0.11".into()),
            pod_ip: Some(format!("10.244.1.{}", i + 1)),
            start_time: Some(t0),
            container_statuses: vec![ContainerStatus {
                name: "nginx".into(),
                image: "nginx:1.27".into(),
                ready: true,
                restart_count: 0,
                started: Some(true),
                state: ContainerState::running(t0),
                last_state: ContainerState::default(),
                container_id: Some(ContainerId::Containerd(kubelet::digest(&format!(
                    "{uid}/nginx/0"
                )))),
                image_id: Some(kubelet::image_id("nginx:1.27").into()),
                ..Default::default()
            }],
            ..Default::default()
        };
        pod.set_condition("Ready", true, t0);
        let pod = store.update_status(&pod, t0).unwrap();
        let message = format!("Successfully assigned default/{} to node-1", pod.metadata.name);
        let spec = EventSpec {
            type_: "Normal",
            reason: "Scheduled",
            message,
            component: "default-scheduler",
            host: "",
        };
        store.record_event(Kind::Pod, &pod.metadata, spec, t0, &mut rng);
    }
    store
}

fn now() -> Time {
    Time(3 * MIN)
}

#[test]
fn pods_show_their_controller_containers_and_events() {
    let mut store = cluster();
    let pod: &Pod = store.get("default", "web-7d9f5cbb6d-8xk2p").unwrap();
    // The IDs the status holds, as the runtime reported them.
    let status = &pod.status.container_statuses[0];
    let cid = status.container_id.as_ref().unwrap().to_string();
    let iid = status.image_id.as_deref().unwrap();
    assert!(cid.starts_with("containerd://") && cid.len() == "containerd://".len() + 64, "{cid}");
    assert!(iid.starts_with("docker.io/library/nginx@sha256:") && iid.len() == 31 + 64, "{iid}");
    let volume = &pod.spec.volumes[0].name;
    let want = format!(
        "Name:             web-7d9f5cbb6d-8xk2p
Namespace:        default
Priority:         0
Service Account:  default
Node:             node-1/10.0.0.11
Start Time:       Wed, 01 Jan 2025 00:00:00 +0000
Labels:           app=web
                  pod-template-hash=7d9f5cbb6d
Annotations:      <none>
Status:           Running
IP:               10.244.1.1
IPs:
  IP:           10.244.1.1
Controlled By:  ReplicaSet/web-7d9f5cbb6d
Containers:
  nginx:
    Container ID:   {cid}
    Image:          nginx:1.27
    Image ID:       {iid}
    Port:           <none>
    Host Port:      <none>
    State:          Running
      Started:      Wed, 01 Jan 2025 00:00:00 +0000
    Ready:          True
    Restart Count:  0
    Environment:    <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from {volume} (ro)
Conditions:
  Type    Status
  Ready   True 
Volumes:
  {volume}:
    Type:                    Projected (a volume that contains injected data from multiple sources)
    TokenExpirationSeconds:  3607
    ConfigMapName:           kube-root-ca.crt
    Optional:                false
    DownwardAPI:             true
QoS Class:                   BestEffort
Node-Selectors:              <none>
Tolerations:                 node.kubernetes.io/not-ready:NoExecute op=Exists for 300s
                             node.kubernetes.io/unreachable:NoExecute op=Exists for 300s
Events:
  Type    Reason     Age   From               Message
  ----    ------     ----  ----               -------
  Normal  Scheduled  3m    default-scheduler  Successfully assigned default/web-7d9f5cbb6d-8xk2p to node-1
"
    );
    assert_eq!(
        describe(&mut store, Kind::Pod, "default", "web-7d9f5cbb6d-8xk2p", now()).unwrap(),
        want
    );
}

#[test]
fn terminating_pods_show_the_deletion_and_grace_period() {
    let mut store = cluster();
    let mut pod: Pod = store.get::<Pod>("default", "web-7d9f5cbb6d-8xk2p").unwrap().clone();
    pod.metadata.deletion_timestamp = Some(Time(2 * MIN + 55_000));
    pod.metadata.deletion_grace_period_seconds = Some(30);
    store.pods.insert(Key::of(&pod.metadata, Kind::Pod), pod.into());
    let text = describe(&mut store, Kind::Pod, "default", "web-7d9f5cbb6d-8xk2p", now()).unwrap();
    assert!(text.contains("\nStatus:                    Terminating (lasts 5s)\n"), "{text}");
    assert!(text.contains("\nTermination Grace Period:  30s\n"), "{text}");
    // Within the grace period the deletion timestamp is still ahead: Go's HumanDuration of a
    // negative duration, as real kubectl prints it.
    let text =
        describe(&mut store, Kind::Pod, "default", "web-7d9f5cbb6d-8xk2p", Time(2 * MIN)).unwrap();
    assert!(
        text.contains("\nStatus:                    Terminating (lasts <invalid>)\n"),
        "{text}"
    );
}

#[test]
fn replicasets_show_owner_replicas_and_pod_counts() {
    let mut store = cluster();
    let want = "Name:           web-7d9f5cbb6d
Namespace:      default
Selector:       app=web,pod-template-hash=7d9f5cbb6d
Labels:         app=web
                pod-template-hash=7d9f5cbb6d
Annotations:    deployment.kubernetes.io/revision: 1
Controlled By:  Deployment/web
Replicas:       3 current / 3 desired
Pods Status:    3 Running / 0 Waiting / 0 Succeeded / 0 Failed
Pod Template:
  Labels:  app=web
           pod-template-hash=7d9f5cbb6d
  Containers:
   nginx:
    Image:         nginx:1.27
    Port:          <none>
    Host Port:     <none>
    Environment:   <none>
    Mounts:        <none>
  Volumes:         <none>
  Node-Selectors:  <none>
  Tolerations:     <none>
Events:            <none>
";
    assert_eq!(
        describe(&mut store, Kind::ReplicaSet, "default", "web-7d9f5cbb6d", now()).unwrap(),
        want
    );
}

#[test]
fn deployments_show_strategy_conditions_and_replicasets() {
    let mut store = cluster();
    let want = "Name:                   web
Namespace:              default
CreationTimestamp:      Wed, 01 Jan 2025 00:00:00 +0000
Labels:                 app=web
Annotations:            deployment.kubernetes.io/revision: 1
Selector:               app=web
Replicas:               3 desired | 3 updated | 3 total | 3 available | 0 unavailable
StrategyType:           RollingUpdate
MinReadySeconds:        0
RollingUpdateStrategy:  25% max unavailable, 25% max surge
Pod Template:
  Labels:  app=web
  Containers:
   nginx:
    Image:         nginx:1.27
    Port:          <none>
    Host Port:     <none>
    Environment:   <none>
    Mounts:        <none>
  Volumes:         <none>
  Node-Selectors:  <none>
  Tolerations:     <none>
Conditions:
  Type           Status  Reason
  ----           ------  ------
  Available      True    MinimumReplicasAvailable
  Progressing    True    NewReplicaSetAvailable
OldReplicaSets:  <none>
NewReplicaSet:   web-7d9f5cbb6d (3/3 replicas created)
Events:          <none>
";
    assert_eq!(describe(&mut store, Kind::Deployment, "default", "web", now()).unwrap(), want);
}

#[test]
fn nodes_list_their_pods_in_the_allocation_table() {
    let mut store = cluster();
    let text = describe(&mut store, Kind::Node, "default", "node-1", now()).unwrap();
    for line in [
        "Name:               node-1\n",
        "Roles:              <none>\n",
        "Taints:             <none>\n",
        "Unschedulable:      false\n",
        "  PIDPressure      False   Wed, 01 Jan 2025 00:00:00 +0000   Wed, 01 Jan 2025 00:00:00 +0000   KubeletHasSufficientPID      kubelet has sufficient PID available\n",
        "  Ready            True    Wed, 01 Jan 2025 00:00:00 +0000   Wed, 01 Jan 2025 00:00:00 +0000   KubeletReady                 kubelet is posting ready status\n",
        "  InternalIP:  10.0.0.11\n  Hostname:    node-1\n",
        "Allocatable:\n  cpu:                4\n  ephemeral-storage:  91287864Ki\n",
        "  Kubelet Version:            v1.34.1\n",
        "PodCIDR:                      10.244.1.0/24\nPodCIDRs:                     10.244.1.0/24\n",
        "Non-terminated Pods:          (3 in total)\n",
        "  Namespace                   Name                    CPU Requests  CPU Limits  Memory Requests  Memory Limits  Age\n",
        "  default                     web-7d9f5cbb6d-8xk2p    0 (0%)        0 (0%)      0 (0%)           0 (0%)         3m\n",
        "  cpu                0 (0%)    0 (0%)\n",
        "  hugepages-2Mi      0 (0%)    0 (0%)\n",
        "Events:              <none>\n",
    ] {
        assert!(text.contains(line), "missing {line:?} in\n{text}");
    }
    assert_eq!(describe(&mut store, Kind::Node, "", "node-2", now()), None);
}

#[test]
fn events_use_the_generic_describer() {
    let mut store = cluster();
    let pod: &Pod = store.get("default", "web-7d9f5cbb6d-8xk2p").unwrap();
    let ev = store.events_for(&pod.metadata.uid)[0].metadata.name.clone();
    let text = describe(&mut store, Kind::Event, "default", &ev, now()).unwrap();
    for line in [
        "API Version:      v1\n",
        "Count:            1\n",
        "Involved Object:\n",
        "  Kind:              Pod\n",
        "  Resource Version:  20\n",
        "Reporting Component:   default-scheduler\n",
        "Events:       <none>\n",
    ] {
        assert!(text.contains(line), "missing {line:?} in\n{text}");
    }
}
