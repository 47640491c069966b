//! `describe statefulset` and `describe persistentvolumeclaim`. Models describe.go
//! `describeStatefulSet`, `describeVolumeClaimTemplates`, `getPodStatusForController`,
//! `describePersistentVolumeClaim`, `printPersistentVolumeClaim`, `getPodsForPVC` and
//! `printPodsMultiline`. A StatefulSet's pods' DNS names are not printed: kubectl shows
//! none (the decision feed names them when the pods are created).

use super::pods_status;
use std::collections::BTreeMap;
use std::rc::Rc;

use super::pod::pod_template;
use super::reader::Reader;
use super::{annotations, events, labels, rfc1123z, Writer};
use crate::api::printers::access_modes;
use crate::api::printers::since;
use crate::clock::Time;
use crate::model::{PersistentVolumeClaim, Pod, StatefulSet};

pub(super) fn describe_statefulset(r: &mut Reader, set: &StatefulSet, now: Time) -> String {
    let (m, spec) = (&set.metadata, &set.spec);
    let mut w = Writer::default();
    w.w(0, &format!("Name:\t{}\n", m.name));
    w.w(0, &format!("Namespace:\t{}\n", m.namespace));
    w.w(0, &format!("CreationTimestamp:\t{}\n", rfc1123z(m.creation_timestamp)));
    let selector = spec.selector.to_selector();
    w.w(0, &format!("Selector:\t{selector}\n"));
    labels(&mut w, "Labels", &m.labels);
    annotations(&mut w, "Annotations", &m.annotations);
    if !spec.service_name.is_empty() {
        w.w(0, &format!("Service Name:\t{}\n", spec.service_name));
    }
    if !spec.pod_management_policy.is_empty() {
        w.w(0, &format!("Pod Management Policy:\t{}\n", spec.pod_management_policy));
    }
    w.w(0, &format!("Replicas:\t{} desired | {} total\n", spec.replicas, set.status.replicas));
    w.w(0, &format!("Update Strategy:\t{}\n", spec.update_strategy.type_));
    if let Some(ru) = &spec.update_strategy.rolling_update {
        // The API server defaults the partition, so it is always there to print.
        w.w(1, &format!("Partition:\t{}\n", ru.partition));
        if let Some(max) = &ru.max_unavailable {
            w.w(1, &format!("MaxUnavailable:\t{max}\n"));
        }
    }
    // Defaulted on every set since StatefulSetAutoDeletePVC went beta, so always printed.
    let policy = &spec.persistent_volume_claim_retention_policy;
    w.w(0, "Persistent Volume Claim Retention Policy:\n");
    w.w(1, &format!("WhenDeleted:\t{}\n", policy.when_deleted));
    w.w(1, &format!("WhenScaled:\t{}\n", policy.when_scaled));
    pods_status(&mut w, r, m, &selector);
    pod_template(&mut w, &spec.template);
    volume_claim_templates(&mut w, &spec.volume_claim_templates);
    events(&mut w, r.events_for(&m.uid), now);
    w.0
}

/// `describeVolumeClaimTemplates`.
fn volume_claim_templates(w: &mut Writer, templates: &[PersistentVolumeClaim]) {
    if templates.is_empty() {
        w.w(0, "Volume Claims:\t<none>\n");
        return;
    }
    w.w(0, "Volume Claims:\n");
    for c in templates {
        w.w(1, &format!("Name:\t{}\n", c.metadata.name));
        w.w(1, &format!("StorageClass:\t{}\n", storage_class(c)));
        // `printLabelsMultilineWithIndent`: annotations too are printed as `key=value`.
        labels(w, "  Labels", &c.metadata.labels);
        labels(w, "  Annotations", &c.metadata.annotations);
        let capacity = c.spec.resources.requests.get("storage").map_or("<default>", |s| s.as_str());
        w.w(1, &format!("Capacity:\t{capacity}\n"));
        // Go's `%s` of a slice of strings: `[a b]`.
        w.w(1, &format!("Access Modes:\t[{}]\n", c.spec.access_modes.join(" ")));
    }
}

/// `storageutil.GetPersistentVolumeClaimClass`: the beta annotation wins over the field.
fn storage_class(c: &PersistentVolumeClaim) -> &str {
    if let Some(class) = c.metadata.annotations.get("volume.beta.kubernetes.io/storage-class") {
        return class;
    }
    c.spec.storage_class_name.as_deref().unwrap_or("")
}

