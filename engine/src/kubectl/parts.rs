//! kubectl's commands beyond the first lesson, as a part a build may ship apart from the first
//! load. The lesson needs `create`, `get`, `delete`, `describe` and `scale`; everything here
//! (`apply`, `diff`, `explain`, `rollout`, `drain`, `logs`, `top`, ...) is reached through
//! this module only, so a build that splits its code (the page's release build, compiled with
//! `--cfg kubeloop_split`) can move it into a chunk fetched on first use.
//!
//! In such a build the command table holds a trampoline per command, which runs the command
//! once `link` has been called (from inside the chunk) and refuses it before. Every other
//! build (native, tests, the page's debug build) holds the commands themselves: nothing is
//! ever missing, and `missing` is always `None`. The page asks `missing` before it runs a
//! line, fetches the part, and runs the line when it has arrived.

use super::shell::{Part as Word, Script};
use super::verbs::{Invocation, COMMANDS};
use super::{
    annotate, apply, autoscale, diff, discovery, events, exec, explain, expose, label, logs, nodes,
    patch, replace, rollout, set_image, top, wait, Kubectl, KubectlError, Mode, Output,
};

/// A part of kubectl a build may fetch on first use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Part {
    /// The commands beyond the first lesson's.
    Commands,
}

impl Part {
    /// What the part is, for the terminal's "fetching ..." line.
    pub fn describe(self) -> &'static str {
        match self {
            Part::Commands => "kubectl's commands beyond the first lesson",
        }
    }

    /// Whether its code is here to run.
    pub fn linked(self) -> bool {
        match self {
            Part::Commands => linked(),
        }
    }
}

/// The part running `input` needs that has not been fetched yet, if any: the first, in
/// order, of the kubectl commands it names (in pipes, lists and `$( )` too).
pub fn missing(input: &str) -> Option<Part> {
    if linked() {
        // Every build but the split one, and the split one once the part is here.
        return None;
    }
    needs(input).filter(|p| !p.linked())
}

/// The first part the kubectl commands in `input` are shipped in, linked or not. A command
/// is named by the first word after `kubectl` that is one (global flags may come before it).
pub fn needs(input: &str) -> Option<Part> {
    kubectl_words(input).iter().find_map(|words| {
        let verb =
            words.iter().find_map(|w| COMMANDS.iter().find(|c| c.names.contains(&w.as_str())));
        verb.and_then(|c| c.part)
    })
}

/// The literal words after each `kubectl` (or `k`) in `input`, one list per command, those
/// inside `$( )` included; nothing when it does not parse (running it says why).
pub(super) fn kubectl_words(input: &str) -> Vec<Vec<String>> {
    fn walk(script: &Script, found: &mut Vec<Vec<String>>) {
        for (pipeline, _) in &script.items {
            for cmd in &pipeline.commands {
                let literal: Vec<Option<&str>> = cmd
                    .words
                    .iter()
                    .map(|w| match w.parts.as_slice() {
                        [Word::Literal(t)] => Some(t.as_str()),
                        _ => None,
                    })
                    .collect();
                if let Some(at) = literal.iter().position(|w| matches!(w, Some("kubectl" | "k"))) {
                    found.push(
                        literal[at + 1..].iter().map_while(|w| w.map(str::to_string)).collect(),
                    );
                }
                for part in cmd.words.iter().flat_map(|w| &w.parts) {
                    if let Word::Subst(inner) | Word::QuotedSubst(inner) = part {
                        walk(inner, found);
                    }
                }
            }
        }
    }
    let mut found = Vec::new();
    if let Ok(script) = super::shell::parse(input) {
        walk(&script, &mut found);
    }
    found
}

/// The waiting verbs wait in the page even inside a pipe: only a script makes them block.
fn blocks(s: &Kubectl) -> bool {
    s.mode == Mode::Script
}

type Result = std::result::Result<i32, KubectlError>;

