//! Services on the graph: each Service as a box beside the Deployment whose pods it selects
//! (or in the Services lane when it selects none, or pods of no one Deployment), a dashed
//! "selects" edge to every pod it selects, distinct from ownership edges, and the latest
//! requests of its users travelling along those edges.
//!
//! What a Service selects and which of those pods are ready endpoints is read from the store
//! (its selector, its EndpointSlices); where requests went is the engine's traffic record.

use std::collections::BTreeMap;
use std::fmt::Write;

use kubeloop::model::{EndpointSlice, Kind, Pod, ReplicaSet, Service, ServiceType, API_SERVICE};
use kubeloop::store::{Key, Store};
use kubeloop::world::traffic::{Counter, Outcome};
use kubeloop::world::World;

use super::{ItemMeta, OrphanLane, Rect, Tree};
use crate::selection::ObjRef;

/// A request stays drawn this long (simulated ms): its trip from the Service to the pod.
pub const DOT_MS: i64 = 600;

#[derive(Clone, Debug, PartialEq)]
pub struct ServiceItem {
    pub meta: ItemMeta,
    pub type_: ServiceType,
    pub cluster_ip: Option<String>,
    /// kubectl's PORT(S) cell.
    pub ports: String,
    /// Selected pods, and how many of them are ready endpoints.
    pub selected: usize,
    pub ready: usize,
    /// Whether the Service has a selector at all.
    pub has_selector: bool,
}

/// A Service's dashed edge to one pod it selects.
#[derive(Clone, Debug, PartialEq)]
pub struct Selects {
    /// `service-uid>pod-uid`.
    pub key: String,
    pub service: String,
    pub pod: String,
    /// The pod is a ready endpoint (traffic may go there); else drawn faint.
    pub ready: bool,
    pub path: String,
}

/// What changes every tick without a write to the store, so it is read every frame rather
/// than at each build: the requests in flight and each Service's counter.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TrafficOverlay {
    pub dots: Vec<RequestDot>,
    /// By Service UID: requests served and failed, and the rate its users send at.
    pub counters: BTreeMap<String, (Counter, u32)>,
}

/// One request on its way.
#[derive(Clone, Debug, PartialEq)]
pub struct RequestDot {
    pub seq: u64,
    /// The selects edge it travels, or a stub out of the Service box for a request that
    /// found no endpoint.
    pub path: String,
    pub served: bool,
}

/// Services that belong to no one Deployment's pods.
#[derive(Clone, Debug, PartialEq)]
pub struct ServiceLane {
    pub band: Rect,
    pub services: Vec<ServiceItem>,
    /// Ingresses none of whose Services is drawn in a band (`ingresses.rs`).
    pub ingresses: Vec<super::IngressItem>,
}

/// Puts every Service beside the Deployment whose pods it mostly selects; the rest go to the
/// Services lane, which is returned.
pub(super) fn seat(world: &World, trees: &mut [Tree]) -> Option<ServiceLane> {
    linked().and_then(|l| (l.seat)(world, trees))
}

/// The Services' drawing: seating, selects edges, traffic. Only the course part's commands
/// make a Service the graph draws (`expose`, `create service`, `apply`; the API server's own
/// is left out), so in the page's split build this code ships with it (`crate::lazy::course`
/// calls `link`), and before it there is none to draw.
type SelectsOf = fn(&Store, &[Tree], Option<&OrphanLane>, Option<&ServiceLane>) -> Vec<Selects>;

#[derive(Clone, Copy)]
struct Drawing {
    seat: fn(&World, &mut [Tree]) -> Option<ServiceLane>,
    selects: SelectsOf,
    overlay: fn(&World, &super::ViewModel) -> TrafficOverlay,
}

crate::lazy::seam!(
    Drawing = Drawing { seat: seat_all, selects: selects_all, overlay: overlay_all }
);

