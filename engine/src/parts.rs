//! The engine's parts: code a build may ship apart from the first load and fetch on first use.
//! The first lesson needs Deployments, ReplicaSets, Pods and Nodes, their loops (deployment,
//! replicaset, garbage collector, scheduler, kubelet, node lifecycle), and `create`, `get`,
//! `delete`, `describe` and `scale`. Everything else, kubectl's later commands
//! (`kubectl/parts.rs`), the `create` generators of other kinds, `-o go-template`, the
//! sandbox's commands (`node`, `controller`, `events`, `traffic`, `load`) and the
//! `kubeloop.dev/v1` handlers they send requests to (`api/sandbox`), and the
//! loops (`world/later.rs`), Table rows (`api/printers/later.rs`), describers
//! (`kubectl/printers/describe/later.rs`) and vtables (`kinds.rs`) of the kinds only those
//! make, a mission's checks (`mission/later.rs`), and the YAML reader (a manifest to `-f`, a
//! YAML request body: `api/write.rs`), is reached through a table the part fills in when it
//! is linked.
//!
//! Only the page's split build (`--cfg kubeloop_split`) ships a part apart: there `link` runs
//! from inside the chunk, and a line that needs the part asks for it first (`missing`). Every
//! other build (native, tests, the page's debug build) holds the code itself: nothing is ever
//! missing, and `missing` is always `None`.

use crate::kubectl::parts::kubectl_words;
use crate::kubectl::verbs;

/// A part of the engine a build may fetch on first use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Part {
    /// kubectl's commands, generators and formats beyond the first lesson, and the loops of
    /// the kinds only they create.
    Course,
}

impl Part {
    /// What the part is, for the terminal's "fetching ..." line.
    pub fn describe(self) -> &'static str {
        match self {
            Part::Course => "the commands, loops and missions beyond the first lesson",
        }
    }

    /// Whether its code is here to run.
    pub fn linked(self) -> bool {
        match self {
            Part::Course => crate::kubectl::parts::linked(),
        }
    }
}

/// Makes the part runnable: called from the code that ships with it.
pub fn link() {
    crate::kubectl::parts::link();
    crate::kubectl::printers::describe::later::link();
    crate::api::printers::later::link();
    crate::world::later::link();
    crate::kinds::link();
    crate::mission::later::link();
    crate::controllers::kubelet::link_config_reads();
    crate::api::sandbox::link();
    crate::api::patch::link();
    crate::api::write::link();
    crate::session::link_edit();
}

/// The part running `input` needs that has not been fetched yet, if any: the first, in
/// order, of the kubectl commands it names (in pipes, lists and `$( )` too).
pub fn missing(input: &str) -> Option<Part> {
    if Part::Course.linked() {
        // Every build but the split one, and the split one once the part is here.
        return None;
    }
    needs(input).filter(|p| !p.linked())
}

/// The course part, when it has not arrived: what live mode needs (a real cluster may hold
/// every kind, and their describers and rows are in it) and what checks a mission.
pub fn missing_course() -> Option<Part> {
    (!Part::Course.linked()).then_some(Part::Course)
}

/// The first part the kubectl commands in `input` are shipped in, linked or not. A command is
/// named by the first word after `kubectl` that is one (global flags may come before it),
/// then its subcommands; a few flags need the part whatever the command: a manifest to
/// `create` (it may hold any kind) or `delete` (the YAML reader ships with the part), and
/// `-o go-template`.
pub fn needs(input: &str) -> Option<Part> {
    if crate::kubectl::parts::sandbox_commands(input) {
        return Some(Part::Course);
    }
    kubectl_words(input).iter().find_map(|words| words_need(words))
}

fn words_need(words: &[String]) -> Option<Part> {
    let at = words.iter().position(|w| verbs::COMMANDS.iter().any(|c| c.names.contains(&&**w)))?;
    let found = verbs::find(&words[at..])?;
    if found.part.is_some() {
        return found.part;
    }
    // A template format, in any of kubectl's spellings: `-o go-template=...`, `-ogo-template`,
    // `--output go-template-file`, `-o template --template=...`.
    let template = |f: &str| f.starts_with("go-template") || f.starts_with("template");
    let rest = &words[at..];
    let format = rest.iter().enumerate().any(|(i, w)| {
        let attached = w
            .strip_prefix("--output=")
            .or_else(|| w.strip_prefix("-o"))
            .filter(|f| !f.is_empty() && !w.starts_with("--") || w.starts_with("--output="));
        match (w.as_str(), attached) {
            ("-o" | "--output", _) => rest.get(i + 1).is_some_and(|f| template(f)),
            (_, Some(f)) => template(f.trim_start_matches('=')),
            _ => false,
        }
    });
    let manifest = |w: &String| {
        matches!(w.as_str(), "-f" | "--filename" | "-k" | "--kustomize")
            || w.starts_with("--filename=")
            || w.starts_with("-f=")
            || (w.starts_with("-f") && w.len() > 2 && !w.starts_with("--"))
    };
    let reads_manifest = matches!(found.path.as_slice(), ["create"] | ["delete"]);
    let needs_part = format || (reads_manifest && rest.iter().any(manifest));
    (needs_part || rest.iter().any(|w| names_boot_kind(w))).then_some(Part::Course)
}