macro_rules! commands {
    ($($slot:ident($s:ident, $i:ident, $out:ident) $body:block)*) => {
        /// The commands themselves. Reached from the table directly, or, in a split build,
        /// only from `link`.
        pub(super) mod run {
            use super::*;
            $(
                pub fn $slot($s: &mut Kubectl, $i: Invocation<'_>, $out: &mut Output) -> Result {
                    $body
                }
            )*
        }

        /// What the table holds in a split build: each command through the linked part.
        #[cfg(kubeloop_split)]
        pub(super) mod trampoline {
            use super::*;
            $(
                pub fn $slot(s: &mut Kubectl, i: Invocation<'_>, out: &mut Output) -> Result {
                    match LINKED.get() {
                        Some(linked) => (linked.$slot)(s, i, out),
                        None => Err(unlinked(i.verb)),
                    }
                }
            )*
        }

        #[cfg(kubeloop_split)]
        struct Linked {
            $($slot: super::verbs::Run,)*
        }

        /// Makes the part's commands runnable: called from the code that ships with them.
        pub fn link() {
            #[cfg(kubeloop_split)]
            let _ = LINKED.set(Linked { $($slot: run::$slot,)* });
        }
    };
}

#[cfg(kubeloop_split)]
static LINKED: std::sync::OnceLock<Linked> = std::sync::OnceLock::new();

fn linked() -> bool {
    #[cfg(kubeloop_split)]
    return LINKED.get().is_some();
    #[cfg(not(kubeloop_split))]
    true
}

/// What a command of a part not yet fetched answers, should one run anyway (the page fetches
/// first, so only a caller that did not ask `missing` sees it).
#[cfg(kubeloop_split)]
fn unlinked(verb: &str) -> KubectlError {
    KubectlError::Plain(format!(
        "kubeloop: `kubectl {verb}` is part of {}, which has not been fetched yet",
        Part::Commands.describe()
    ))
}

commands! {
    expose(s, i, out) { expose::expose(s, i.args, out) }
    set(s, i, out) { set_image::set(s, i.args, out) }
    explain(s, i, out) { explain::explain(s, i.args, out) }
    rollout(s, i, out) {
        let blocks = blocks(s);
        rollout::rollout(s, i.args, blocks, out)
    }
    autoscale(s, i, out) { autoscale::autoscale(s, i.args, out) }
    node(s, i, out) { nodes::node_verb(s, i.verb, i.args, out) }
    logs(s, i, out) { logs::logs(s, i.args, i.to_completion, i.limit_ms, out) }
    exec(s, i, out) { exec::exec(s, i.args, out) }
    top(s, i, out) { top::top(s, i.args, out) }
    events(s, i, out) { events::events(s, i.args, i.to_completion, i.limit_ms, out) }
    diff(s, i, out) { diff::diff(s, i.args, i.stdin, out) }
    apply(s, i, out) { apply::apply(s, i.args, i.stdin, out) }
    patch(s, i, out) { patch::patch(s, i.args, i.stdin, out) }
    replace(s, i, out) { replace::replace(s, i.args, i.stdin, out) }
    wait(s, i, out) {
        let blocks = blocks(s);
        wait::wait(s, i.args, blocks, out)
    }
    label(s, i, out) { label::label(s, i.args, out) }
    annotate(s, i, out) { annotate::annotate(s, i.args, out) }
    api_resources(_s, i, out) { discovery::api_resources(i.args, out) }
    api_versions(_s, i, out) { discovery::api_versions(i.args, out) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lessons_commands_need_no_part_and_the_rest_do() {
        for line in [
            "k create deployment web --image=nginx:1.27 --replicas=3",
            "k get pods -l app=web -w",
            "k delete $(k get pods -l app=web -o name | head -1) --wait=false",
            "kubectl describe pod web-1; k scale deploy/web --replicas=5",
            "sleep 5s",
            "k get pods -o jsonpath='{.items[0].metadata.name}' | head -1",
        ] {
            assert_eq!(needs(line), None, "{line}");
        }
        for line in [
            "k diff -f -",
            "k -n kube-system logs ds/logs",
            "echo $(k top pods | head -1)",
            "k get pods && kubectl rollout undo deploy/web",
            "k explain pods.spec",
            "k drain node-1 --ignore-daemonsets",
        ] {
            assert_eq!(needs(line), Some(Part::Commands), "{line}");
        }
    }

    #[test]
    fn a_build_that_ships_everything_misses_nothing() {
        #[cfg(not(kubeloop_split))]
        assert_eq!(missing("k diff -f -"), None);
        assert!(Part::Commands.linked() || cfg!(kubeloop_split));
    }
}