fn seat_all(world: &World, trees: &mut [Tree]) -> Option<ServiceLane> {
    let mut lane = None::<ServiceLane>;
    for (home, item) in collect(world) {
        let tree = home
            .and_then(|uid| trees.iter_mut().find(|t| t.top.meta.uid == uid && !t.top.meta.gone));
        match tree {
            Some(t) => t.services.push(item),
            None => lane
                .get_or_insert_with(|| ServiceLane {
                    band: Rect::default(),
                    services: Vec::new(),
                    ingresses: Vec::new(),
                })
                .services
                .push(item),
        }
    }
    lane
}

/// Every Service, each with the Deployment UID it is drawn beside (`None`: the lane).
fn collect(world: &World) -> Vec<(Option<String>, ServiceItem)> {
    let store = &world.store;
    store
        .list::<Service>(None, None)
        .filter(|s| !api_servers(s))
        .map(|s| {
            let pods = selected(store, s);
            let ready = ready_pods(store, s);
            let item = ServiceItem {
                meta: item_meta(s),
                type_: s.spec.type_.clone(),
                cluster_ip: s.spec.cluster_ip.clone(),
                ports: kubeloop::kubectl::printers::port_string(&s.spec.ports),
                selected: pods.len(),
                ready: pods.iter().filter(|p| ready.contains_key(p.metadata.name.as_str())).count(),
                has_selector: s.spec.selects_pods(),
            };
            (home(store, &pods), item)
        })
        .collect()
}

/// The API server's own Service (`default/kubernetes`, no selector): its endpoint is the
/// control plane, not a pod, and every cluster has it, so the graph leaves it out as it
/// leaves out the system namespaces' objects; `kubectl get svc` still lists it.
fn api_servers(s: &Service) -> bool {
    let m = &s.metadata;
    m.namespace == "default" && m.name == API_SERVICE && !s.spec.selects_pods()
}

fn item_meta(s: &Service) -> ItemMeta {
    let m = &s.metadata;
    ItemMeta {
        uid: m.uid.clone(),
        target: ObjRef::new(Kind::Service, &m.namespace, &m.name),
        rect: Rect::default(),
        deleting: m.deletion_timestamp.is_some(),
        finalizers: m.finalizers.clone(),
        vanishing: false,
        gone: false,
    }
}

/// The pods a Service's selector matches (none without a selector).
fn selected<'a>(store: &'a Store, s: &'a Service) -> Vec<&'a Pod> {
    if !s.spec.selects_pods() {
        return Vec::new();
    }
    let sel = &s.spec.selector;
    store
        .list::<Pod>(Some(&s.metadata.namespace), None)
        .filter(|p| sel.iter().all(|(k, v)| p.metadata.labels.get(k) == Some(v)))
        .collect()
}

/// Pod names that are ready endpoints in the Service's slices.
fn ready_pods<'a>(store: &'a Store, s: &'a Service) -> BTreeMap<&'a str, ()> {
    store
        .list::<EndpointSlice>(Some(&s.metadata.namespace), None)
        .filter(|e| e.service_name() == Some(s.metadata.name.as_str()))
        .flat_map(|e| e.endpoints())
        .filter(|e| e.conditions.is_ready())
        .filter_map(|e| e.target_ref.as_ref().map(|r| (r.name.as_str(), ())))
        .collect()
}

/// The Deployment most of the selected pods belong to (through their ReplicaSet).
fn home(store: &Store, pods: &[&Pod]) -> Option<String> {
    let mut votes: BTreeMap<&str, usize> = BTreeMap::new();
    for p in pods {
        let Some(r) = p.metadata.controller_ref() else { continue };
        // The tree a pod sits in is headed by its controller's controller (a ReplicaSet's
        // Deployment), or by its controller itself (a DaemonSet, StatefulSet or Job).
        let ns = &p.metadata.namespace;
        let top = match r.kind.as_str() {
            "ReplicaSet" => {
                store.get::<ReplicaSet>(ns, &r.name).and_then(|rs| rs.metadata.controller_ref())
            }
            "DaemonSet" | "StatefulSet" => Some(r),
            _ => None,
        };
        if let Some(d) = top {
            *votes.entry(d.uid.as_str()).or_default() += 1;
        }
    }
    votes.into_iter().max_by_key(|(_, n)| *n).map(|(uid, _)| uid.to_string())
}