/// Kinds the course part ships whose objects every cluster starts with (the API server's
/// `kubernetes` Service and its endpoints, the nodes' Leases): the store holds them from the
/// first load, so a line that names one needs the part to read them.
const AT_BOOT: &[crate::model::Kind] = &[
    crate::model::Kind::Namespace,
    crate::model::Kind::ServiceAccount,
    crate::model::Kind::PriorityClass,
    crate::model::Kind::Service,
    crate::model::Kind::Endpoints,
    crate::model::Kind::EndpointSlice,
    crate::model::Kind::Lease,
];

/// Whether a word is a resource argument naming one of `AT_BOOT` (`ns`, `namespaces/x`,
/// `ns,pods`), or `create namespace`'s subcommand, or the `all` category, which holds the
/// `kubernetes` Service.
fn names_boot_kind(word: &str) -> bool {
    !word.starts_with('-')
        && word.split(',').any(|r| {
            let resource = r.split('/').next().unwrap_or_default();
            resource == "all"
                || crate::model::Kind::from_resource(resource).is_some_and(|k| AT_BOOT.contains(&k))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lessons_lines_need_no_part() {
        for line in [
            "k create deployment web --image=nginx:1.27 --replicas=3",
            "k get pods -l app=web -w",
            "k delete $(k get pods -l app=web -o name | head -1) --wait=false",
            "kubectl describe pod web-1; k scale deploy/web --replicas=5",
            "sleep 5s",
            "k get pods -o jsonpath='{.items[0].metadata.name}' | head -1",
            "k delete deploy web --cascade=foreground",
            "k get rs,pods -l app=web -o yaml",
            "k get jobs,replicasets",
            "k get pod template-1 -o wide",
            "k get pods -n kube-system --namespace=default",
            "sleep 5; help",
            "k get pods | grep node",
        ] {
            assert_eq!(needs(line), None, "{line}");
        }
    }

    #[test]
    fn later_commands_generators_formats_and_manifests_need_the_course() {
        for line in [
            "k diff -f -",
            "k -n kube-system logs ds/logs",
            "echo $(k top pods | head -1)",
            "k get pods && kubectl rollout undo deploy/web",
            "k explain pods.spec",
            "k drain node-1 --ignore-daemonsets",
            "k create namespace team-a",
            "k get ns",
            "k get jobs,services",
            "k get all",
            "k get leases -n kube-node-lease",
            "k delete namespaces/team-a",
            "k get pods,ns -A",
            "k create job pi --image=perl",
            "k -n batch create cronjob tick --image=busybox --schedule='* * * * *'",
            "k create service nodeport web --tcp=80:8080",
            "k create svc clusterip web --tcp=80",
            "k create -f pods.yaml",
            "k delete -f - <<EOF\napiVersion: v1\nkind: Pod\nmetadata: {name: a}\nEOF",
            "k delete --filename=- <<EOF\nEOF",
            "k create --filename=- <<EOF\napiVersion: v1\nkind: Namespace\nEOF",
            "k get pods -o go-template='{{range .items}}{{.metadata.name}}{{end}}'",
            "k get pods --output=go-template-file=t.tmpl",
            "k get pods -o template --template='{{.kind}}'",
            "node fail node-2",
            "controller stop replicaset; node fail node-2; events drop 3",
            "k get pods && traffic svc/web 50",
            "echo $(load deploy/web 300m)",
        ] {
            assert_eq!(needs(line), Some(Part::Course), "{line}");
        }
    }

    #[test]
    fn a_build_that_ships_everything_misses_nothing() {
        #[cfg(not(kubeloop_split))]
        assert_eq!(missing("k create job pi --image=perl"), None);
        assert!(Part::Course.linked() || cfg!(kubeloop_split));
    }
}
