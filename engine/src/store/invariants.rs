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
    ///   orphans), so no write forgot to update one.
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
            if m.deletion_timestamp.is_some() && m.finalizers.is_empty() && T::KIND != Kind::Pod {
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

impl Store {
    /// What holds once the endpoint controllers have caught up (after `settle`), not after
    /// every tick: for each Service with a selector (that does not publish not-ready
    /// addresses), every ready endpoint in its managed slices and every address in its
    /// Endpoints is a pod that exists, has that IP and is Ready; and every Ready pod it
    /// selects is a ready endpoint exactly once.
    pub fn check_endpoints(&self) -> Result<(), String> {
        use crate::controllers::endpointslice::{selects, should_pod_be_in_endpoints};
        use crate::model::*;
        for svc in self.list::<Service>(None, None) {
            let ns = svc.metadata.namespace.as_str();
            let name = svc.metadata.name.as_str();
            if !svc.spec.selects_pods() || svc.spec.publish_not_ready_addresses {
                continue;
            }
            let real = |what: &str, ip: &str, target: Option<&ObjectReference>| {
                let pod = target.and_then(|t| self.get::<Pod>(ns, &t.name));
                match pod {
                    Some(p) if p.status.pod_ips.iter().any(|i| i == ip) && p.is_ready() => Ok(()),
                    Some(p) => Err(format!(
                        "service {name}: {what} {ip} is pod {} with IPs {:?}, ready {}",
                        p.metadata.name,
                        p.status.pod_ips.iter().collect::<Vec<_>>(),
                        p.is_ready()
                    )),
                    None => Err(format!("service {name}: {what} {ip} is no pod ({target:?})")),
                }
            };
            let mut ready_names = std::collections::BTreeMap::<&str, usize>::new();
            let slices = self.list::<EndpointSlice>(Some(ns), None).filter(|s| {
                s.service_name() == Some(name)
                    && s.metadata.labels.get(LABEL_MANAGED_BY).map(String::as_str)
                        == Some(MANAGED_BY_CONTROLLER)
            });
            for ep in slices.flat_map(|s| s.endpoints()).filter(|e| e.conditions.is_ready()) {
                for ip in &ep.addresses {
                    real("ready endpoint", ip, ep.target_ref.as_ref())?;
                }
                if let Some(t) = &ep.target_ref {
                    *ready_names.entry(t.name.as_str()).or_default() += 1;
                }
            }
            if let Some(e) = self.get::<Endpoints>(ns, name) {
                for a in e.subsets.iter().flat_map(|s| &s.addresses) {
                    real("ready address", &a.ip, a.target_ref.as_ref())?;
                }
            }
            let wanted = self.list::<Pod>(Some(ns), None).filter(|p| {
                selects(&svc.spec.selector, &p.metadata.labels)
                    && should_pod_be_in_endpoints(p, false)
                    && p.is_ready()
            });
            for p in wanted {
                let n = ready_names.get(p.metadata.name.as_str()).copied().unwrap_or(0);
                if n != 1 {
                    return Err(format!(
                        "service {name}: ready pod {} is {n} ready endpoints",
                        p.metadata.name
                    ));
                }
            }
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
    } else {
        "orphans"
    };
    format!("the {which} index differs from one rebuilt from the tables")
}

#[cfg(test)]
mod tests {
    use crate::kubectl::{Mode, Session};
    use crate::world::World;

    #[test]
    fn a_busy_cluster_keeps_its_invariants_and_a_broken_index_is_caught() {
        let mut s = Session::new(World::new(3), Mode::Script);
        let out = s.run(
            "k create deployment web --image=nginx --replicas=4; k rollout status deploy/web; \
             k delete deploy web --cascade=orphan; k label pod --all app-; settle",
        );
        assert_eq!(out.status, 0, "{}", out.text());
        assert_eq!(s.world.store.check_invariants(), Ok(()));
        let pod = s.world.store.index.pods_by_node.keys().next().cloned().expect("a bound pod");
        s.world.store.index.node_load.insert(pod, 99);
        let err = s.world.store.check_invariants().unwrap_err();
        assert!(err.contains("node-load"), "{err}");
    }

    #[test]
    fn endpoints_are_checked_against_the_pods_once_the_loops_catch_up() {
        use crate::controllers::ControllerName;
        use crate::model::*;
        use crate::world::RunState;
        let mut s = Session::new(World::new(4), Mode::Script);
        let out = s.run("k create deployment web --image=nginx --replicas=2; settle");
        assert_eq!(out.status, 0, "{}", out.text());
        s.world.create(Service::selecting("web", &[("app", "web")], 80)).unwrap();
        s.world.settle();
        assert_eq!(s.world.store.check_endpoints(), Ok(()));
        // With both endpoint loops stopped, a deleted pod stays a ready endpoint.
        s.world.set_controller(ControllerName::EndpointSlice, RunState::Stopped);
        s.world.set_controller(ControllerName::Endpoints, RunState::Stopped);
        assert_eq!(s.run("k delete pod --all --grace-period=0 --force").status, 0);
        s.world.advance(1_000);
        let err = s.world.store.check_endpoints().unwrap_err();
        assert!(err.contains("service web: ready"), "{err}");
        s.world.set_controller(ControllerName::EndpointSlice, RunState::Running);
        s.world.set_controller(ControllerName::Endpoints, RunState::Running);
        s.world.settle();
        assert_eq!(s.world.store.check_endpoints(), Ok(()));
    }
}
