//! The ownership graph: draws a `view::ViewModel` as SVG. Deployments, ReplicaSets and pods
//! are boxes joined by their ownerReferences; the orphans lane holds what has no controller.
//!
//! It computes no geometry and reads no cluster state: the view model has both. Animation is
//! CSS (`static/graph.css`) keyed on the classes set here; every box keeps its DOM element
//! across renders (keyed by UID), so moves transition and new boxes fade in once.
//!
//! The drawing is shown through the page's `Camera` (a CSS transform on one group); wheel,
//! drags, pinches and keys come back as `CameraMsg`s (`graph/camera_input.rs`).

mod camera_input;
mod cards;
mod icons;
mod ingress;
mod pod_card;
mod service;
mod top_card;
mod workload_cards;

use std::rc::Rc;

use yew::prelude::*;

use crate::selection::ObjRef;
use crate::view::camera::{content_of, Camera, CameraKey, CameraMsg, Mode};
use crate::view::{Edge, Form, ItemMeta, LostBadge, PodGroup, RsRow, TrafficOverlay, ViewModel};
use crate::words::{use_words, Words};
use camera_input::use_camera_input;
use cards::{AggregateCard, ReplicaSetCard};
pub use ingress::link as link_ingress_cards;
use ingress::{ingress_card, route_edge};
use pod_card::PodCard;
pub use service::link as link_service_cards;
use service::{request_dot, selects_edge, service_card};
use top_card::TopCard;
pub use workload_cards::link as link_workload_cards;

/// Edges stay at least this many pixels wide on screen however far the camera zooms out,
/// and at most `EDGE_MAX_UNITS` drawing units wide however far it zooms in.
const EDGE_MIN_PX: f64 = 2.0;
const EDGE_UNITS: f64 = 2.5;
const EDGE_MAX_UNITS: f64 = 10.0;

#[derive(Properties, PartialEq)]
pub struct GraphProps {
    pub view: Rc<ViewModel>,
    pub selected: Option<ObjRef>,
    pub on_select: Callback<ObjRef>,
    /// Expands or summarises a pod group (a ReplicaSet UID, or `view::LOOSE_PODS`).
    #[prop_or_default]
    pub on_toggle: Callback<String>,
    /// How the drawing is shown: the page keeps it, applying what `on_camera` sends. Until
    /// it has a panel size (the first `Resize`), the drawing is simply fitted to the width.
    #[prop_or_default]
    pub camera: Camera,
    /// Wheel, drag, pinch, the + - 0 keys, the zoom buttons, the viewport's size, and a
    /// refit when the drawing changed under a fitting camera.
    #[prop_or_default]
    pub on_camera: Callback<CameraMsg>,
    /// Countdowns on objects whose watch events a loop lost.
    #[prop_or_default]
    pub lost: Rc<Vec<LostBadge>>,
    /// Requests in flight and the Services' counters.
    #[prop_or_default]
    pub traffic: Rc<TrafficOverlay>,
    /// Step mode: the object the last single action was on, and the loop that took it.
    #[prop_or_default]
    pub acted: Option<(ObjRef, String)>,
}

