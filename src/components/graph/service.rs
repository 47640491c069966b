//! Services on the graph: the Service box with its endpoints and its users' counter, the
//! dashed edges to the pods it selects, and requests travelling along them. The counter and
//! the requests come from the page's per-frame `TrafficOverlay`, the rest from the view.

use yew::prelude::*;

use super::cards::{clip, ns_prefix, squeeze, Frame};
use crate::selection::ObjRef;
use crate::view::{RequestDot, Selects, ServiceItem};
use crate::words::use_words;
use kubeloop::world::traffic::Counter;

type Card = fn(&ServiceItem, Option<(Counter, u32)>, bool, &Callback<ObjRef>) -> Html;

// Only the course part's commands make a Service the graph draws, so in the page's split
// build the card ships with it (`crate::lazy::course` calls `link`), as the view's seating
// of Services does (`view/services.rs`).
crate::lazy::seam!(Card = card);

/// A Service's box (nothing before the course part arrives: there is none to draw).
pub fn service_card(
    item: &ServiceItem,
    counter: Option<(Counter, u32)>,
    selected: bool,
    on_select: &Callback<ObjRef>,
) -> Html {
    linked().map_or_else(Html::default, |card| card(item, counter, selected, on_select))
}

fn card(
    item: &ServiceItem,
    counter: Option<(Counter, u32)>,
    selected: bool,
    on_select: &Callback<ObjRef>,
) -> Html {
    html! {
        <ServiceCard key={item.meta.uid.clone()} item={item.clone()} {counter} {selected}
            on_select={on_select.clone()} />
    }
}

#[derive(Properties, PartialEq)]
pub struct ServiceCardProps {
    pub item: ServiceItem,
    /// Requests served and failed, and the rate; `None` until its users arrive.
    pub counter: Option<(Counter, u32)>,
    pub selected: bool,
    pub on_select: Callback<ObjRef>,
}

/// Thousands separated by commas, so a counter is read at a glance from the back row.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[component]
pub fn ServiceCard(p: &ServiceCardProps) -> Html {
    let words = use_words();
    let s = &p.item;
    let m = &s.meta;
    let w = m.rect.w;
    let name = format!("{}{}", ns_prefix(m), m.target.name);
    let name_fit = squeeze(&name, (w / 11.0) as usize, w - 32.0);
    let address = match &s.cluster_ip {
        Some(ip) if ip != "None" => format!("{ip} · {}", s.ports),
        Some(_) => format!("headless · {}", s.ports),
        None => s.ports.clone(),
    };
    let chars = ((w - 32.0) / 8.4) as usize;
    let (endpoints, empty) = if !s.has_selector {
        (words.t("graph-svc-no-selector"), false)
    } else if s.selected == 0 {
        (words.t("graph-svc-no-pods"), true)
    } else {
        let counts = [("ready", s.ready.into()), ("selected", s.selected.into())];
        (words.with("graph-svc-endpoints", &counts), s.ready == 0)
    };
    let (served, failed) = match p.counter {
        Some((c, _)) => (grouped(c.served), grouped(c.failed)),
        None => ("–".to_string(), "–".to_string()),
    };
    let failing = p.counter.is_some_and(|(c, _)| c.failed > 0);
    let label = words.with(
        "graph-svc-label",
        &[
            ("name", m.target.name.as_str().into()),
            ("endpoints", endpoints.as_str().into()),
            ("served", served.as_str().into()),
            ("failed", failed.as_str().into()),
        ],
    );
    let rate = p
        .counter
        .map_or(String::new(), |(_, r)| words.with("graph-svc-rate", &[("rate", r.into())]));
    let requests = words.with(
        "graph-svc-requests",
        &[
            ("served", served.as_str().into()),
            ("failed", failed.as_str().into()),
            ("rate", rate.into()),
        ],
    );
    let tooltip =
        format!("Service {} ({})\n{address}\n{endpoints}\n{requests}", m.target.name, s.type_);
    let body = html! { <>
        <text class="t-kind" x="16" y="24">{ "SERVICE" }</text>
        <text class="badge badge-type" x={(w - 14.0).to_string()} y="24" text-anchor="end">{ s.type_.as_str() }</text>
        <text class="t-title" x="16" y="50" textLength={name_fit} lengthAdjust="spacingAndGlyphs">{ name }</text>
        <text class="t-mono" x="16" y="74">{ clip(&address, chars) }</text>
        <text class={classes!("t-small", empty.then_some("t-warn"))} x="16" y="98">{ clip(&endpoints, chars + 4) }</text>
        <g class="svc-counter" data-served={served.replace(',', "")} data-failed={failed.replace(',', "")}>
            <text class="t-served" x="16" y="124">{ format!("✓ {served}") }</text>
            <text class={classes!("t-failed", failing.then_some("failing"))}
                x={(w / 2.0).to_string()} y="124">{ format!("✗ {failed}") }</text>
        </g>
    </> };
    let frame = Frame {
        meta: m,
        class: classes!("service", empty.then_some("empty")),
        label,
        status: None,
        selected: p.selected,
        on_select: &p.on_select,
    };
    frame.render(tooltip, body)
}

/// A Service's dashed edge to a pod it selects: bright while the pod is a ready endpoint.
pub fn selects_edge(e: &Selects) -> Html {
    let class = classes!("selects", if e.ready { "ready" } else { "not-ready" });
    html! {
        <path key={e.key.clone()} {class} d={e.path.clone()}
            data-service={e.service.clone()} data-pod={e.pod.clone()} />
    }
}

/// A request on its way along `path`; CSS moves it (`offset-path`), once, as it appears.
pub fn request_dot(d: &RequestDot) -> Html {
    let class = classes!("request", if d.served { "served" } else { "failed" });
    let style = format!("offset-path:path('{}')", d.path);
    html! { <circle key={d.seq.to_string()} {class} r="7" {style} /> }
}
