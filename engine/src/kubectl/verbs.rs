//! The commands `kubectl` runs in kubeloop, as one table: each command's names, the flags its
//! parser takes, its subcommands, and the function that runs it. Dispatch (`run.rs`),
//! `--help` (`verb_help`) and Tab completion (`complete`, `complete_flags`) all read it, as
//! cobra's command tree serves kubectl's (spf13/cobra command.go: `Find` walks the tree by
//! the first words that are not flags, `helpFlag` answers `--help` from the command's own
//! flag set; staging/src/k8s.io/kubectl/pkg/cmd/cmd.go builds the tree).

use super::args::FlagSpec;
use super::{
    apply, autoscale, create_account, create_config, create_ingress, create_job, create_pdb,
    create_priorityclass, create_quota, create_secret, create_service, delete, describe, diff,
    discovery, events, exec, explain, expose, get, logs, meta_edit, mutate, nodes, parts, patch,
    replace, rollout, scale, set_env, set_image, set_resources, top, wait,
};
use super::{Kubectl, KubectlError, Mode, Output};
use crate::parts::Part;

/// One line's command as dispatch hands it over: the words after the top-level verb, with
/// what the line around it decided.
pub struct Invocation<'a> {
    /// The top-level verb as typed (`cordon`, `drain`: one function serves several).
    pub verb: &'a str,
    /// Everything after the top-level verb, subcommand words included.
    pub args: &'a [String],
    pub stdin: Option<String>,
    /// A watch or wait must end by itself (a script, a pipe, a `$( )`).
    pub to_completion: bool,
    /// A `timeout` bound on a watch, in milliseconds.
    pub limit_ms: Option<i64>,
}

pub type Run = fn(&mut Kubectl, Invocation<'_>, &mut Output) -> Result<i32, KubectlError>;

/// A command of kubectl's tree.
pub struct Command {
    /// Its name, then its aliases (cobra's `Use` and `Aliases`).
    pub names: &'static [&'static str],
    /// The flags its parser takes, in groups: a family's shared flags, then its own.
    pub flags: &'static [&'static [FlagSpec]],
    pub subcommands: &'static [Command],
    /// What runs it; a subcommand without one is run by its parent's, which reads the
    /// subcommand word itself.
    pub run: Option<Run>,
    /// The part of kubectl its code ships in, when not in the first load (`parts.rs`).
    pub part: Option<Part>,
}

impl Command {
    pub fn name(&self) -> &'static str {
        self.names[0]
    }

    /// Every flag it takes, in the order its groups list them.
    pub fn all_flags(&self) -> Vec<FlagSpec> {
        self.flags.iter().flat_map(|g| g.iter().copied()).collect()
    }

    fn answers_to(&self, word: &str) -> bool {
        self.names.contains(&word)
    }
}

/// A command with no subcommands.
macro_rules! command {
    ([$($name:literal),+], [$($flags:expr),*], $run:expr) => {
        Command {
            names: &[$($name),+],
            flags: &[$($flags),*],
            subcommands: &[],
            run: Some($run),
            part: None,
        }
    };
}

/// A subcommand its parent's function runs.
macro_rules! sub {
    ([$($name:literal),+], [$($flags:expr),*]) => {
        Command {
            names: &[$($name),+],
            flags: &[$($flags),*],
            subcommands: &[],
            run: None,
            part: None,
        }
    };
}

/// The function a command beyond the lesson runs by: itself, or, in a build that ships it
/// apart, its trampoline (`parts.rs`).
#[cfg(not(kubeloop_split))]
macro_rules! later_run {
    ($slot:ident) => {
        parts::run::$slot as Run
    };
}
#[cfg(kubeloop_split)]
macro_rules! later_run {
    ($slot:ident) => {
        parts::trampoline::$slot as Run
    };
}

/// A command beyond the first lesson, or a subcommand that runs by its own function (a
/// generator of another kind), with no subcommands.
macro_rules! later {
    ([$($name:literal),+], [$($flags:expr),*], $slot:ident) => {
        Command {
            names: &[$($name),+],
            flags: &[$($flags),*],
            subcommands: &[],
            run: Some(later_run!($slot)),
            part: Some(Part::Course),
        }
    };
}