#[component]
pub fn Graph(props: &GraphProps) -> Html {
    let w = use_words();
    let section = use_node_ref();
    let viewport = use_node_ref();
    let view = &props.view;
    let cam = props.camera;
    let input =
        use_camera_input(&viewport, cam, content_of(view), &props.on_camera, !view.is_empty());
    if view.is_empty() {
        return empty_state(section, &w);
    }
    let is_selected = |target: &ObjRef| props.selected.as_ref() == Some(target);
    let mut nodes: Vec<Html> = Vec::new();
    for tree in &view.trees {
        let d = &tree.top;
        nodes.push(html! {
            <TopCard key={d.meta.uid.clone()} item={d.clone()} form={view.form}
                selected={is_selected(&d.meta.target)} on_select={props.on_select.clone()} />
        });
        for row in &tree.rows {
            row_nodes(row, props, &mut nodes);
        }
        if let Some(group) = &tree.pods {
            group_nodes(group, &d.meta, props, &mut nodes);
        }
        workload_cards::tree_nodes(tree, props.selected.as_ref(), &props.on_select, &w, &mut nodes);
    }
    for s in view.services() {
        let counter = props.traffic.counters.get(&s.meta.uid).copied();
        nodes.push(service_card(s, counter, is_selected(&s.meta.target), &props.on_select));
    }
    for i in view.ingresses() {
        nodes.push(ingress_card(i, is_selected(&i.meta.target), &props.on_select, &w));
    }
    if let Some(lane) = &view.orphans {
        for row in &lane.rows {
            row_nodes(row, props, &mut nodes);
        }
        for pod in &lane.pods.pods {
            nodes.push(html! {
                <PodCard key={pod.meta.uid.clone()} item={pod.clone()} large={props.camera.presenter}
                    short={view.form.stacked()}
                    selected={is_selected(&pod.meta.target)} on_select={props.on_select.clone()} />
            });
        }
        if let Some(agg) = &lane.pods.aggregate {
            nodes.push(html! {
                <AggregateCard key={format!("pods-of:{}", agg.key)} item={agg.clone()}
                    owner={w.t("graph-orphans-owner")} on_toggle={props.on_toggle.clone()} />
            });
        }
    }

    // Bands move like boxes do (a CSS transform), so they slide together.
    let bands = view.trees.iter().map(|t| {
        let b = t.band;
        let d = &t.top.meta;
        let class = classes!("band", d.vanishing.then_some("vanishing"));
        html! {
            <rect key={d.uid.clone()} {class} style={translate(b.x, b.y)}
                width={b.w.to_string()} height={b.h.to_string()} rx="14" />
        }
    });
    let title_y = view.form.metrics().lane_title_y().to_string();
    let lane = view.orphans.as_ref().map(|l| {
        let b = l.band;
        html! {
            <g key="orphans-lane" class="lane" style={translate(b.x, b.y)}>
                <rect class="lane-band" width={b.w.to_string()} height={b.h.to_string()} rx="14" />
                <text class="lane-title" x="12" y={title_y.clone()}>{ w.t("graph-lane-no-owner") }</text>
            </g>
        }
    });
    let service_lane = view.service_lane.as_ref().map(|l| {
        let b = l.band;
        html! {
            <g key="service-lane" class="lane" style={translate(b.x, b.y)}>
                <rect class="lane-band" width={b.w.to_string()} height={b.h.to_string()} rx="14" />
                <text class="lane-title" x="12" y={title_y.clone()}>{ w.t("graph-lane-services") }</text>
            </g>
        }
    });
    let summary = view.summarized.then(|| {
        html! {
            <p class="graph-note">
                { w.with("graph-summarised", &[("count", view.pod_count.into())]) }
            </p>
        }
    });

    // Before the page knows the panel's size, the view box fits the drawing to the width.
    let placed = cam.panel().w > 0.0;
    let (view_box, scale) = if placed {
        (None, cam.scale)
    } else {
        (Some(format!("0 0 {} {}", view.width, view.height)), 1.0)
    };
    let edge_w = (EDGE_MIN_PX / scale).clamp(EDGE_UNITS, EDGE_MAX_UNITS);
    let camera_class = classes!("camera", (cam.mode == Mode::Fit).then_some("fitting"));
    let camera_style = placed.then(|| format!("transform:{}", cam.transform()));
    let key = |k: CameraKey| props.on_camera.reform(move |_: MouseEvent| CameraMsg::Key(k));
    let fitting = cam.mode == Mode::Fit;

    html! {
        <section class="graph graph-live" aria-label={w.t("graph-label")} ref={section}>
            <div class="graph-head">
                { icons::legend(&w) }
                <div class="zoom-controls" role="group" aria-label={w.t("graph-zoom")}>
                    <button type="button" class="zoom-button" onclick={key(CameraKey::Out)}
                        title={w.t("graph-zoom-out-hint")} aria-label={w.t("graph-zoom-out")}>{ "−" }</button>
                    <button type="button" class={classes!("zoom-button", "zoom-fit", fitting.then_some("active"))}
                        onclick={key(CameraKey::Fit)} aria-pressed={fitting.to_string()}
                        title={w.t("graph-zoom-fit-hint")}>{ w.t("graph-zoom-fit") }</button>
                    <button type="button" class="zoom-button" onclick={key(CameraKey::In)}
                        title={w.t("graph-zoom-in-hint")} aria-label={w.t("graph-zoom-in")}>{ "+" }</button>
                </div>
            </div>
            { for summary }
            <div class="graph-viewport" ref={viewport} tabindex="0"
                aria-label={w.t("graph-viewport-label")}
                onwheel={input.onwheel} onpointerdown={input.onpointerdown}
                onpointermove={input.onpointermove} onpointerup={input.onpointerup.clone()}
                onpointercancel={input.onpointerup} onkeydown={input.onkeydown}>
                <svg class="graph-svg" viewBox={view_box} preserveAspectRatio="xMidYMin meet"
                    role="group" style={format!("--edge-w:{edge_w:.2}")}
                    aria-label={w.t("graph-svg-label")}>
                    <defs>
                        <marker id="hpa-arrow" viewBox="0 0 10 10" refX="9" refY="5"
                            markerWidth="7" markerHeight="7" orient="auto-start-reverse">
                            <path class="hpa-arrowhead" d="M0,0 L10,5 L0,10 z" />
                        </marker>
                    </defs>
                    <g class={camera_class} style={camera_style}>
                        <g class="bands">{ for bands }{ for service_lane }{ for lane }</g>
                        <g class="edges">{ for view.edges.iter().map(edge) }</g>
                        <g class="hpa-arcs">{ for view.trees.iter().flat_map(|t| &t.autoscalers).map(workload_cards::hpa_arc) }</g>
                        <g class="selects-edges">
                            { for view.selects.iter().map(selects_edge).chain(view.routes.iter().map(route_edge)) }
                        </g>
                        <g class="nodes">{ nodes }</g>
                        <g class="requests" aria-hidden="true" pointer-events="none">
                            { for props.traffic.dots.iter().map(request_dot) }
                        </g>
                        { for props.acted.as_ref().and_then(|(t, by)| acted_ring(view, t, by, &w)) }
                        { for props.lost.iter().map(|b| lost_badge(b, &w)) }
                    </g>
                </svg>
            </div>
        </section>
    }
}