/// The selects edges of the laid-out Services to the pod cards drawn (summarised pods have
/// no card, so no edge).
pub(super) fn selects(
    store: &Store,
    trees: &[Tree],
    orphans: Option<&OrphanLane>,
    lane: Option<&ServiceLane>,
) -> Vec<Selects> {
    linked().map_or_else(Vec::new, |l| (l.selects)(store, trees, orphans, lane))
}

fn selects_all(
    store: &Store,
    trees: &[Tree],
    orphans: Option<&OrphanLane>,
    lane: Option<&ServiceLane>,
) -> Vec<Selects> {
    let rows = trees.iter().flat_map(|t| &t.rows).chain(orphans.iter().flat_map(|l| &l.rows));
    let pod_rects: BTreeMap<(String, String), (String, Rect)> = rows
        .flat_map(|r| &r.pods.pods)
        .chain(trees.iter().filter_map(|t| t.pods.as_ref()).flat_map(|g| &g.pods))
        .chain(orphans.iter().flat_map(|l| &l.pods.pods))
        .filter(|p| !p.meta.vanishing && !p.meta.gone)
        .map(|p| {
            let t = &p.meta.target;
            ((t.namespace.clone(), t.name.clone()), (p.meta.uid.clone(), p.meta.rect))
        })
        .collect();
    let services: Vec<&ServiceItem> = trees
        .iter()
        .flat_map(|t| &t.services)
        .chain(lane.iter().flat_map(|l| &l.services))
        .collect();
    let mut edges = Vec::new();
    for item in services {
        let t = &item.meta.target;
        let Some(s) = store.get::<Service>(&t.namespace, &t.name) else { continue };
        let ready = ready_pods(store, s);
        for p in selected(store, s) {
            let name = p.metadata.name.as_str();
            let Some((uid, rect)) = pod_rects.get(&(t.namespace.clone(), name.to_string())) else {
                continue;
            };
            edges.push(Selects {
                key: format!("{}>{uid}", item.meta.uid),
                service: format!("Service/{}", t.name),
                pod: format!("Pod/{name}"),
                ready: ready.contains_key(name),
                path: route(item.meta.rect, *rect),
            });
        }
    }
    edges
}

/// The requests in flight along the drawn edges, and every drawn Service's counter.
pub fn overlay(world: &World, view: &super::ViewModel) -> TrafficOverlay {
    linked().map_or_else(TrafficOverlay::default, |l| (l.overlay)(world, view))
}

fn overlay_all(world: &World, view: &super::ViewModel) -> TrafficOverlay {
    let now = world.now();
    let traffic = world.traffic();
    let services: BTreeMap<(&str, &str), &ServiceItem> = view
        .services()
        .map(|s| ((s.meta.target.namespace.as_str(), s.meta.target.name.as_str()), s))
        .collect();
    let mut counters = BTreeMap::new();
    for ((ns, name), s) in &services {
        if let Some(c) = traffic.counter(&Key::new(ns, name)) {
            counters.insert(s.meta.uid.clone(), (c, traffic.rate(&Key::new(ns, name))));
        }
    }
    let dots = traffic
        .recent()
        .rev()
        .take_while(|r| now.since(r.at) < DOT_MS)
        .filter_map(|r| {
            let svc = services.get(&(&*r.service.ns, &*r.service.name))?;
            let path = match &r.pod {
                Some(pod) => {
                    let name = format!("Pod/{pod}");
                    let service = format!("Service/{}", svc.meta.target.name);
                    let e = view.selects.iter().find(|e| e.pod == name && e.service == service)?;
                    e.path.clone()
                }
                None => stub(svc.meta.rect),
            };
            Some(RequestDot { seq: r.seq, path, served: r.outcome == Outcome::Served })
        })
        .collect();
    TrafficOverlay { dots, counters }
}

/// From the bottom of the Service box to the top of the pod card, a little right of its
/// centre so the dashed line does not sit on the ownership comb.
fn route(s: Rect, p: Rect) -> String {
    let (ax, ay) = (s.x + s.w / 2.0, s.bottom());
    let (bx, by) = (p.x + p.w * 0.7, p.y);
    let (ax, ay, bx, by) = (r(ax), r(ay), r(bx), r(by));
    let my = r((ay + by) / 2.0);
    let mut d = String::new();
    let _ = write!(d, "M{ax} {ay} C{ax} {my} {bx} {my} {bx} {by}");
    d
}