/// The waiting verbs wait in the page even inside a pipe (`waiting::Piped`): only a script
/// makes them block.
fn blocks(s: &Kubectl) -> bool {
    s.mode == Mode::Script
}

/// kubectl's commands, in the order `kubectl --help` groups them (cmd.go).
pub static COMMANDS: &[Command] = &[
    Command {
        names: &["create"],
        flags: &[mutate::CREATE_FLAGS],
        subcommands: &[
            sub!(["deployment", "deploy"], [mutate::CREATE_FLAGS]),
            sub!(["namespace", "ns"], [mutate::CREATE_FLAGS]),
            later!(
                ["configmap", "cm"],
                [create_config::COMMON, create_config::CONFIGMAP_FLAGS],
                create_configmap
            ),
            Command {
                names: &["secret"],
                flags: &[create_config::COMMON],
                subcommands: &[
                    sub!(["docker-registry"], [create_config::COMMON, create_secret::DOCKER_FLAGS]),
                    sub!(["generic"], [create_config::COMMON, create_secret::GENERIC_FLAGS]),
                    sub!(["tls"], [create_config::COMMON, create_secret::TLS_FLAGS]),
                ],
                run: Some(later_run!(create_secret)),
                part: Some(Part::Course),
            },
            later!(["ingress", "ing"], [create_ingress::INGRESS_FLAGS], create_ingress),
            later!(["job"], [create_job::JOB_FLAGS], create_job),
            later!(["poddisruptionbudget", "pdb"], [create_pdb::PDB_FLAGS], create_pdb),
            later!(["quota", "resourcequota"], [create_quota::QUOTA_FLAGS], create_quota),
            later!(
                ["serviceaccount", "sa"],
                [create_account::ACCOUNT_FLAGS],
                create_serviceaccount
            ),
            later!(["token"], [create_account::TOKEN_FLAGS], create_token),
            later!(
                ["priorityclass", "pc"],
                [create_priorityclass::PRIORITY_CLASS_FLAGS],
                create_priorityclass
            ),
            later!(["cronjob", "cj"], [create_job::CRONJOB_FLAGS], create_job),
            Command {
                names: &["service", "svc"],
                flags: &[create_service::COMMON],
                subcommands: &[
                    sub!(["clusterip"], [create_service::COMMON, create_service::CLUSTERIP_FLAGS]),
                    sub!(["nodeport"], [create_service::COMMON, create_service::NODEPORT_FLAGS]),
                    sub!(
                        ["loadbalancer"],
                        [create_service::COMMON, create_service::LOADBALANCER_FLAGS]
                    ),
                    sub!(
                        ["externalname"],
                        [create_service::COMMON, create_service::EXTERNALNAME_FLAGS]
                    ),
                ],
                run: Some(later_run!(create_service)),
                part: Some(Part::Course),
            },
        ],
        run: Some(|s, i, out| mutate::create(s, i.args, i.stdin, out)),
        part: None,
    },
    later!(["expose"], [expose::EXPOSE_FLAGS], expose),
    command!(["run"], [mutate::RUN_FLAGS], |s, i, out| mutate::run(s, i.args, out)),
    Command {
        names: &["set"],
        flags: &[set_image::SET_FLAGS],
        subcommands: &[
            sub!(["image"], [set_image::IMAGE_FLAGS]),
            sub!(["env"], [set_env::ENV_FLAGS]),
            sub!(["resources"], [set_resources::RESOURCES_FLAGS]),
        ],
        run: Some(later_run!(set)),
        part: Some(Part::Course),
    },
    later!(["explain"], [explain::EXPLAIN_FLAGS], explain),
    command!(["get"], [get::GET_FLAGS], |s, i, out| {
        get::get_with_input(s, i.args, i.stdin, i.to_completion, i.limit_ms, out)
    }),
    command!(["delete"], [delete::DELETE_FLAGS], |s, i, out| {
        let blocks = blocks(s);
        delete::delete(s, i.args, i.stdin, blocks, out)
    }),
    Command {
        names: &["rollout"],
        flags: &[rollout::ROLLOUT_FLAGS],
        subcommands: &[
            sub!(["history"], [rollout::ROLLOUT_FLAGS]),
            sub!(["pause"], [rollout::ROLLOUT_FLAGS]),
            sub!(["restart"], [rollout::ROLLOUT_FLAGS]),
            sub!(["resume"], [rollout::ROLLOUT_FLAGS]),
            sub!(["status"], [rollout::ROLLOUT_FLAGS]),
            sub!(["undo"], [rollout::ROLLOUT_FLAGS]),
        ],
        run: Some(later_run!(rollout)),
        part: Some(Part::Course),
    },
    command!(["scale"], [scale::SCALE_FLAGS], |s, i, out| scale::scale(s, i.args, out)),
    later!(["autoscale"], [autoscale::AUTOSCALE_FLAGS], autoscale),
    later!(["cordon"], [nodes::NODE_FLAGS], node),
    later!(["uncordon"], [nodes::NODE_FLAGS], node),
    later!(["drain"], [nodes::NODE_FLAGS], node),
    command!(["describe"], [describe::DESCRIBE_FLAGS], |s, i, out| {
        describe::describe(s, i.args, out)
    }),
    later!(["logs"], [logs::LOGS_FLAGS], logs),
    later!(["exec"], [exec::EXEC_FLAGS], exec),
    Command {
        names: &["top"],
        flags: &[],
        subcommands: &[
            sub!(["pod", "pods", "po"], [top::POD_FLAGS]),
            sub!(["node", "nodes", "no"], [top::NODE_FLAGS]),
        ],
        run: Some(later_run!(top)),
        part: Some(Part::Course),
    },
    later!(["events"], [events::EVENTS_FLAGS], events),
    later!(["diff"], [diff::DIFF_FLAGS], diff),
    later!(["apply"], [apply::APPLY_FLAGS], apply),
    later!(["patch"], [patch::PATCH_FLAGS], patch),
    later!(["replace"], [replace::REPLACE_FLAGS], replace),
    later!(["wait"], [wait::WAIT_FLAGS], wait),
    later!(["label"], [meta_edit::EDIT_FLAGS], label),
    later!(["annotate"], [meta_edit::EDIT_FLAGS], annotate),
    later!(["api-resources"], [discovery::API_RESOURCES_FLAGS], api_resources),
    later!(["api-versions"], [], api_versions),
    command!(["version"], [], |_, _, out| {
        out.out("Client Version: v1.34.1\nKustomize Version: v5.7.1\nServer Version: v1.34.1 (kubeloop)\n");
        Ok(0)
    }),
];

