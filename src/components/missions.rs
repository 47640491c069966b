//! The mission picker and the active mission: goal, hints one at a time, "predict first"
//! questions answered then revealed, and the verdict of "Check my work". It only shows what
//! `App` hands it and reports clicks; starting and checking a mission happen in `Sim`.
//! Mission text is data a teacher wrote, so it is always rendered as text, reflowed (`text`)
//! so the browser wraps it instead of the YAML file's line breaks.

use std::rc::Rc;

use kubeloop::mission::{Prediction, Verdict};
use wasm_bindgen::JsCast;
use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::page::{Msg, Page};
use crate::sim::Sim;
use crate::words::use_words;

mod load;
mod text;
pub use load::{CourseOption, CoursePicker, MissionLoader};
pub use text::{reflow, Block};

/// One entry of the picker.
#[derive(Clone, Debug, PartialEq)]
pub struct MissionView {
    pub name: String,
    pub title: String,
    pub done: bool,
}

/// The mission being worked on.
#[derive(Clone, Debug, PartialEq)]
pub struct ActiveView {
    pub name: String,
    pub title: String,
    pub goal: String,
    pub hints: Vec<String>,
    pub predict: Vec<Prediction>,
}

/// The last check: pass or fail, and one line per check with whether it holds.
#[derive(Clone, Debug, PartialEq)]
pub struct VerdictView {
    pub passed: bool,
    pub lines: Vec<(bool, String)>,
}

impl From<&Verdict> for VerdictView {
    fn from(v: &Verdict) -> Self {
        VerdictView {
            passed: v.passed,
            lines: v.results.iter().map(|r| (r.ok, r.line())).collect(),
        }
    }
}

/// The active mission's last verdict, in the page's language where the mission has it.
pub fn verdict_view(sim: &Sim, lang: &str) -> Option<VerdictView> {
    let v = sim.verdict.as_ref()?;
    Some(match sim.active_mission() {
        Some(m) => VerdictView::from(&v.in_language(m, lang)),
        None => VerdictView::from(v),
    })
}

/// The shown course's missions, in its order, titled in the page's language where they
/// have it.
pub fn mission_views(sim: &Sim, lang: &str) -> Vec<MissionView> {
    let Some(course) = sim.course_entry(&sim.course) else { return Vec::new() };
    course
        .missions
        .iter()
        .filter_map(|name| sim.missions.iter().find(|m| &m.name == name))
        .map(|m| MissionView {
            name: m.name.clone(),
            title: m.title_in(lang).to_string(),
            done: sim.is_done(&m.name),
        })
        .collect()
}

/// The courses to choose from, and the shown one's name and about-text, in the page's
/// language where they have it.
pub fn course_views(sim: &Sim, lang: &str) -> (Vec<CourseOption>, String, String) {
    let options = sim
        .courses
        .iter()
        .map(|c| CourseOption { name: c.name.clone(), title: c.in_language(lang).0 })
        .collect();
    let about = sim.course_entry(&sim.course).map(|c| c.in_language(lang).1).unwrap_or_default();
    (options, sim.course.clone(), about)
}

/// The mission being worked on, in the page's language where it has it.
pub fn active_view(sim: &Sim, lang: &str) -> Option<ActiveView> {
    sim.active_mission().map(|m| m.in_language(lang)).map(|m| ActiveView {
        name: m.name.clone(),
        title: m.title.clone(),
        goal: m.goal.trim_end().to_string(),
        hints: m.hints.clone(),
        predict: m.predict.clone(),
    })
}

/// The panel with the missions here (`shipped::course_panel` says when they are not).
pub(super) fn panel(page: &Page, send: &Callback<Msg>, w: &crate::words::Words) -> Html {
    let (s, lang) = (&page.sim, w.lang().code());
    html! {
        <MissionsPanel missions={Rc::new(mission_views(s, lang))} courses={Rc::new(course_views(s, lang))}
            on_show_course={send.reform(Msg::ShowCourse)} on_load={send.reform(Msg::Import)}
            active={active_view(s, lang).map(Rc::new)}
            verdict={verdict_view(s, lang).map(Rc::new)} checking={page.checking()}
            on_start={send.reform(Msg::StartMission)} on_check={send.reform(|()| Msg::CheckMission)}
            on_close={send.reform(|()| Msg::LeaveMission)} />
    }
}

