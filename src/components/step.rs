//! The step card: after a Step, which loop acted, on which object, what it wanted and saw,
//! what it decided, and what it wrote; or, when no loop had work, that nothing happened and
//! which timer comes next, with a Jump button that runs the clock to it.

use std::rc::Rc;

use yew::prelude::*;

use kubeloop::controllers::Wait;
use kubeloop::world::Timer;

use crate::selection::ObjRef;
use crate::sim::timeline::{QuietStep, StepView};
use crate::words::{use_words, Arg, Words};

#[derive(Properties, PartialEq)]
pub struct StepCardProps {
    /// The action the last Step ran (`Sim::last_action`).
    #[prop_or_default]
    pub step: Option<Rc<StepView>>,
    /// The last Step found no loop with work (`Sim::quiet_step`); shown when `step` is not.
    #[prop_or_default]
    pub quiet: Option<Rc<QuietStep>>,
    pub on_select: Callback<ObjRef>,
    /// Jump to the next timer (`Sim::jump_to_next_timer`).
    #[prop_or_default]
    pub on_jump: Callback<()>,
}

#[component]
pub fn StepCard(props: &StepCardProps) -> Html {
    let w = use_words();
    match (&props.step, &props.quiet) {
        (Some(s), _) => acted(&w, s, &props.on_select),
        (None, Some(q)) => quiet(&w, q, &props.on_select, &props.on_jump),
        (None, None) => html! {},
    }
}

/// The stand-in for the `i`th element of a sentence (a badge, a link): a private-use
/// character no message contains, cut out again by `weave`.
pub(crate) fn mark(i: usize) -> Arg<'static> {
    char::from_u32(0xE000 + i as u32).unwrap_or('\u{E000}').to_string().into()
}

/// A sentence formatted with `mark(i)` for each element, rebuilt with `parts[i]` in its
/// place and `plain` around each run of words between them. One message per sentence, so
/// each language puts the link where its word order wants it.
pub(crate) fn weave(text: &str, parts: &[Html], plain: impl Fn(String) -> Html) -> Html {
    let mut out = Vec::new();
    let mut run = String::new();
    for c in text.chars() {
        let part = (c as u32).checked_sub(0xE000).and_then(|i| parts.get(i as usize));
        match part {
            Some(part) => {
                if !run.is_empty() {
                    out.push(plain(std::mem::take(&mut run)));
                }
                out.push(part.clone());
            }
            None => run.push(c),
        }
    }
    if !run.is_empty() {
        out.push(plain(run));
    }
    out.into_iter().collect()
}

fn acted(w: &Words, s: &StepView, on_select: &Callback<ObjRef>) -> Html {
    let target = s.target.clone();
    let select = on_select.reform(move |_: MouseEvent| target.clone());
    let badge = html! { <span class="loop-badge">{ &s.controller }</span> };
    let link = html! {
        <button type="button" class="link" onclick={select}>
            { format!("{}/{}", s.target.kind.as_str().to_lowercase(), s.target.name) }
        </button>
    };
    let title = w.with("step-acted", &[("loop", mark(0)), ("object", mark(1))]);
    html! {
        <section class={classes!("step-card", format!("loop-{}", s.controller))} aria-label={w.t("step-label")} role="status">
            <h2 class="step-title">{ weave(&title, &[badge, link], |t| html! { { t } }) }</h2>
            if s.decisions.is_empty() {
                <p class="step-line">{ w.t("step-no-decision") }</p>
            }
            { for s.decisions.iter().map(|d| html! {
                <dl class="step-decision">
                    <dt>{ w.t("step-wanted") }</dt><dd>{ w.said(&d.desired) }</dd>
                    <dt>{ w.t("step-saw") }</dt><dd>{ w.said(&d.observed) }</dd>
                    <dt>{ w.t("step-did") }</dt><dd class="step-action">{ w.said(&d.action) }</dd>
                </dl>
            }) }
            if !s.writes.is_empty() {
                <p class="step-writes-title">{ w.t("step-wrote") }</p>
                <ul class="step-writes">
                    { for s.writes.iter().map(|line| html! { <li><code>{ line }</code></li> }) }
                    if s.more_writes > 0 {
                        <li>{ w.with("step-more-writes", &[("count", s.more_writes.into())]) }</li>
                    }
                </ul>
            }
            if s.events > 0 {
                <p class="step-writes-title">{ w.with("step-events", &[("count", s.events.into())]) }</p>
            }
            <p class="step-hint">{ w.t("step-hint") }</p>
        </section>
    }
}