/// A command found in the table: the command, its path by canonical names (`create service
/// clusterip`), and the function that runs it (its own, or its nearest ancestor's).
pub struct Found {
    pub command: &'static Command,
    pub path: Vec<&'static str>,
    pub run: Run,
    /// The part its code ships in, if any command on its path is in one.
    pub part: Option<Part>,
}

impl Found {
    /// The path as help and usage hints name it: `create service clusterip`.
    pub fn verb(&self) -> String {
        self.path.join(" ")
    }
}

/// The command `words` (what follows `kubectl`) names. Subcommands are found as cobra finds
/// them: the first word that is not a flag or a flag's value, read against the flags of the
/// command found so far and of its subcommands.
pub fn find(words: &[String]) -> Option<Found> {
    let top = COMMANDS.iter().find(|c| words.first().is_some_and(|w| c.answers_to(w)))?;
    let mut found = Found { command: top, path: vec![top.name()], run: top.run?, part: top.part };
    let mut rest = &words[1..];
    while !found.command.subcommands.is_empty() {
        let command = found.command;
        let mut flags = command.all_flags();
        flags.extend(command.subcommands.iter().flat_map(Command::all_flags));
        let Some(word) = super::args::first_word(rest, &flags) else { break };
        let Some(sub) = command.subcommands.iter().find(|c| c.answers_to(word)) else { break };
        found.path.push(sub.name());
        found.command = sub;
        found.run = sub.run.unwrap_or(found.run);
        found.part = sub.part.or(found.part);
        let at = rest.iter().position(|w| w == word).map_or(rest.len(), |i| i + 1);
        rest = &rest[at..];
    }
    Some(found)
}