#[derive(Properties, PartialEq)]
pub struct MissionsPanelProps {
    pub missions: Rc<Vec<MissionView>>,
    /// The courses, the shown one, and what it teaches (`course_views`).
    pub courses: Rc<(Vec<CourseOption>, String, String)>,
    pub on_show_course: Callback<String>,
    /// A mission or course file's text, to load.
    pub on_load: Callback<String>,
    #[prop_or_default]
    pub active: Option<Rc<ActiveView>>,
    #[prop_or_default]
    pub verdict: Option<Rc<VerdictView>>,
    /// A check is waiting for the part that holds the missions' probes.
    #[prop_or_default]
    pub checking: bool,
    /// Starts the mission with this name on a fresh cluster.
    pub on_start: Callback<String>,
    pub on_check: Callback<()>,
    /// Leaves the active mission and shows the list again.
    pub on_close: Callback<()>,
}

#[component]
pub fn MissionsPanel(props: &MissionsPanelProps) -> Html {
    let w = use_words();
    let done = props.missions.iter().filter(|m| m.done).count();
    html! {
        <section class="missions" aria-label={w.t("mission-panel-label")}>
            <h2 class="panel-title">{ w.t("panel-missions") }</h2>
            if let Some(active) = props.active.clone() {
                <Active key={active.name.clone()} active={active.clone()} verdict={props.verdict.clone()}
                    checking={props.checking} on_check={props.on_check.clone()} on_close={props.on_close.clone()} />
            } else {
                <CoursePicker courses={props.courses.0.clone()} shown={props.courses.1.clone()}
                    about={props.courses.2.clone()} on_show={props.on_show_course.clone()} />
                <p class="mission-progress">{ w.with("mission-progress", &[("done", done.into()), ("total", props.missions.len().into())]) }</p>
                <ol class="mission-list">
                    { for props.missions.iter().map(|m| {
                        let onclick = {
                            let (name, on_start) = (m.name.clone(), props.on_start.clone());
                            Callback::from(move |_: MouseEvent| on_start.emit(name.clone()))
                        };
                        html! {
                            <li class={classes!("mission-item", m.done.then_some("done"))}>
                                <button class="mission-start" data-mission={m.name.clone()} {onclick}
                                    title={w.t("mission-start-hint")}>
                                    { &m.title }
                                </button>
                                if m.done {
                                    <span class="mission-done"><span class="mission-mark">{ "\u{2713}" }</span>{ format!(" {}", w.t("mission-done")) }</span>
                                }
                            </li>
                        }
                    }) }
                </ol>
                <MissionLoader on_load={props.on_load.clone()} />
            }
        </section>
    }
}

#[derive(Properties, PartialEq)]
struct ActiveProps {
    active: Rc<ActiveView>,
    verdict: Option<Rc<VerdictView>>,
    checking: bool,
    on_check: Callback<()>,
    on_close: Callback<()>,
}