pub(super) fn describe_pvc(r: &mut Reader, c: &PersistentVolumeClaim, now: Time) -> String {
    let m = &c.metadata;
    let mut w = Writer::default();
    w.w(0, &format!("Name:\t{}\n", m.name));
    w.w(0, &format!("Namespace:\t{}\n", m.namespace));
    w.w(0, &format!("StorageClass:\t{}\n", storage_class(c)));
    if m.deletion_timestamp.is_some() {
        w.w(0, &format!("Status:\tTerminating (lasts {})\n", since(m.deletion_timestamp, now)));
    } else {
        w.w(0, &format!("Status:\t{}\n", c.status.phase));
    }
    w.w(0, &format!("Volume:\t{}\n", c.spec.volume_name));
    labels(&mut w, "Labels", &m.labels);
    annotations(&mut w, "Annotations", &m.annotations);
    // Go's `%v` of a string slice.
    w.w(0, &format!("Finalizers:\t[{}]\n", m.finalizers.join(" ")));
    // A bound claim shows what it got; an unbound one shows nothing.
    let (capacity, modes) = if c.spec.volume_name.is_empty() {
        (String::new(), String::new())
    } else {
        let capacity = c.status.capacity.get("storage").cloned().unwrap_or_default();
        (capacity, access_modes(&c.status.access_modes))
    };
    w.w(0, &format!("Capacity:\t{capacity}\n"));
    w.w(0, &format!("Access Modes:\t{modes}\n"));
    if let Some(mode) = &c.spec.volume_mode {
        w.w(0, &format!("VolumeMode:\t{mode}\n"));
    }
    let ns_pods = r.list::<Pod>(Some(&c.metadata.namespace), None, None);
    used_by(&mut w, &pods_for_claim(&ns_pods, c));
    events(&mut w, r.events_for(&m.uid), now);
    w.0
}

/// `getPodsForPVC`: pods with a volume naming the claim (once per such volume, as
/// upstream), then pods named as the claim's owners that are not listed yet.
fn pods_for_claim<'a>(listed: &'a [Rc<Pod>], c: &'a PersistentVolumeClaim) -> Vec<&'a Pod> {
    let ns_pods: Vec<&Pod> = listed.iter().map(|p| &**p).collect();
    let mut pods: Vec<&Pod> = Vec::new();
    for &p in &ns_pods {
        for v in p.spec.volumes.iter() {
            if v.claim_name() == Some(c.metadata.name.as_str()) {
                pods.push(p);
            }
        }
    }
    for r in c.metadata.owner_references.iter().filter(|r| r.kind == "Pod") {
        let Some(&owner) = ns_pods.iter().find(|p| p.metadata.uid == r.uid) else { continue };
        if !pods.iter().any(|p| p.metadata.uid == owner.metadata.uid) {
            pods.push(owner);
        }
    }
    pods
}

/// `printPodsMultiline`: names sorted, one per line in the value column, or `<none>`.
fn used_by(w: &mut Writer, pods: &[&Pod]) {
    let mut names: BTreeMap<&str, usize> = BTreeMap::new();
    for p in pods {
        *names.entry(p.metadata.name.as_str()).or_default() += 1;
    }
    w.w(0, "Used By:\t");
    if names.is_empty() {
        w.w(0, "<none>\n");
        return;
    }
    let mut first = true;
    for (name, n) in names {
        for _ in 0..n {
            if !first {
                w.w(0, "\t");
            }
            first = false;
            w.w(0, &format!("{name}\n"));
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::session::Session;

    #[test]
    fn an_unbound_claim_shows_no_capacity_and_lists_the_pods_that_mount_it() {
        let mut s = Session::script(1);
        let out = s.run(
            "k apply -f - <<EOF
apiVersion: v1
kind: PersistentVolumeClaim
metadata: {name: data}
spec:
  accessModes: [ReadWriteOnce]
  resources: {requests: {storage: 2Gi}}
---
apiVersion: v1
kind: Pod
metadata: {name: b-user}
spec:
  containers: [{name: c, image: nginx}]
  volumes: [{name: d, persistentVolumeClaim: {claimName: data}}]
---
apiVersion: v1
kind: Pod
metadata: {name: a-user}
spec:
  containers: [{name: c, image: nginx}]
  volumes: [{name: d, persistentVolumeClaim: {claimName: data}}]
EOF",
        );
        assert_eq!(out.status, 0, "{}", out.text());
        let text = s.run("k describe pvc data --show-events=false").text();
        let expected = "Name:          data
Namespace:     default
StorageClass:
Status:        Pending
Volume:
Labels:        <none>
Annotations:   <none>
Finalizers:    []
Capacity:
Access Modes:
VolumeMode:    Filesystem
Used By:       a-user
               b-user
";
        assert_eq!(text, expected);
    }
}
