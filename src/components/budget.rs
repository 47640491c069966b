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
use crate::words::{use_words, Words};

/// Meters drawn at once: each one more takes its height from the graph, so the rest are
/// counted.
const MAX_SHOWN: usize = 3;

/// The meter, drawn by code that ships with the course part in the page's split build, as
/// the meters it draws do (`view::budget`): before it, there is never one to draw.
pub fn budget_meter(meters: Rc<Vec<Meter>>, open: bool, on_toggle: Callback<()>) -> Html {
    match linked() {
        Some(draw) if !meters.is_empty() => draw(meters, open, on_toggle),
        _ => Html::default(),
    }
}

type Draw = fn(Rc<Vec<Meter>>, bool, Callback<()>) -> Html;

crate::lazy::seam!(Draw = draw);

fn draw(meters: Rc<Vec<Meter>>, open: bool, on_toggle: Callback<()>) -> Html {
    html! { <BudgetMeter {meters} {open} {on_toggle} /> }
}

#[derive(Properties, PartialEq)]
pub struct BudgetProps {
    pub meters: Rc<Vec<Meter>>,
    /// Shown in full, or folded to its heading.
    pub open: bool,
    pub on_toggle: Callback<()>,
}

#[component]
pub fn BudgetMeter(props: &BudgetProps) -> Html {
    let w = use_words();
    if props.meters.is_empty() {
        return html! {};
    }
    let toggle = props.on_toggle.reform(|_: MouseEvent| ());
    let label = w.t(if props.open { "budget-hide" } else { "budget-show" });
    let more = props.meters.len().saturating_sub(MAX_SHOWN);
    html! {
        <aside class={classes!("budget", (!props.open).then_some("folded"))} aria-label={w.t("budget-label")}>
            <header class="budget-head">
                <span class="budget-heading">{ w.t("budget-heading") }</span>
                <button type="button" class="budget-toggle" aria-expanded={props.open.to_string()}
                    title={w.t("budget-toggle-hint")} onclick={toggle}>
                    { label }
                </button>
            </header>
            if props.open {
                { for props.meters.iter().take(MAX_SHOWN).map(|m| meter(m, &w)) }
                if more > 0 {
                    <p class="budget-more">{ w.with("budget-more", &[("count", more.into())]) }</p>
                }
            }
        </aside>
    }
}

fn meter(m: &Meter, w: &Words) -> Html {
    let b = &m.budget;
    let (old, new) = m.replicas();
    let (old_av, new_av) = m.available();
    let state = w.t(if m.finished { "budget-done" } else { "budget-rolling" });
    let limits = b.limits.as_ref();
    html! {
        <section class={classes!("budget-meter", m.finished.then_some("finished"))}
            key={format!("{}/{}", b.namespace, b.name)} data-deployment={m.title()}>
            <p class="budget-title">
                <strong>{ m.title() }</strong>
                <span class="budget-state">{ state }</span>
                <span class="budget-desired"><b>{ b.desired }</b>{ format!(" {}", w.t("budget-desired")) }</span>
            </p>
            { params(limits, w) }
            { bar(m, ("pods", w.t("budget-pods")), (old, new), limits.map(|l| ("max", l.max_total)), "≤", w) }
            { bar(m, ("available", w.t("budget-available")), (old_av, new_av), limits.map(|l| ("min", l.min_available)), "≥", w) }
            <p class="budget-sides">
                <span class="budget-old">{ side_words(true, &b.old, w) }</span>
                <span class="budget-new">{ b.new_rs.as_ref().map_or_else(|| w.t("budget-new-none"), |s| side_words(false, s, w)) }</span>
            </p>
            <p class="budget-compact">{ compact(m, w) }</p>
        </section>
    }
}

fn params(limits: Option<&Limits>, w: &Words) -> Html {
    let Some(l) = limits else {
        return html! {
            <p class="budget-params">{ w.t("budget-recreate") }</p>
        };
    };
    let n = [("n", l.unavailable.into())];
    let fencepost = if l.fencepost() {
        html! { <span class="budget-fence">{ format!(" {}", w.with("budget-fencepost", &n)) }</span> }
    } else if l.scaled_unavailable != l.unavailable {
        html! { <span class="budget-fence">{ format!(" {}", w.with("budget-capped", &n)) }</span> }
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
/// `what` is its class and its label in the page's language.
fn bar(
    m: &Meter,
    (what, label): (&str, String),
    (old, new): (i32, i32),
    line: Option<(&'static str, i32)>,
    cmp: &str,
    w: &Words,
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
            <span class="budget-label">{ label.clone() }</span>
            <span class="budget-bar" role="img"
                aria-label={w.with("budget-bar-label", &[("what", label.into()), ("old", old.into()), ("new", new.into())])}>
                <span class="budget-seg old" style={width(old)}></span>
                <span class="budget-seg new" style={width(new)}></span>
                { for line_html }
            </span>
            <span class="budget-num">{ numbers }</span>
        </div>
    }
}

/// "old web-abc 3 (3 ready, 3 available)", "2 old RSs 1 (...)", "old 0".
fn side_words(old: bool, s: &Side, w: &Words) -> String {
    let who = match s.sets {
        0 | 1 if !s.name.is_empty() => {
            let name = [("name", s.name.as_str().into())];
            w.with(if old { "budget-old-named" } else { "budget-new-named" }, &name)
        }
        0 | 1 => w.t(if old { "budget-old" } else { "budget-new" }),
        n => {
            w.with(if old { "budget-old-sets" } else { "budget-new-sets" }, &[("count", n.into())])
        }
    };
    if s.replicas == 0 && s.pods == 0 {
        return format!("{who} 0");
    }
    w.with(
        "budget-side",
        &[
            ("who", who.into()),
            ("replicas", s.replicas.into()),
            ("ready", s.ready.into()),
            ("available", s.available.into()),
        ],
    )
}

/// The phone's single line: "web 3 old → 2 new · pods 5 ≤ 5 · available 4 ≥ 3".
fn compact(m: &Meter, w: &Words) -> String {
    let (old, new) = m.replicas();
    let (old_av, new_av) = m.available();
    let (pods, available) = (old + new, old_av + new_av);
    let mut args = vec![("name", m.title().into()), ("old", old.into()), ("new", new.into())];
    match m.budget.limits.as_ref() {
        Some(l) => {
            args.extend([
                ("pods", pods.into()),
                ("max", l.max_total.into()),
                ("available", available.into()),
                ("min", l.min_available.into()),
            ]);
            w.with("budget-compact", &args)
        }
        None => w.with("budget-compact-recreate", &args),
    }
}