/// The active mission. Keyed by name, so its hint count starts again with each mission.
#[component]
fn Active(props: &ActiveProps) -> Html {
    let w = use_words();
    let shown_hints = use_state(|| 0usize);
    let a = &props.active;
    let verdict_ref = use_node_ref();
    // A check's verdict can land below the fold of a long mission: bring it into view when it
    // changes, and after every click on "Check my work" (the same verdict twice is still an
    // answer the learner is waiting for).
    let scroll_pending = use_mut_ref(|| false);
    let last_verdict = use_mut_ref(|| None::<Rc<VerdictView>>);
    {
        let (verdict_ref, scroll_pending) = (verdict_ref.clone(), scroll_pending.clone());
        let verdict = props.verdict.clone();
        use_effect(move || {
            let changed = *last_verdict.borrow() != verdict;
            if changed || *scroll_pending.borrow() {
                if let Some(el) = verdict_ref.cast::<web_sys::Element>() {
                    let opts = web_sys::ScrollIntoViewOptions::new();
                    opts.set_block(web_sys::ScrollLogicalPosition::Nearest);
                    el.scroll_into_view_with_scroll_into_view_options(&opts);
                    *scroll_pending.borrow_mut() = false;
                }
                *last_verdict.borrow_mut() = verdict;
            }
        });
    }
    let more_hints = *shown_hints < a.hints.len();
    let show_hint = {
        let shown_hints = shown_hints.clone();
        Callback::from(move |_: MouseEvent| shown_hints.set(*shown_hints + 1))
    };
    let on_check = {
        let on_check = props.on_check.clone();
        Callback::from(move |_: MouseEvent| {
            *scroll_pending.borrow_mut() = true;
            on_check.emit(())
        })
    };
    let on_close = {
        let on_close = props.on_close.clone();
        Callback::from(move |_: MouseEvent| on_close.emit(()))
    };
    html! {
        <div class="mission-active">
            <h3 class="mission-title">{ &a.title }</h3>
            <div class="mission-goal">{ text::render(&a.goal) }</div>
            { for a.predict.iter().enumerate().map(|(i, p)| html! {
                <Predict key={i} prediction={p.clone()} />
            }) }
            if !a.hints.is_empty() {
                <ol class="mission-hints" aria-label={w.t("mission-hints-label")}>
                    { for a.hints.iter().take(*shown_hints).map(|h| html! { <li>{ text::render(h) }</li> }) }
                </ol>
                if more_hints {
                    <button class="btn" onclick={show_hint}>{ w.t("mission-show-hint") }</button>
                }
            }
            <div class="mission-actions">
                <button class="btn btn-primary" onclick={on_check} disabled={props.checking}
                    aria-busy={props.checking.to_string()}
                    title={w.t("mission-check-hint")}>
                    { if props.checking { w.t("mission-checking") } else { w.t("mission-check") } }
                </button>
                <button class="btn" onclick={on_close}>{ w.t("mission-all") }</button>
            </div>
            if props.checking {
                <p class="verdict-pending" role="status">{ w.t("mission-check-pending") }</p>
            } else if let Some(v) = props.verdict.clone() {
                <div ref={verdict_ref} class={classes!("verdict", if v.passed { "pass" } else { "fail" })} role="status">
                    <h4 class="verdict-head">{ if v.passed { w.t("mission-pass") } else { w.t("mission-fail") } }</h4>
                    <ul class="verdict-lines">
                        { for v.lines.iter().map(|(ok, line)| html! {
                            <li class={if *ok { "check-ok" } else { "check-bad" }}>
                                <span class="check-mark">{ if *ok { format!("\u{2713} {} ", w.t("mission-met")) } else { format!("\u{2717} {} ", w.t("mission-not-yet")) } }</span>
                                { line }
                            </li>
                        }) }
                    </ul>
                </div>
            }
        </div>
    }
}

#[derive(Properties, PartialEq)]
struct PredictProps {
    prediction: Prediction,
}

