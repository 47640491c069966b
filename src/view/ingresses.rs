//! Ingresses on the graph: each Ingress as a box beside the Service it routes to first (in the
//! band where that Service is drawn, else in the Services lane), and an edge from it to every
//! drawn Service it routes to. The Services an Ingress names are read from its spec; one
//! that does not exist has no box, so it has no edge, and the card says how many are missing.
//! There is no ingress controller, so there is no address to show.

use std::fmt::Write;

use kubeloop::model::{Ingress, Kind, Service};
use kubeloop::world::World;

use super::{ItemMeta, Rect, ServiceItem, ServiceLane, Tree};
use crate::selection::ObjRef;

#[derive(Clone, Debug, PartialEq)]
pub struct IngressItem {
    pub meta: ItemMeta,
    /// `spec.ingressClassName`, or `<none>`.
    pub class: String,
    /// kubectl's HOSTS cell.
    pub hosts: String,
    /// The Services it routes to, each once, in the order its spec names them.
    pub services: Vec<String>,
    /// How many of those do not exist.
    pub missing: usize,
}

/// An Ingress's edge to one Service it routes to.
#[derive(Clone, Debug, PartialEq)]
pub struct Route {
    /// `ingress-uid>service-uid`.
    pub key: String,
    pub ingress: String,
    pub service: String,
    pub path: String,
}

type Seat = fn(&World, &mut [Tree], &mut Option<ServiceLane>);
type Routes = fn(&[Tree], Option<&ServiceLane>) -> Vec<Route>;

// In the page's split build the seating and the edges ship with the course part
// (`crate::lazy::course`): only its commands make an Ingress, so before it arrives there is
// none to draw.
crate::lazy::seam!((Seat, Routes) = (seat_all, routes_all));

/// Puts every Ingress beside the first of its Services that is drawn in a band; the rest go
/// to the Services lane (made for them if no Service is there).
pub(super) fn seat(world: &World, trees: &mut [Tree], lane: &mut Option<ServiceLane>) {
    if let Some((seat, _)) = linked() {
        seat(world, trees, lane);
    }
}

/// The edges of the laid-out Ingresses to the Service boxes drawn.
pub(super) fn routes(trees: &[Tree], lane: Option<&ServiceLane>) -> Vec<Route> {
    linked().map_or_else(Vec::new, |(_, routes)| routes(trees, lane))
}

fn seat_all(world: &World, trees: &mut [Tree], lane: &mut Option<ServiceLane>) {
    let store = &world.store;
    for ing in store.list::<Ingress>(None, None) {
        let ns = ing.metadata.namespace.as_str();
        let services: Vec<String> = ing.service_names().into_iter().map(String::from).collect();
        let missing =
            services.iter().filter(|s| store.get::<Service>(ns, s.as_str()).is_none()).count();
        let item = IngressItem {
            meta: item_meta(ing),
            class: ing.spec.ingress_class_name.clone().unwrap_or_else(|| "<none>".into()),
            hosts: hosts(ing),
            services,
            missing,
        };
        let drawn_in = |list: &[ServiceItem]| {
            list.iter().any(|s| {
                s.meta.target.namespace == ns && item.services.contains(&s.meta.target.name)
            })
        };
        match trees.iter_mut().find(|t| !t.top.meta.gone && drawn_in(&t.services)) {
            Some(t) => t.ingresses.push(item),
            None => lane
                .get_or_insert_with(|| ServiceLane {
                    band: Rect::default(),
                    services: Vec::new(),
                    ingresses: Vec::new(),
                })
                .ingresses
                .push(item),
        }
    }
}

/// printers.go `formatHosts`, shortened: the hosts of its rules, `*` when none names one.
fn hosts(ing: &Ingress) -> String {
    let named: Vec<&str> =
        ing.spec.rules.iter().map(|r| r.host.as_str()).filter(|h| !h.is_empty()).collect();
    if named.is_empty() {
        "*".into()
    } else {
        named.join(",")
    }
}

fn item_meta(ing: &Ingress) -> ItemMeta {
    let m = &ing.metadata;
    ItemMeta {
        uid: m.uid.clone(),
        target: ObjRef::new(Kind::Ingress, &m.namespace, &m.name),
        rect: Rect::default(),
        deleting: m.deletion_timestamp.is_some(),
        finalizers: m.finalizers.clone(),
        vanishing: false,
        gone: false,
    }
}

