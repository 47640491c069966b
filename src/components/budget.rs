//! The rollout budget meter: a card under the graph (the graph re-fits above it, so it covers
//! no pod; `static/budget.css`) with, for each Deployment rolling out, maxSurge and
//! maxUnavailable as written and resolved, a bar of old and new replicas against the
//! max-total line and a bar of available pods against the min-available line. On a phone,
//! in a short embed and in presenter mode on a short projector it is one line per Deployment.
//! It draws `view::budget::Meter`s and decides nothing; hiding it is the page's
//! (`Msg::ToggleBudget`).

use std::rc::Rc;

use kubeloop::controllers::deployment::budget::{Limits, Side};
use yew::prelude::*;

use crate::view::budget::Meter;

/// Meters drawn at once: each one more takes its height from the graph, so the rest are
/// counted.
const MAX_SHOWN: usize = 3;

#[derive(Properties, PartialEq)]
pub struct BudgetProps {
    pub meters: Rc<Vec<Meter>>,
    /// Shown in full, or folded to its heading.
    pub open: bool,
    pub on_toggle: Callback<()>,
}

#[component]
pub fn BudgetMeter(props: &BudgetProps) -> Html {
    if props.meters.is_empty() {
        return html! {};
    }
    let toggle = props.on_toggle.reform(|_: MouseEvent| ());
    let label = if props.open { "Hide budget" } else { "Show budget" };
    html! {
        <aside class={classes!("budget", (!props.open).then_some("folded"))} aria-label="rollout budget">
            <header class="budget-head">
                <span class="budget-heading">{ "Rollout budget" }</span>
                <button type="button" class="budget-toggle" aria-expanded={props.open.to_string()}
                    title="the surge and availability limits of each rollout" onclick={toggle}>
                    { label }
                </button>
            </header>
            if props.open {
                { for props.meters.iter().take(MAX_SHOWN).map(meter) }
                if props.meters.len() > MAX_SHOWN {
                    <p class="budget-more">{ format!("and {} more rolling out", props.meters.len() - MAX_SHOWN) }</p>
                }
            }
        </aside>
    }
}

fn meter(m: &Meter) -> Html {
    let b = &m.budget;
    let (old, new) = m.replicas();
    let (old_av, new_av) = m.available();
    let state = if m.finished { "done" } else { "rolling out" };
    let limits = b.limits.as_ref();
    html! {
        <section class={classes!("budget-meter", m.finished.then_some("finished"))}
            key={format!("{}/{}", b.namespace, b.name)} data-deployment={m.title()}>
            <p class="budget-title">
                <strong>{ m.title() }</strong>
                <span class="budget-state">{ state }</span>
                <span class="budget-desired"><b>{ b.desired }</b>{ " desired" }</span>
            </p>
            { params(limits) }
            { bar(m, "pods", (old, new), limits.map(|l| ("max", l.max_total)), "≤") }
            { bar(m, "available", (old_av, new_av), limits.map(|l| ("min", l.min_available)), "≥") }
            <p class="budget-sides">
                <span class="budget-old">{ side_words("old", &b.old) }</span>
                <span class="budget-new">{ b.new_rs.as_ref().map_or("new: not created yet".into(), |s| side_words("new", s)) }</span>
            </p>
            <p class="budget-compact">{ compact(m) }</p>
        </section>
    }
}

fn params(limits: Option<&Limits>) -> Html {
    let Some(l) = limits else {
        return html! {
            <p class="budget-params">{ "Recreate: no budget; every old pod goes before a new one starts" }</p>
        };
    };
    let fencepost = if l.fencepost() {
        html! { <span class="budget-fence">{ format!(" (fencepost → {})", l.unavailable) }</span> }
    } else if l.scaled_unavailable != l.unavailable {
        html! { <span class="budget-fence">{ format!(" (capped → {})", l.unavailable) }</span> }
    } else {
        html! {}
    };
    html! {
        <p class="budget-params">
            { "maxSurge " }<span class="budget-written">{ l.max_surge.to_string() }</span>
            { " → " }<b class="budget-surge">{ l.surge }</b>
            <span class="budget-sep">{ " · " }</span>
            { "maxUnavailable " }<span class="budget-written">{ l.max_unavailable.to_string() }</span>
            { " → " }<b class="budget-unavailable">{ l.scaled_unavailable }</b>{ fencepost }
        </p>
    }
}

/// One bar: old then new, and the limit line (`max 5`, `min 3`) when there is a budget.
fn bar(
    m: &Meter,
    what: &str,
    (old, new): (i32, i32),
    line: Option<(&'static str, i32)>,
    cmp: &str,
) -> Html {
    let width = |n: i32| format!("width: {:.2}%", m.at(n));
    let sum = old.saturating_add(new);
    let over = line.is_some_and(|(kind, at)| if kind == "max" { sum > at } else { sum < at });
    let line_html = line.map(|(kind, at)| {
        html! { <span class={classes!("budget-limit", kind)} style={format!("left: {:.2}%", m.at(at))}></span> }
    });
    let numbers = match line {
        Some((kind, at)) => html! {
            <><b class={classes!("budget-count", what.to_string())}>{ sum }</b>
            { format!(" {cmp} {kind} ") }<b class={classes!("budget-bound", kind.to_string())}>{ at }</b></>
        },
        None => html! { <b class={classes!("budget-count", what.to_string())}>{ sum }</b> },
    };
    html! {
        <div class={classes!("budget-row", over.then_some("over"))}>
            <span class="budget-label">{ what.to_string() }</span>
            <span class="budget-bar" role="img"
                aria-label={format!("{what}: {old} old, {new} new")}>
                <span class="budget-seg old" style={width(old)}></span>
                <span class="budget-seg new" style={width(new)}></span>
                { for line_html }
            </span>
            <span class="budget-num">{ numbers }</span>
        </div>
    }
}

/// "old web-abc 3 (3 ready, 3 available)", "2 old RSs 1 (...)", "old 0".
fn side_words(role: &str, s: &Side) -> String {
    let who = match s.sets {
        0 | 1 if !s.name.is_empty() => format!("{role} {}", s.name),
        0 | 1 => role.to_string(),
        n => format!("{n} {role} RSs"),
    };
    if s.replicas == 0 && s.pods == 0 {
        return format!("{who} 0");
    }
    format!("{who} {} ({} ready, {} available)", s.replicas, s.ready, s.available)
}

/// The phone's single line: "web 3 old → 2 new · pods 5 ≤ 5 · available 4 ≥ 3".
fn compact(m: &Meter) -> String {
    let (old, new) = m.replicas();
    let (old_av, new_av) = m.available();
    let (pods, available) = (old + new, old_av + new_av);
    match m.budget.limits.as_ref() {
        Some(l) => format!(
            "{} {old} old → {new} new · pods {pods} ≤ {} · available {available} ≥ {}",
            m.title(),
            l.max_total,
            l.min_available
        ),
        None => format!("{} {old} old → {new} new · Recreate: no budget", m.title()),
    }
}