/// A short drop out of a Service box: where a request with no endpoint dies.
fn stub(s: Rect) -> String {
    let (x, y) = (r(s.x + s.w / 2.0), r(s.bottom()));
    format!("M{x} {y} V{}", r(y + 40.0))
}

fn r(v: f64) -> f64 {
    (v * 10.0).round() / 10.0
}

#[cfg(test)]
mod tests {
    use kubeloop::kubectl::Mode;
    use kubeloop::model::Service;
    use kubeloop::session::Session;
    use kubeloop::world::World;

    use crate::view::layout::{width_for, DEPLOY_H};
    use crate::view::{build, overlay, LayoutMemory, ViewModel};

    fn service(s: &mut Session, name: &str, app: &str) {
        s.world.create(Service::selecting(name, &[("app", app)], 80)).unwrap();
    }

    /// `web` at 3 replicas behind the Service `web`, plus the Service `lost` selecting
    /// nothing, settled, drawn `columns` pod cards wide.
    fn scene(columns: usize) -> (Session, ViewModel) {
        let mut s = Session::new(World::new(1), Mode::Script);
        assert_eq!(s.run("k create deployment web --image=nginx:1.27 --replicas=3").status, 0);
        s.world.settle();
        service(&mut s, "web", "web");
        service(&mut s, "lost", "nothing");
        s.world.settle();
        s.world.advance(2_000);
        let mut mem = LayoutMemory::new();
        mem.set_width(width_for(columns));
        let v = build(&s.world, &mut mem, 0.0);
        (s, v)
    }

    #[test]
    fn a_service_sits_beside_its_deployment_with_a_dotted_edge_to_each_ready_pod() {
        let (s, v) = scene(3);
        let tree = &v.trees[0];
        let svc = &tree.services[0];
        assert_eq!(svc.meta.target.name, "web");
        let d = tree.top.meta.rect;
        assert!(
            svc.meta.rect.x >= d.right() && svc.meta.rect.y == d.y,
            "beside: {:?}",
            svc.meta.rect
        );
        assert_eq!((svc.selected, svc.ready), (3, 3));
        let edges: Vec<_> = v.selects.iter().filter(|e| e.service == "Service/web").collect();
        assert_eq!(edges.len(), 3);
        assert!(edges.iter().all(|e| e.ready && e.pod.starts_with("Pod/web-")));
        // Its users are counted, and their requests travel those edges.
        let o = overlay(&s.world, &v);
        let (counter, rate) = o.counters[&svc.meta.uid];
        assert!(counter.served > 0 && counter.failed == 0 && rate == 10, "{counter:?}");
        assert!(o.dots.iter().all(|d| d.served && edges.iter().any(|e| e.path == d.path)));
    }

    #[test]
    fn a_service_that_selects_nothing_goes_to_the_services_lane() {
        let (_, v) = scene(3);
        let lane = v.service_lane.as_ref().expect("a Services lane");
        assert_eq!(lane.services.len(), 1);
        assert_eq!(lane.services[0].meta.target.name, "lost");
        assert_eq!(lane.services[0].selected, 0);
        assert!(v.selects.iter().all(|e| e.service != "Service/lost"));
        assert!(lane.band.y > v.trees[0].band.bottom(), "the lane comes after the trees");
    }

    #[test]
    fn with_one_column_a_service_stacks_under_its_deployment_above_the_replicasets() {
        let (_, v) = scene(1);
        let tree = &v.trees[0];
        let svc = tree.services[0].meta.rect;
        let d = tree.top.meta.rect;
        assert!(svc.y >= d.bottom() && svc.right() <= v.width, "{svc:?} in {}", v.width);
        assert!(tree.rows[0].rs.meta.rect.y >= svc.bottom(), "ReplicaSets below it");
        assert!((svc.h - DEPLOY_H).abs() < 1.0);
    }
}
