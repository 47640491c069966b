//! `describe replicaset`, `describe replicationcontroller` and `describe deployment`. Models
//! describe.go `describeReplicaSet`, `describeReplicationController`,
//! `getPodStatusForController`, `describeDeployment` and `printReplicaSetsByLabels`, with the
//! ReplicaSet lookup of kubectl/pkg/util/deployment (`GetAllReplicaSetsInChunks`).

use super::pod::pod_template;
use super::pods_status;
use super::reader::Reader;
use super::{annotations, controlled_by, events, labels, rfc1123z, Writer};
use crate::api::printers::format_labels;
use crate::clock::Time;
use crate::model::{
    Condition, Deployment, PodTemplateSpec, ReplicaSet, ReplicationController, StrategyType,
};

pub(super) fn describe_replicaset(r: &mut Reader, rs: &ReplicaSet, now: Time) -> String {
    let m = &rs.metadata;
    let mut w = Writer::default();
    w.w(0, &format!("Name:\t{}\n", m.name));
    w.w(0, &format!("Namespace:\t{}\n", m.namespace));
    w.w(0, &format!("Selector:\t{}\n", rs.spec.selector.format()));
    labels(&mut w, "Labels", &m.labels);
    annotations(&mut w, "Annotations", &m.annotations);
    controlled_by(&mut w, m);
    w.w(0, &format!("Replicas:\t{} current / {} desired\n", rs.status.replicas, rs.spec.replicas));
    // Pods matching the selector and controlled by this ReplicaSet; Pending counts as Waiting.
    let selector = rs.spec.selector.to_selector();
    pods_status(&mut w, r, m, &selector);
    pod_template(&mut w, &rs.spec.template);
    conditions(&mut w, &rs.status.conditions);
    events(&mut w, r.events_for(&m.uid), now);
    w.0
}

/// Like a ReplicaSet's, without `Controlled By` and with the selector as plain pairs.
pub(super) fn describe_replication_controller(
    r: &mut Reader,
    rc: &ReplicationController,
    now: Time,
) -> String {
    let m = &rc.metadata;
    let mut w = Writer::default();
    w.w(0, &format!("Name:\t{}\n", m.name));
    w.w(0, &format!("Namespace:\t{}\n", m.namespace));
    w.w(0, &format!("Selector:\t{}\n", format_labels(&rc.spec.selector)));
    labels(&mut w, "Labels", &m.labels);
    annotations(&mut w, "Annotations", &m.annotations);
    w.w(0, &format!("Replicas:\t{} current / {} desired\n", rc.status.replicas, rc.replicas()));
    pods_status(&mut w, r, m, &rc.selector().to_selector());
    pod_template(&mut w, &rc.spec.template.clone().unwrap_or_default());
    conditions(&mut w, &rc.status.conditions);
    events(&mut w, r.events_for(&m.uid), now);
    w.0
}

pub(super) fn describe_deployment(r: &mut Reader, d: &Deployment, now: Time) -> String {
    let m = &d.metadata;
    let s = &d.status;
    let mut w = Writer::default();
    w.w(0, &format!("Name:\t{}\n", m.name));
    w.w(0, &format!("Namespace:\t{}\n", m.namespace));
    w.w(0, &format!("CreationTimestamp:\t{}\n", rfc1123z(m.creation_timestamp)));
    labels(&mut w, "Labels", &m.labels);
    annotations(&mut w, "Annotations", &m.annotations);
    let selector = d.spec.selector.to_selector();
    w.w(0, &format!("Selector:\t{selector}\n"));
    w.w(
        0,
        &format!(
            "Replicas:\t{} desired | {} updated | {} total | {} available | {} unavailable\n",
            d.spec.replicas,
            s.updated_replicas,
            s.replicas,
            s.available_replicas,
            s.unavailable_replicas
        ),
    );
    let strategy = &d.spec.strategy;
    let rolling = strategy.type_ == StrategyType::RollingUpdate;
    w.w(0, &format!("StrategyType:\t{}\n", if rolling { "RollingUpdate" } else { "Recreate" }));
    w.w(0, &format!("MinReadySeconds:\t{}\n", d.spec.min_ready_seconds));
    if let Some(ru) = strategy.rolling_update.as_ref().filter(|_| rolling) {
        w.w(
            0,
            &format!(
                "RollingUpdateStrategy:\t{} max unavailable, {} max surge\n",
                ru.max_unavailable, ru.max_surge
            ),
        );
    }
    pod_template(&mut w, &d.spec.template);
    conditions(&mut w, &s.conditions);

    // The ReplicaSets the Deployment controls, oldest first; the new one has the template.
    let listed = r.list::<ReplicaSet>(Some(&m.namespace), Some(&selector), None);
    let mut owned: Vec<&ReplicaSet> = listed
        .iter()
        .map(|rs| &**rs)
        .filter(|rs| rs.metadata.controller_ref().is_some_and(|r| r.uid == m.uid))
        .collect();
    crate::sort::sort_by(&mut owned, |a, b| {
        (a.metadata.creation_timestamp, &a.metadata.name)
            .cmp(&(b.metadata.creation_timestamp, &b.metadata.name))
    });
    let new = owned.iter().position(|rs| equal_ignore_hash(&rs.spec.template, &d.spec.template));
    let new_rs: Vec<&ReplicaSet> = new.map(|i| owned[i]).into_iter().collect();
    let old_rs: Vec<&ReplicaSet> =
        owned.iter().enumerate().filter(|(i, _)| Some(*i) != new).map(|(_, rs)| *rs).collect();
    if !owned.is_empty() {
        w.w(0, &format!("OldReplicaSets:\t{}\n", replica_sets(&old_rs)));
        w.w(0, &format!("NewReplicaSet:\t{}\n", replica_sets(&new_rs)));
    }
    events(&mut w, r.events_for(&m.uid), now);
    w.0
}

/// The `Conditions:` table of ReplicaSets and Deployments.
fn conditions(w: &mut Writer, list: &[Condition]) {
    if list.is_empty() {
        return;
    }
    w.w(0, "Conditions:\n  Type\tStatus\tReason\n");
    w.w(1, "----\t------\t------\n");
    for c in list {
        w.w(1, &format!("{} \t{}\t{}\n", c.type_, c.status, c.reason));
    }
}

/// `printReplicaSetsByLabels`.
fn replica_sets(list: &[&ReplicaSet]) -> String {
    if list.is_empty() {
        return "<none>".into();
    }
    list.iter()
        .map(|rs| {
            format!(
                "{} ({}/{} replicas created)",
                rs.metadata.name, rs.status.replicas, rs.spec.replicas
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// deployment util `equalIgnoreHash`: templates equal apart from the pod-template-hash label.
fn equal_ignore_hash(a: &PodTemplateSpec, b: &PodTemplateSpec) -> bool {
    let strip = |t: &PodTemplateSpec| {
        let mut t = t.clone();
        t.metadata.labels.remove("pod-template-hash");
        t
    };
    strip(a) == strip(b)
}
