//! What must hold after every write and every tick, whatever users and faults did. The world
//! checks it after each step in debug builds and tests, so a bug shows up at the step that
//! caused it rather than as a strange state much later.

use super::index::Indexes;
use super::{Store, Tabled};
use crate::model::Kind;

impl Store {
    /// Checks the store's invariants; the error names the first one broken.
    ///
    /// - The indexes equal indexes rebuilt from the tables (by UID, owner, node, load,
    ///   orphans, and the controllers' pod tallies: active, terminating, ready and ready
    ///   since, recounted from every pod), so no write forgot to update one.
    /// - UIDs are unique (among the indexed kinds: Events are not), and no object has two
    ///   controller references.
    /// - Every object's resourceVersion is a number no newer than the store's.
    /// - Only pods linger while being deleted without finalizers (graceful termination);
    ///   anything else leaves storage when its last finalizer goes.
    ///
    /// (Watch events carrying increasing resourceVersions is asserted as each is appended.)
    pub fn check_invariants(&self) -> Result<(), String> {
        let mut rebuilt = Indexes::default();
        let mut objects = 0;
        self.check_table::<crate::model::Deployment>(&mut rebuilt, &mut objects)?;
        self.check_table::<crate::model::ReplicaSet>(&mut rebuilt, &mut objects)?;
        self.check_table::<crate::model::Pod>(&mut rebuilt, &mut objects)?;
        self.check_table::<crate::model::Node>(&mut rebuilt, &mut objects)?;
        self.check_table::<crate::model::Service>(&mut rebuilt, &mut objects)?;
        self.check_table::<crate::model::EndpointSlice>(&mut rebuilt, &mut objects)?;
        self.check_table::<crate::model::Endpoints>(&mut rebuilt, &mut objects)?;
        self.check_table::<crate::model::DaemonSet>(&mut rebuilt, &mut objects)?;
        self.check_table::<crate::model::StatefulSet>(&mut rebuilt, &mut objects)?;
        self.check_table::<crate::model::ControllerRevision>(&mut rebuilt, &mut objects)?;
        self.check_table::<crate::model::Job>(&mut rebuilt, &mut objects)?;
        self.check_table::<crate::model::CronJob>(&mut rebuilt, &mut objects)?;
        self.check_table::<crate::model::HorizontalPodAutoscaler>(&mut rebuilt, &mut objects)?;
        self.check_table::<crate::model::PersistentVolumeClaim>(&mut rebuilt, &mut objects)?;
        self.check_table::<crate::model::ConfigMap>(&mut rebuilt, &mut objects)?;
        self.check_table::<crate::model::Secret>(&mut rebuilt, &mut objects)?;
        self.check_table::<crate::model::PodDisruptionBudget>(&mut rebuilt, &mut objects)?;
        self.check_table::<crate::model::ResourceQuota>(&mut rebuilt, &mut objects)?;
        self.check_table::<crate::model::LimitRange>(&mut rebuilt, &mut objects)?;
        self.check_table::<crate::model::Namespace>(&mut rebuilt, &mut objects)?;
        self.check_table::<crate::model::ServiceAccount>(&mut rebuilt, &mut objects)?;
        self.check_table::<crate::model::PriorityClass>(&mut rebuilt, &mut objects)?;
        self.check_table::<crate::model::ReplicationController>(&mut rebuilt, &mut objects)?;
        self.check_table::<crate::model::Lease>(&mut rebuilt, &mut objects)?;
        self.check_table::<crate::model::Ingress>(&mut rebuilt, &mut objects)?;
        // Events are not indexed (`Indexes::on_write`), so their UIDs are not counted.
        let mut events = 0;
        self.check_table::<crate::model::Event>(&mut rebuilt, &mut events)?;
        if rebuilt.by_uid.len() != objects {
            return Err(format!("{objects} objects share {} UIDs", rebuilt.by_uid.len()));
        }
        if rebuilt != self.index {
            return Err(index_difference(&rebuilt, &self.index));
        }
        Ok(())
    }

    fn check_table<T: Tabled>(
        &self,
        rebuilt: &mut Indexes,
        objects: &mut usize,
    ) -> Result<(), String> {
        for (key, obj) in T::table(self).iter() {
            let m = obj.meta();
            let what = || format!("{} {}/{}", T::KIND.as_str(), key.ns, key.name);
            *objects += 1;
            if m.owner_references.iter().filter(|r| r.is_controller()).count() > 1 {
                return Err(format!("{} has two controller references", what()));
            }
            match m.resource_version.parse::<u64>() {
                Ok(rv) if rv <= self.resource_version => {}
                _ => {
                    return Err(format!("{} has resourceVersion {:?}", what(), m.resource_version))
                }
            }
            // Pods wait for their grace period, namespaces for `spec.finalizers`.
            let held = T::KIND == Kind::Pod || T::graceful_pending(obj, crate::clock::Time::ZERO);
            if m.deletion_timestamp.is_some() && m.finalizers.is_empty() && !held {
                return Err(format!(
                    "{} is deleting with no finalizer left but still stored",
                    what()
                ));
            }
            let object =
                T::rc_into_object(std::rc::Rc::clone(T::table(self).get_rc(key).expect("row")));
            rebuilt.on_write(T::KIND, key, None, Some((m, T::placement(obj), &object)));
        }
        Ok(())
    }
}

/// Names the first index that differs from its rebuild.
fn index_difference(want: &Indexes, have: &Indexes) -> String {
    let which = if want.by_uid != have.by_uid {
        "by-UID"
    } else if want.dependents != have.dependents {
        "dependents"
    } else if want.pods_by_node != have.pods_by_node {
        "pods-by-node"
    } else if want.node_load != have.node_load {
        "node-load"
    } else if want.nodes_by_load != have.nodes_by_load {
        "nodes-by-load"
    } else if want.ips_by_node != have.ips_by_node {
        "pod-IP"
    } else if want.tallies != have.tallies {
        "pod-tally"
    } else {
        "orphans"
    };
    format!("the {which} index differs from one rebuilt from the tables")
}

#[cfg(test)]
mod tests {
    use crate::clock::Time;
    use crate::model::*;
    use crate::rng::SimRng;
    use crate::store::Store;

    fn node(name: &str) -> Node {
        Node {
            metadata: ObjectMeta { name: name.into(), ..Default::default() },
            ..Default::default()
        }
    }

    fn pod(name: &str) -> Pod {
        let meta =
            ObjectMeta { name: name.into(), namespace: "default".into(), ..Default::default() };
        Pod::new(
            meta,
            PodSpec { containers: vec![Container::new("c", "nginx")].into(), ..Default::default() },
        )
    }

    #[test]
    fn bound_pods_keep_the_invariants_and_a_broken_index_is_caught() {
        let (mut store, mut rng, now) = (Store::new(), SimRng::new(1), Time::ZERO);
        store.create(node("node-1"), now, &mut rng).unwrap();
        for name in ["a", "b"] {
            store.create(pod(name), now, &mut rng).unwrap();
            store.bind_pod("default", name, "node-1", now).unwrap();
        }
        assert_eq!(store.check_invariants(), Ok(()));
        let pod = store.index.pods_by_node.keys().next().cloned().expect("a bound pod");
        store.index.node_load.insert(pod, 99);
        let err = store.check_invariants().unwrap_err();
        assert!(err.contains("node-load"), "{err}");
    }
}
