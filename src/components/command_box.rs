//! The terminal-style command panel: a labelled input with history, Tab completion and
//! Ctrl+C, a live output log that scrolls, and, while a watch streams or a command waits
//! (`kubectl delete` waiting for its objects, `rollout status`, `wait`), a line saying what it
//! waits for and a Stop button.

use std::rc::Rc;

use web_sys::{HtmlElement, HtmlTextAreaElement};
use yew::prelude::*;

use kubeloop::kubectl::Waiting;

use crate::sim::{LineKind, LogLine};
use crate::words::{use_words, Words};

#[derive(Properties, PartialEq)]
pub struct CommandBoxProps {
    pub log: Rc<Vec<LogLine>>,
    pub history: Rc<Vec<String>>,
    /// A `-w` watch is streaming or a command waits: show Stop, and Ctrl+C stops it.
    #[prop_or_default]
    pub watching: bool,
    /// What is pending, from `Sim::waiting()`: shown above the prompt with the command.
    #[prop_or_default]
    pub waiting: Option<Waiting>,
    pub on_command: Callback<String>,
    #[prop_or_default]
    pub on_stop: Callback<()>,
    /// Completes the current line (Tab); `None` when nothing fits.
    #[prop_or_default]
    pub on_complete: Option<Callback<String, Option<String>>>,
}

/// Whether Enter should submit: not while a heredoc is still open.
fn complete_input(text: &str) -> bool {
    let first = text.lines().next().unwrap_or("");
    match kubeloop::script::heredoc_delimiter(first) {
        Some(delim) => text.lines().skip(1).any(|l| l.trim_start_matches('\t') == delim),
        None => true,
    }
}

/// Tab completes the line when there is something to complete; otherwise (an empty box, no
/// candidates, or Shift+Tab) it returns `None` and the key moves focus as it does anywhere
/// else, so the box is never a keyboard trap.
fn tab(
    line: String,
    shift: bool,
    complete: impl FnOnce(String) -> Option<String>,
) -> Option<String> {
    if shift || line.trim().is_empty() {
        return None;
    }
    complete(line)
}

#[component]
pub fn CommandBox(props: &CommandBoxProps) -> Html {
    let words = use_words();
    let input = use_node_ref();
    let log_ref = use_node_ref();
    // Position in history while browsing with Up/Down; None is the fresh line.
    let cursor = use_mut_ref(|| None::<usize>);

    // Keep the newest output in view.
    {
        let log_ref = log_ref.clone();
        use_effect_with(props.log.len(), move |_| {
            if let Some(el) = log_ref.cast::<HtmlElement>() {
                el.set_scroll_top(el.scroll_height());
            }
        });
    }

    let onkeydown = {
        let input = input.clone();
        let on_command = props.on_command.clone();
        let on_stop = props.on_stop.clone();
        let on_complete = props.on_complete.clone();
        let history = props.history.clone();
        let watching = props.watching;
        Callback::from(move |e: KeyboardEvent| {
            let Some(el) = input.cast::<HtmlTextAreaElement>() else { return };
            let value = el.value();
            match e.key().as_str() {
                "Enter" if !e.shift_key() && complete_input(&value) => {
                    e.prevent_default();
                    *cursor.borrow_mut() = None;
                    el.set_value("");
                    if !value.trim().is_empty() {
                        on_command.emit(value);
                    }
                }
                "c" | "C" if e.ctrl_key() => {
                    e.prevent_default();
                    if watching {
                        on_stop.emit(());
                    } else {
                        el.set_value("");
                    }
                }
                "Tab" => {
                    let complete = |line| on_complete.as_ref().and_then(|c| c.emit(line));
                    if let Some(done) = tab(value, e.shift_key(), complete) {
                        e.prevent_default();
                        el.set_value(&done);
                    }
                }
                "ArrowUp" if !value.contains('\n') && !history.is_empty() => {
                    e.prevent_default();
                    let mut c = cursor.borrow_mut();
                    let next = match *c {
                        None => history.len() - 1,
                        Some(i) => i.saturating_sub(1),
                    };
                    *c = Some(next);
                    el.set_value(&history[next]);
                }
                "ArrowDown" if !value.contains('\n') => {
                    e.prevent_default();
                    let mut c = cursor.borrow_mut();
                    match *c {
                        Some(i) if i + 1 < history.len() => {
                            *c = Some(i + 1);
                            el.set_value(&history[i + 1]);
                        }
                        _ => {
                            *c = None;
                            el.set_value("");
                        }
                    }
                }
                _ => {}
            }
        })
    };

    let focus_input = {
        let input = input.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(el) = input.cast::<HtmlElement>() {
                let _ = el.focus();
            }
        })
    };
    let stop = {
        let on_stop = props.on_stop.clone();
        Callback::from(move |_: MouseEvent| on_stop.emit(()))
    };

    html! {
        <section class="terminal" aria-label={words.t("cmd-label")}>
            <div class="terminal-log" role="log" aria-live="polite" ref={log_ref} onclick={focus_input}>
                { for props.log.iter().map(|line| {
                    let class = match line.kind {
                        LineKind::Input => "line line-input",
                        LineKind::Output => "line line-output",
                        LineKind::Error => "line line-error",
                    };
                    html! { <pre class={class}>{ &line.text }</pre> }
                }) }
            </div>
            if let Some(w) = props.waiting.as_ref().filter(|_| props.watching) {
                <p class="waiting-line" role="status">
                    <code class="waiting-command">{ &w.command }</code>
                    <span class="waiting-what">{ format!(" \u{2014} {}\u{2026}", w.what) }</span>
                </p>
            }
            <div class="prompt">
                <label class="prompt-sign" for="command-input">{ "$" }</label>
                <textarea
                    id="command-input"
                    ref={input}
                    class="prompt-input"
                    rows="1"
                    aria-label={words.t("cmd-input-label")}
                    placeholder="k create deployment web --image=nginx:1.27 --replicas=3"
                    autocomplete="off"
                    autocapitalize="off"
                    autocorrect="off"
                    spellcheck="false"
                    {onkeydown}
                />
                if props.watching {
                    <button class="stop-button" onclick={stop} title={stop_title(&words, props.waiting.as_ref())}>
                        { stop_label(&words, props.waiting.as_ref()) }
                    </button>
                }
            </div>
        </section>
    }
}