/// The words a Tab after `kubectl PATH...` may offer as the next command word.
pub fn subcommand_names(path: &[&str]) -> Vec<&'static str> {
    let mut level = COMMANDS;
    for word in path {
        match level.iter().find(|c| c.answers_to(word)) {
            Some(c) => level = c.subcommands,
            None => return Vec::new(),
        }
    }
    level.iter().map(Command::name).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::Session;

    /// Every path in the table, by canonical names, with its command.
    fn every_path() -> Vec<(Vec<&'static str>, &'static Command)> {
        fn walk(
            level: &'static [Command],
            prefix: &[&'static str],
            out: &mut Vec<(Vec<&'static str>, &'static Command)>,
        ) {
            for c in level {
                let mut path = prefix.to_vec();
                path.push(c.name());
                out.push((path.clone(), c));
                walk(c.subcommands, &path, out);
            }
        }
        let mut out = Vec::new();
        walk(COMMANDS, &[], &mut out);
        out
    }

    /// The table's flags are the parser's: each command's own function, asked for `--help`
    /// without the table in front of it, lists exactly the flags the table gives it.
    #[test]
    fn each_commands_parser_takes_the_flags_the_table_lists() {
        for (path, command) in every_path() {
            let words: Vec<String> = path.iter().map(|w| w.to_string()).collect();
            let found = find(&words).unwrap_or_else(|| panic!("{path:?} is found"));
            assert_eq!(found.path, path, "every name leads to its own command");
            assert!(std::ptr::eq(found.command, command));
            if path == ["version"] {
                continue; // prints the version whatever follows; only the table answers --help
            }
            let mut s = Session::script(1);
            let mut args = words[1..].to_vec();
            args.push("--help".into());
            let call = Invocation {
                verb: path[0],
                args: &args,
                stdin: None,
                to_completion: true,
                limit_ms: None,
            };
            let mut out = Output::default();
            let verb = found.verb();
            match (found.run)(&mut s.kubectl(), call, &mut out) {
                Err(KubectlError::Help(text)) => assert_eq!(
                    text,
                    super::super::verb_help::usage(&verb, &command.all_flags()),
                    "{verb}: its parser's help lists the table's flags"
                ),
                other => panic!("{verb} --help: {other:?}"),
            }
        }
    }

    #[test]
    fn subcommands_are_found_past_flags_and_by_their_aliases() {
        let words = |line: &str| line.split(' ').map(String::from).collect::<Vec<_>>();
        let path = |line: &str| find(&words(line)).map(|f| f.verb());
        assert_eq!(
            path("create -n dev svc nodeport web --tcp=80"),
            Some("create service nodeport".into())
        );
        assert_eq!(path("create cj tick --image=busybox"), Some("create cronjob".into()));
        assert_eq!(path("top po -A"), Some("top pod".into()));
        assert_eq!(path("set image deploy/web nginx=nginx:1.28"), Some("set image".into()));
        assert_eq!(
            path("rollout --namespace kube-system status ds/logs"),
            Some("rollout status".into())
        );
        assert_eq!(path("get pods"), Some("get".into()));
        assert_eq!(path("frob"), None);
        assert_eq!(
            subcommand_names(&["rollout"]),
            ["history", "pause", "restart", "resume", "status", "undo"]
        );
        assert_eq!(
            subcommand_names(&["create", "svc"]),
            ["clusterip", "nodeport", "loadbalancer", "externalname"]
        );
    }

    /// `kubectl VERB --help` is answered from the table, whatever the verb's function does.
    #[test]
    fn help_comes_from_the_table() {
        let mut s = Session::script(1);
        let out = s.run("kubectl version --help");
        assert_eq!(out.status, 0);
        assert!(out.stdout().starts_with("Usage (the forms kubeloop runs):\n"), "{}", out.text());
        let out = s.run("kubectl create svc clusterip --help");
        assert!(
            out.stdout().contains("--clusterip=''") && out.stdout().contains("--dry-run"),
            "{}",
            out.text()
        );
    }
}
