//! kubectl's side of the engine's course part (`crate::parts`): the commands beyond the first
//! lesson (`apply`, `diff`, `explain`, `rollout`, `drain`, `logs`, `top`, ...), the `create`
//! generators of kinds the lesson does not use, `create -f`, and the go-template engine. The
//! command table (`verbs.rs`) and `gotemplate` reach them only through this module.
//!
//! In a split build the table holds a trampoline per command, which runs the command once
//! `link` has been called (from inside the chunk) and refuses it before; every other build
//! holds the commands themselves.

use serde_json::Value;

use super::gotemplate::{self, Template};
use super::shell::{Part as Word, Script};
use super::verbs::Invocation;
use super::{
    annotate, apply, autoscale, create_account, create_config, create_ingress, create_job,
    create_pdb, create_priorityclass, create_quota, create_secret, create_service, diff, discovery,
    events, exec, explain, expose, label, logs, manifest, mutate, nodes, patch, replace, rollout,
    set_image, top, wait, Kubectl, KubectlError, Mode, Output,
};
#[cfg(kubeloop_split)]
use crate::parts::Part;

/// The literal words after each `kubectl` (or `k`) in `input`, one list per command, those
/// inside `$( )` included; nothing when it does not parse (running it says why).
pub(crate) fn kubectl_words(input: &str) -> Vec<Vec<String>> {
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

/// Whether `input` runs one of the sandbox's commands that ship with the course part
/// (`sandbox::LATER_COMMANDS`), anywhere in it (lists, pipes, `$( )`).
pub(crate) fn sandbox_commands(input: &str) -> bool {
    fn walk(script: &Script) -> bool {
        script.items.iter().flat_map(|(p, _)| &p.commands).any(|cmd| {
            let first = cmd.words.first().map(|w| w.parts.as_slice());
            let named = matches!(first, Some([Word::Literal(t)]) if super::sandbox::LATER_COMMANDS.contains(&t.as_str()));
            named
                || cmd.words.iter().flat_map(|w| &w.parts).any(|part| {
                    matches!(part, Word::Subst(inner) | Word::QuotedSubst(inner) if walk(inner))
                })
        })
    }
    super::shell::parse(input).is_ok_and(|script| walk(&script))
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
            templates: Templates,
            manifests: fn(&str) -> manifest::Stream,
        }

        /// Makes the part's commands runnable: called from the code that ships with them.
        pub(crate) fn link() {
            #[cfg(kubeloop_split)]
            let _ = LINKED.set(Linked {
                $($slot: run::$slot,)*
                templates: TEMPLATES,
                manifests: manifest::read,
            });
            super::sandbox::link();
        }
    };
}

#[cfg(kubeloop_split)]
static LINKED: std::sync::OnceLock<Linked> = std::sync::OnceLock::new();

pub(crate) fn linked() -> bool {
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
        Part::Course.describe()
    ))
}

/// What a template wrote, or what it wrote before it failed and Go's error.
type Executed = std::result::Result<String, (String, String)>;

/// The go-template engine's entry points (`gotemplate::engine`).
#[derive(Clone, Copy)]
pub(crate) struct Templates {
    pub parse: fn(&str) -> std::result::Result<Template, String>,
    pub execute: fn(&Template, &Value) -> Executed,
    pub value_text: fn(&Value) -> String,
}

const TEMPLATES: Templates = Templates {
    parse: gotemplate::engine::parse,
    execute: gotemplate::engine::execute,
    value_text: gotemplate::engine::value_text,
};

/// The go-template engine, or, before the part is linked, why not.
pub(super) fn templates() -> std::result::Result<&'static Templates, String> {
    #[cfg(kubeloop_split)]
    return LINKED.get().map(|l| &l.templates).ok_or_else(|| {
        format!(
            "kubeloop: -o go-template is part of {}, which has not been fetched yet",
            Part::Course.describe()
        )
    });
    #[cfg(not(kubeloop_split))]
    Ok(&TEMPLATES)
}

/// A manifest as kubectl reads it (`manifest::read`), for the lesson's `delete -f`: the YAML
/// reader under it ships with the course part, as every other command that reads a manifest
/// does. Before the part is linked, why not.
pub(super) fn read_manifest(text: &str) -> std::result::Result<manifest::Stream, KubectlError> {
    #[cfg(kubeloop_split)]
    return LINKED.get().map(|l| (l.manifests)(text)).ok_or_else(|| unlinked("delete -f"));
    #[cfg(not(kubeloop_split))]
    Ok(manifest::read(text))
}

/// `create -f`: runs through the part, since a manifest may hold any kind.
pub(super) fn create_from_file(s: &mut Kubectl, i: Invocation<'_>, out: &mut Output) -> Result {
    #[cfg(kubeloop_split)]
    return trampoline::create_file(s, i, out);
    #[cfg(not(kubeloop_split))]
    run::create_file(s, i, out)
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
    node(s, i, out) {
        let blocks = blocks(s);
        nodes::node_verb(s, i.verb, i.args, blocks, out)
    }
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
    create_job(s, i, out) { create_job::create(s, i.args, out) }
    create_configmap(s, i, out) { create_config::create_configmap(s, i.args, i.stdin, out) }
    create_secret(s, i, out) { create_secret::create_secret(s, i.args, i.stdin, out) }
    create_pdb(s, i, out) { create_pdb::create_pdb(s, i.args, out) }
    create_quota(s, i, out) { create_quota::create_quota(s, i.args, out) }
    create_serviceaccount(s, i, out) { create_account::create_serviceaccount(s, i.args, out) }
    create_token(s, i, out) { create_account::create_token(s, i.args, out) }
    create_ingress(s, i, out) { create_ingress::create_ingress(s, i.args, out) }
    create_priorityclass(s, i, out) {
        create_priorityclass::create_priorityclass(s, i.args, out)
    }
    create_service(s, i, out) {
        // `create service KIND ...`: its own parser sees the words after `service`.
        let at = super::super::args::first_word(i.args, mutate::CREATE_FLAGS)
            .and_then(|w| i.args.iter().position(|a| a == w));
        let rest: Vec<String> =
            i.args.iter().enumerate().filter(|(n, _)| Some(*n) != at).map(|(_, a)| a.clone()).collect();
        create_service::create_service(s, &rest, out)
    }
    create_file(s, i, out) { mutate::create_from_file(s, i.args, i.stdin, out) }
}