/// The Stop button's words: a watch is stopped, a wait is given up on.
fn stop_label(words: &Words, waiting: Option<&Waiting>) -> String {
    let label = match waiting {
        Some(w) if !w.watch => words.t("cmd-stop-waiting"),
        _ => words.t("cmd-stop-watch"),
    };
    format!("\u{25a0} {label}")
}

fn stop_title(words: &Words, waiting: Option<&Waiting>) -> String {
    match waiting {
        Some(w) if !w.watch => words.t("cmd-stop-waiting-hint"),
        _ => words.t("cmd-stop-watch-hint"),
    }
}

#[cfg(test)]
mod tests {
    use super::{complete_input, stop_label, tab};
    use crate::words::Words;
    use kubeloop::kubectl::Waiting;

    #[test]
    fn tab_completes_when_it_can_and_otherwise_leaves_the_box() {
        let some = |l: String| Some(format!("{l}ete"));
        assert_eq!(tab("k del".into(), false, some), Some("k delete".into()));
        assert_eq!(tab("".into(), false, some), None, "an empty box: Tab moves on");
        assert_eq!(tab("  ".into(), false, some), None);
        assert_eq!(tab("k zzz".into(), false, |_| None), None, "no candidates: Tab moves on");
        assert_eq!(tab("k del".into(), true, some), None, "Shift+Tab always leaves");
    }

    #[test]
    fn the_stop_button_names_what_it_stops() {
        let wait =
            Waiting { command: "k delete deploy web".into(), what: "x".into(), watch: false };
        let words = Words::default();
        assert_eq!(stop_label(&words, Some(&wait)), "\u{25a0} Stop waiting");
        let watch = Waiting { watch: true, ..wait };
        assert_eq!(stop_label(&words, Some(&watch)), "\u{25a0} Stop watch");
        assert_eq!(stop_label(&words, None), "\u{25a0} Stop watch");
    }

    #[test]
    fn enter_waits_for_the_heredoc_terminator() {
        assert!(complete_input("k get pods"));
        assert!(!complete_input("k apply -f - <<EOF\nkind: Pod"));
        assert!(complete_input("k apply -f - <<EOF\nkind: Pod\nEOF"));
    }
}