/// A lost watch event's countdown, on the top edge of the object's box: the wait until the
/// informer's resync is the lesson, so it is shown where the object is.
fn lost_badge(b: &LostBadge, words: &Words) -> Html {
    let r = b.rect;
    let text = b.text(words);
    let w = text.chars().count() as f64 * 7.6 + 18.0;
    html! {
        <g class="lost-badge" role="status" style={translate(r.x + 4.0, r.y - 14.0)}>
            <rect width={format!("{w:.0}")} height="24" rx="12" />
            <text x="10" y="17">{ text }</text>
            <title>{ b.detail(words) }</title>
        </g>
    }
}

fn row_nodes(row: &RsRow, props: &GraphProps, nodes: &mut Vec<Html>) {
    let rs = &row.rs;
    let tight = props.view.form != Form::Tall;
    let strip = props.view.form.stacked();
    let selected = props.selected.as_ref() == Some(&rs.meta.target);
    nodes.push(html! {
        <ReplicaSetCard key={rs.meta.uid.clone()} item={rs.clone()} {tight} {strip}
            {selected} on_select={props.on_select.clone()}
            summarisable={row.pods.expanded} on_toggle={props.on_toggle.clone()} />
    });
    group_nodes(&row.pods, &rs.meta, props, nodes);
}

