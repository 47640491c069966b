//! The terminal-style command panel: a labelled input and a live output log.

use web_sys::HtmlInputElement;
use yew::prelude::*;

/// One line of the output log, tagged so errors and echoed commands can be styled.
#[derive(Clone, Debug, PartialEq)]
pub struct LogLine {
    pub text: String,
    pub kind: LineKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineKind {
    Input,
    Output,
    Error,
}

impl LogLine {
    pub fn input(command: &str) -> Self {
        Self { text: format!("$ {command}"), kind: LineKind::Input }
    }

    pub fn output(text: &str) -> Self {
        Self { text: text.to_owned(), kind: LineKind::Output }
    }

    pub fn error(text: &str) -> Self {
        Self { text: text.to_owned(), kind: LineKind::Error }
    }
}

#[derive(Properties, PartialEq)]
pub struct CommandBoxProps {
    pub log: Vec<LogLine>,
    pub on_command: Callback<String>,
}

#[component]
pub fn CommandBox(props: &CommandBoxProps) -> Html {
    let input = use_node_ref();

    let onkeydown = {
        let input = input.clone();
        let on_command = props.on_command.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() != "Enter" {
                return;
            }
            if let Some(el) = input.cast::<HtmlInputElement>() {
                let line = el.value();
                if !line.trim().is_empty() {
                    on_command.emit(line);
                }
                el.set_value("");
            }
        })
    };

    html! {
        <section class="terminal" aria-label="command box">
            <div class="terminal-log" role="log" aria-live="polite">
                { for props.log.iter().map(|line| {
                    let class = match line.kind {
                        LineKind::Input => "line line-input",
                        LineKind::Output => "line line-output",
                        LineKind::Error => "line line-error",
                    };
                    html! { <pre class={class}>{ &line.text }</pre> }
                }) }
            </div>
            <div class="prompt">
                <label class="prompt-sign" for="command-input">{ "$" }</label>
                <input
                    id="command-input"
                    ref={input}
                    class="prompt-input"
                    type="text"
                    aria-label="kubectl command"
                    placeholder="k create deployment web --image=nginx:1.27 --replicas=3"
                    autocomplete="off"
                    spellcheck="false"
                    {onkeydown}
                />
            </div>
        </section>
    }
}
