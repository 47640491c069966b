//! Ingresses on the graph: the Ingress box with its class, hosts and the Services it routes
//! to, and a solid edge to each of those Services that is drawn. No ingress controller runs,
//! so the card says the address stays empty rather than showing one.
//!
//! In the page's split build both are drawn by code that ships with the course part
//! (`crate::lazy::course` calls `link`): only its commands make an Ingress, so before it
//! arrives there is none to draw, and the first load carries only the two hooks.

use yew::prelude::*;

use super::cards::{clip, ns_prefix, squeeze, Frame};
use crate::selection::ObjRef;
use crate::view::{IngressItem, Route};
use crate::words::Words;

type Card = fn(&IngressItem, bool, &Callback<ObjRef>, &Words) -> Html;
type Edge = fn(&Route) -> Html;

crate::lazy::seam!((Card, Edge) = (card, edge));

/// One Ingress's box (nothing before the course part arrives).
pub fn ingress_card(
    i: &IngressItem,
    selected: bool,
    on_select: &Callback<ObjRef>,
    w: &Words,
) -> Html {
    linked().map_or_else(Html::default, |(card, _)| card(i, selected, on_select, w))
}

/// An Ingress's edge to a Service it routes to.
pub fn route_edge(r: &Route) -> Html {
    linked().map_or_else(Html::default, |(_, edge)| edge(r))
}

fn card(i: &IngressItem, selected: bool, on_select: &Callback<ObjRef>, words: &Words) -> Html {
    let m = &i.meta;
    let w = m.rect.w;
    let name = format!("{}{}", ns_prefix(m), m.target.name);
    let name_fit = squeeze(&name, (w / 11.0) as usize, w - 32.0);
    let chars = ((w - 32.0) / 8.4) as usize;
    let routes = match (i.services.len(), i.missing) {
        (0, _) => words.t("graph-ingress-no-service"),
        (_, 0) => format!("→ {}", i.services.join(", ")),
        (_, missing) => words.with(
            "graph-ingress-missing",
            &[("services", i.services.join(", ").into()), ("missing", missing.into())],
        ),
    };
    let (named, hosts) = (m.target.name.as_str(), i.hosts.as_str());
    let label = words.with(
        "graph-ingress-label",
        &[("name", named.into()), ("hosts", hosts.into()), ("routes", routes.as_str().into())],
    );
    let tooltip = format!(
        "Ingress {named} ({})\n{}\n{routes}\n{}",
        words.with("graph-ingress-class", &[("class", i.class.as_str().into())]),
        words.with("graph-ingress-hosts", &[("hosts", hosts.into())]),
        words.t("graph-ingress-no-controller"),
    );
    let body = html! { <>
        <text class="t-kind" x="16" y="24">{ "INGRESS" }</text>
        <text class="badge badge-type" x={(w - 14.0).to_string()} y="24" text-anchor="end">{ clip(&i.class, 14) }</text>
        <text class="t-title" x="16" y="50" textLength={name_fit} lengthAdjust="spacingAndGlyphs">{ name }</text>
        <text class="t-mono" x="16" y="74">{ clip(&i.hosts, chars) }</text>
        <text class={classes!("t-small", (i.missing > 0).then_some("t-warn"))} x="16" y="98">{ clip(&routes, chars + 4) }</text>
        <text class="t-small" x="16" y="124">{ words.t("graph-ingress-no-address") }</text>
    </> };
    let frame = Frame {
        meta: m,
        class: classes!("service", "ingress", (i.missing > 0).then_some("missing")),
        label,
        status: None,
        selected,
        on_select,
    };
    // Keyed like every other box, so it keeps its element across renders; the key is set
    // here rather than by a wrapper in the graph, which would ship with the first load.
    let mut node = frame.render(tooltip, body);
    if let yew::virtual_dom::VNode::VTag(tag) = &mut node {
        std::rc::Rc::make_mut(tag).key = Some(m.uid.clone().into());
    }
    node
}

fn edge(r: &Route) -> Html {
    html! {
        <path key={r.key.clone()} class="routes" d={r.path.clone()}
            data-ingress={r.ingress.clone()} data-service={r.service.clone()} />
    }
}