/// A pod group's cards, or its summary block.
fn group_nodes(group: &PodGroup, owner: &ItemMeta, props: &GraphProps, nodes: &mut Vec<Html>) {
    let selected = |t: &ObjRef| props.selected.as_ref() == Some(t);
    for pod in &group.pods {
        nodes.push(html! {
            <PodCard key={pod.meta.uid.clone()} item={pod.clone()} large={props.camera.presenter}
                short={props.view.form.stacked()}
                selected={selected(&pod.meta.target)} on_select={props.on_select.clone()} />
        });
    }
    if let Some(agg) = &group.aggregate {
        nodes.push(html! {
            <AggregateCard key={format!("pods-of:{}", agg.key)} item={agg.clone()}
                owner={format!("{} {}", owner.target.kind, owner.target.name)}
                on_toggle={props.on_toggle.clone()} />
        });
    }
}

/// Step mode's highlight: a ring around the box the last action was on, labelled with the
/// loop that took it. Drawn over the boxes, and never in the way of a click.
fn acted_ring(view: &ViewModel, target: &ObjRef, by: &str, w: &Words) -> Option<Html> {
    let r = rect_of(view, target)?;
    Some(html! {
        <g class="acted" style={translate(r.x, r.y)} aria-hidden="true" pointer-events="none">
            <rect class="acted-ring" x="-6" y="-6" width={(r.w + 12.0).to_string()}
                height={(r.h + 12.0).to_string()} rx="14" />
            <text class="acted-label" x="0" y="-12">{ w.with("graph-acted", &[("loop", by.into())]) }</text>
        </g>
    })
}

/// Where an object's box is, if it is drawn (not summarised into a group).
fn rect_of(view: &ViewModel, target: &ObjRef) -> Option<crate::view::Rect> {
    view.find(target).map(|m| m.rect)
}

/// A CSS transform, which (unlike the SVG attribute) transitions.
pub(crate) fn translate(x: f64, y: f64) -> String {
    format!("transform:translate({x}px,{y}px)")
}

fn edge(e: &Edge) -> Html {
    let class = classes!(
        "edge",
        if e.controller { "controller" } else { "reference" },
        e.new.then_some("new"),
        e.cut.then_some("cut"),
        e.ripple.then_some("ripple"),
    );
    // Controller edges are measured as length 1 so CSS can draw them in with a dash offset;
    // dashed and cut edges keep user units so their dashes keep their size.
    let path_length = (e.controller && !e.cut).then_some("1");
    let style = format!("d:path('{}')", e.path);
    html! {
        <g key={e.key.clone()} class="edge-group">
            <path {class} d={e.path.clone()} {style} pathLength={path_length}
                data-owner={e.owner.clone()} data-dependent={e.dependent.clone()} />
            if e.cut {
                <text class="snip" x={e.mid.0.to_string()} y={(e.mid.1 + 5.0).to_string()}
                    text-anchor="middle" aria-hidden="true">{ "✂" }</text>
            }
        </g>
    }
}

fn empty_state(section: NodeRef, w: &Words) -> Html {
    html! {
        <section class="graph" aria-label={w.t("graph-label")} ref={section}>
            <div class="graph-empty">
                <p class="graph-empty-title">{ w.t("graph-empty-title") }</p>
                <p class="graph-empty-hint">{ w.t("graph-empty-hint") }</p>
                <p class="graph-empty-command">
                    <code>{ "k create deployment web --image=nginx:1.27 --replicas=3" }</code>
                </p>
                <div class="lanes" aria-hidden="true">
                    <span class="lane">{ "Deployment" }</span>
                    <span class="lane-arrow">{ "→" }</span>
                    <span class="lane">{ "ReplicaSet" }</span>
                    <span class="lane-arrow">{ "→" }</span>
                    <span class="lane">{ "Pod" }</span>
                </div>
            </div>
        </section>
    }
}