/// A timer in the page's words: `kubelet back-off for pod/web-x2x9q`.
fn timer_words(w: &Words, t: &Timer) -> String {
    let wait = w.t(wait_id(t.wait));
    match (t.controller, &t.object) {
        (Some(c), Some((kind, key))) => {
            let object = format!("{}/{}", kind.as_str().to_ascii_lowercase(), key.name);
            let args =
                [("loop", c.short().into()), ("wait", wait.into()), ("object", object.into())];
            w.with("step-timer-object", &args)
        }
        (Some(c), None) => {
            w.with("step-timer-loop", &[("loop", c.short().into()), ("wait", wait.into())])
        }
        _ => w.with("step-timer-all", &[("wait", wait.into())]),
    }
}

/// What a loop waits for, as a message.
fn wait_id(wait: Wait) -> &'static str {
    match wait {
        Wait::Recheck => "wait-recheck",
        Wait::BackOff => "wait-back-off",
        Wait::ImagePull => "wait-image-pull",
        Wait::ContainerStart => "wait-container-start",
        Wait::ContainerExit => "wait-container-exit",
        Wait::RestartCheck => "wait-restart-check",
        Wait::GracePeriod => "wait-grace-period",
        Wait::Cleanup => "wait-cleanup",
        Wait::MinReady => "wait-min-ready",
        Wait::ProgressDeadline => "wait-progress-deadline",
        Wait::NodeMonitorGrace => "wait-node-monitor-grace",
        Wait::Eviction => "wait-eviction",
        Wait::Resync => "wait-resync",
        Wait::StartupProbe => "wait-startup-probe",
        Wait::LivenessProbe => "wait-liveness-probe",
        Wait::ReadinessProbe => "wait-readiness-probe",
        Wait::Schedule => "wait-schedule",
        Wait::SyncPeriod => "wait-sync-period",
        Wait::LeaseRenewal => "wait-lease-renewal",
    }
}

fn quiet(w: &Words, q: &QuietStep, on_select: &Callback<ObjRef>, on_jump: &Callback<()>) -> Html {
    let jump = on_jump.reform(|_: MouseEvent| ());
    let next = q.next.as_ref().map(|t| {
        let what = timer_words(w, &t.timer);
        let timer = match t.target.clone() {
            Some(target) => html! {
                <button type="button" class="link" onclick={on_select.reform(move |_: MouseEvent| target.clone())}>
                    { what }
                </button>
            },
            None => html! { <span>{ what }</span> },
        };
        let time = kubeloop::duration::human(t.due_in_ms());
        let text = w.with("step-next", &[("timer", mark(0)), ("time", time.into())]);
        weave(&text, &[timer], |t| html! { { t } })
    });
    html! {
        <section class="step-card step-quiet" aria-label={w.t("step-label")} role="status">
            <h2 class="step-title">{ w.t("step-quiet-title") }</h2>
            <p class="step-line">{ w.t("step-quiet-line") }</p>
            if let Some(next) = next {
                <p class="step-next">{ next }</p>
                <button type="button" class="step-jump" onclick={jump}>{ w.t("step-jump") }</button>
            }
            <p class="step-hint">{ w.t("step-jump-hint") }</p>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_woven_sentence_keeps_its_words_and_parts_in_order() {
        let text = Words::default().with("step-acted", &[("loop", mark(0)), ("object", mark(1))]);
        assert_eq!(text, "\u{E000} acted on \u{E001}");
        let de = Words::new(crate::words::Lang::De)
            .with("step-next", &[("timer", mark(0)), ("time", "10s".into())]);
        assert!(de.contains('\u{E000}') && de.contains("10s"), "{de}");
    }

    /// The page's English for a timer is the engine's own (the log prints that), for every
    /// kind of wait; German has words of its own for each.
    #[test]
    fn a_timer_reads_as_the_engine_says_it_in_english_and_in_german() {
        use kubeloop::controllers::ControllerName;
        use kubeloop::model::Kind;
        use kubeloop::store::Key;
        let (en, de) = (Words::default(), Words::new(crate::words::Lang::De));
        let mut german = std::collections::BTreeSet::new();
        for wait in Wait::ALL {
            let object = Some((Kind::Pod, Key::new("default", "web-x2x9q")));
            for (controller, object) in [
                (Some(ControllerName::Kubelet), object),
                (Some(ControllerName::Kubelet), None),
                (None, None),
            ] {
                let t = Timer { at: kubeloop::clock::Time::ZERO, controller, object, wait };
                assert_eq!(timer_words(&en, &t), t.to_string());
                german.insert(timer_words(&de, &t));
            }
            assert_ne!(de.t(wait_id(wait)), en.t(wait_id(wait)), "{wait:?} in German");
        }
        assert_eq!(german.len(), Wait::ALL.len() * 3, "each reads differently");
    }
}