fn routes_all(trees: &[Tree], lane: Option<&ServiceLane>) -> Vec<Route> {
    let services: Vec<&ServiceItem> = trees
        .iter()
        .flat_map(|t| &t.services)
        .chain(lane.iter().flat_map(|l| &l.services))
        .collect();
    let ingresses =
        trees.iter().flat_map(|t| &t.ingresses).chain(lane.iter().flat_map(|l| &l.ingresses));
    let mut out = Vec::new();
    for ing in ingresses {
        let t = &ing.meta.target;
        for name in &ing.services {
            let found = services
                .iter()
                .find(|s| s.meta.target.namespace == t.namespace && &s.meta.target.name == name);
            let Some(s) = found else { continue };
            out.push(Route {
                key: format!("{}>{}", ing.meta.uid, s.meta.uid),
                ingress: format!("Ingress/{}", t.name),
                service: format!("Service/{name}"),
                path: path(ing.meta.rect, s.meta.rect),
            });
        }
    }
    out
}

/// How far a bracket between two stacked boxes bows out to their right.
const BOW: f64 = 40.0;

/// From the Ingress box to the Service box. Stacked one above the other (a narrow band, or
/// the lane), they are only a row gap apart, so the edge is a bracket bowing out to their
/// right from side to side; side by side, a curve from the facing sides.
fn path(a: Rect, b: Rect) -> String {
    let mut d = String::new();
    if a.bottom() <= b.y || b.bottom() <= a.y {
        let (ax, ay) = (r(a.right()), r(a.y + a.h / 2.0));
        let (bx, by) = (r(b.right()), r(b.y + b.h / 2.0));
        let out = r(ax.max(bx) + BOW);
        let _ = write!(d, "M{ax} {ay} C{out} {ay} {out} {by} {bx} {by}");
    } else {
        let right = a.right() <= b.x;
        let (ax, ay) = (r(if right { a.right() } else { a.x }), r(a.y + a.h / 2.0));
        let (bx, by) = (r(if right { b.x } else { b.right() }), r(b.y + b.h / 2.0));
        let mx = r((ax + bx) / 2.0);
        let _ = write!(d, "M{ax} {ay} C{mx} {ay} {mx} {by} {bx} {by}");
    }
    d
}

fn r(v: f64) -> f64 {
    (v * 10.0).round() / 10.0
}

#[cfg(test)]
mod tests {
    use kubeloop::kubectl::Mode;
    use kubeloop::session::Session;
    use kubeloop::world::World;

    use crate::view::layout::width_for;
    use crate::view::{build, LayoutMemory, ViewModel};

    /// `web` behind the Service `web`, an Ingress routing to it and to a Service that does
    /// not exist, and one whose only Service is missing, drawn `columns` pod cards wide.
    fn scene(columns: usize) -> ViewModel {
        let mut s = Session::new(World::new(1), Mode::Script);
        for line in [
            "k create deployment web --image=nginx:1.27 --replicas=2",
            "k expose deployment web --port=80",
            "k create ingress shop --rule=shop.example.com/=web:80 --rule=shop.example.com/api=api:80",
            "k create ingress lost --default-backend=gone:80",
        ] {
            assert_eq!(s.run(line).status, 0, "{line}");
        }
        s.world.settle();
        let mut mem = LayoutMemory::new();
        mem.set_width(width_for(columns));
        build(&s.world, &mut mem, 0.0)
    }

    #[test]
    fn an_ingress_sits_in_its_services_band_with_an_edge_to_each_drawn_service() {
        for columns in [1, 3] {
            let v = scene(columns);
            let tree = &v.trees[0];
            assert_eq!(tree.ingresses.len(), 1, "{columns} columns");
            let ing = &tree.ingresses[0];
            assert_eq!(ing.meta.target.name, "shop");
            assert_eq!(
                (ing.services.len(), ing.missing, ing.hosts.as_str()),
                (2, 1, "shop.example.com")
            );
            let svc = tree.services[0].meta.rect;
            let box_ = ing.meta.rect;
            // Before its Service: to its left, or above it.
            let apart = box_.right() <= svc.x || box_.bottom() <= svc.y;
            assert!(apart && box_.right() <= v.width, "{box_:?} beside {svc:?} in {}", v.width);
            let routes: Vec<_> = v.routes.iter().filter(|r| r.ingress == "Ingress/shop").collect();
            assert_eq!(routes.len(), 1, "only the drawn Service gets an edge");
            assert_eq!(routes[0].service, "Service/web");
            assert!(tree.band.bottom() >= box_.bottom(), "inside its band");
        }
    }

    #[test]
    fn an_ingress_whose_services_are_missing_goes_to_the_services_lane() {
        let v = scene(3);
        let lane = v.service_lane.as_ref().expect("a Services lane");
        assert!(lane.services.is_empty());
        assert_eq!(lane.ingresses.len(), 1);
        assert_eq!(
            (lane.ingresses[0].meta.target.name.as_str(), lane.ingresses[0].missing),
            ("lost", 1)
        );
        assert!(v.routes.iter().all(|r| r.ingress != "Ingress/lost"));
        assert!(lane.band.bottom() >= lane.ingresses[0].meta.rect.bottom());
    }
}