/// One "predict first" question: the learner commits to an answer, then reveals ours.
#[component]
fn Predict(props: &PredictProps) -> Html {
    let w = use_words();
    let answer = use_state(String::new);
    let revealed = use_state(|| false);
    let p = &props.prediction;
    let on_input = {
        let answer = answer.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(input) = e.target().and_then(|t| t.dyn_into::<HtmlInputElement>().ok()) {
                answer.set(input.value());
            }
        })
    };
    let reveal = {
        let revealed = revealed.clone();
        Callback::from(move |_: MouseEvent| revealed.set(true))
    };
    html! {
        <div class="predict">
            <p class="predict-head">{ w.t("predict-head") }</p>
            <label class="predict-question">
                { &p.question }
                <input class="predict-input" type="text" aria-label={w.t("predict-input-label")}
                    value={(*answer).clone()} oninput={on_input} readonly={*revealed} />
            </label>
            if *revealed {
                <p class="predict-answer">
                    <strong>{ format!("{} ", w.t("predict-answer")) }</strong>{ &p.answer }
                    if !answer.trim().is_empty() {
                        { format!(" {}", w.with("predict-you-said", &[("answer", answer.trim().into())])) }
                    }
                </p>
                if !p.explain.is_empty() {
                    <p class="predict-explain">{ &p.explain }</p>
                }
            } else {
                <button class="btn" onclick={reveal}>{ w.t("predict-reveal") }</button>
            }
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_picker_marks_done_missions_and_the_verdict_has_a_line_per_check() {
        let mut sim = Sim::new(1);
        assert!(active_view(&sim, "en").is_none());
        sim.start_mission("stop-for-real");
        sim.check_mission();
        let active = active_view(&sim, "en").expect("active");
        assert_eq!(active.title, "Stop an app for real");
        assert!(!active.predict.is_empty());
        let v = VerdictView::from(sim.verdict.as_ref().expect("checked"));
        assert!(!v.passed);
        assert_eq!(v.lines.len(), 1);
        assert!(v.lines[0].1.contains("found 3 pods"), "{v:?}");
        sim.run_command("k scale deploy/web --replicas=0");
        sim.session.world.settle();
        sim.check_mission();
        let views = mission_views(&sim, "en");
        assert!(views.iter().any(|m| m.name == "stop-for-real" && m.done));
        assert_eq!(views.iter().filter(|m| m.done).count(), 1);
    }

    #[test]
    fn a_german_page_shows_the_built_in_courses_and_missions_in_german() {
        let mut sim = Sim::new(1);
        let (options, _, about) = course_views(&sim, "de");
        assert_eq!(options[0].title.as_deref(), Some("Reconciliation-Schleife"));
        assert!(!about.is_empty() && course_views(&sim, "en").2 != about, "{about}");
        let de = mission_views(&sim, "de");
        let en = mission_views(&sim, "en");
        assert_eq!(de.len(), en.len());
        assert!(de.iter().zip(&en).all(|(d, e)| d.title != e.title), "every title in German");
        sim.start_mission("stop-for-real");
        sim.check_mission();
        let active = active_view(&sim, "de").expect("active");
        assert_ne!(active.goal, active_view(&sim, "en").unwrap().goal);
        let v = verdict_view(&sim, "de").expect("checked");
        assert_ne!(v.lines, verdict_view(&sim, "en").unwrap().lines);
        assert!(v.lines[0].1.contains("found 3 pods"), "what was found stays kubectl's: {v:?}");
    }

    #[test]
    fn the_course_of_loaded_missions_is_named_by_the_page_in_its_language() {
        let mut sim = Sim::new(1);
        let mine = "name: mine\ntitle: Mine\ngoal: g\nsolution: k get pods\nchecks:\n\
                    - kind: pods\n  selector: app=web\n  count: 2\n  explain: two web pods\n";
        sim.run_command(&crate::sim::load_line(mine));
        let (options, shown, _) = course_views(&sim, "en");
        let loaded = options.iter().find(|c| c.name == shown).expect("the loaded course");
        assert_eq!(loaded.title, None, "{options:?}");
        assert_eq!(crate::words::Words::default().t("course-loaded"), "Loaded missions");
    }

    #[test]
    fn in_the_page_no_check_line_is_met_before_the_learner_acts() {
        // The check rebuilds the start from the seed: this holds only if that rebuild matches
        // what `start_mission` made in the page, timer ticks included.
        for name in mission_views(&Sim::new(3), "en").into_iter().map(|m| m.name) {
            let mut sim = Sim::new(3);
            sim.start_mission(&name);
            for _ in 0..50 {
                sim.tick(1000.0);
            }
            sim.check_mission();
            let v = VerdictView::from(sim.verdict.as_ref().expect("checked"));
            assert!(!v.passed, "{name}: {v:?}");
            assert!(v.lines.iter().all(|(ok, _)| !ok), "{name}: {v:?}");
        }
    }
}
