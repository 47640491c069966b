//! The `help` text: kubectl's forms kubeloop runs, the types and images, the shell and the
//! sandbox's own commands. The lists of kinds and loops are built from their registries
//! (the kind registry's names and short names, `ControllerName::ALL`), so they cannot miss one;
//! `verb_help` reads each verb's forms from the same text.

use crate::controllers::ControllerName;
use crate::model::Kind;

const KUBECTL_HELP: &[&str] = &[
    "kubectl controls the simulated cluster. Supported here:",
    "",
    "  get TYPE[,TYPE] [NAME] [-l SEL] [-n NS | -A] [-o wide|name|yaml|json|jsonpath=...]",
    "      [-o custom-columns=H:.path,...] [--sort-by=.path] [--field-selector=F=V] [-L KEY]",
    "      [--show-labels] [--no-headers] [-w]",
    "      [-o go-template=TPL | --template=TPL | -o go-template-file=/dev/stdin <<EOF ... EOF]",
    "      [-o custom-columns-file=/dev/stdin <<EOF ... EOF]",
    "  describe TYPE NAME",
    "  create deployment NAME --image=IMAGE [--replicas=N]   create namespace NAME   create -f -",
    "  create service clusterip|nodeport|loadbalancer NAME --tcp=PORT[:TARGET] [--node-port=N]",
    "      [--clusterip=None]     create service externalname NAME --external-name=HOST",
    "  create job NAME --image=IMAGE [-- COMMAND...] | create job NAME --from=cronjob/NAME",
    "  create cronjob NAME --image=IMAGE --schedule='*/5 * * * *' [--restart=Never] [-- COMMAND...]",
    "  expose deploy|rs|pod|svc NAME [--port=N] [--target-port=N|NAME] [--type=NodePort]",
    "      [--name=NAME] [--protocol=TCP|UDP|SCTP] [--selector=k=v] [--labels=k=v] [--cluster-ip=IP]",
    "  apply -f -                 manifests on stdin: k apply -f - <<EOF ... EOF",
    "  diff -f -                  what apply -f - would change, as diff -u; exit 1 if anything",
    "  run NAME --image=IMAGE [--labels=k=v,...]",
    "  create|run|expose|apply|scale|delete|patch ... --dry-run=client|server [-o name|yaml|json]",
    "  delete TYPE NAME... | TYPE/NAME | -l SEL | --all",
    "      [--cascade=background|foreground|orphan] [--wait=false] [--grace-period=N] [--force]",
    "  scale TYPE/NAME --replicas=N",
    "  autoscale deploy|rs|sts NAME --max=N [--min=N] [--cpu=N%|QTY] [--memory=N%|QTY] [--name=NAME]",
    "  label TYPE NAME k=v k- [--overwrite] [--list] [--resource-version=RV] [-o name|yaml|json]",
    "  annotate TYPE NAME k=v k- [--overwrite] [--all | -l SEL] [--list] [--resource-version=RV]",
    "  replace -f - [--force [--grace-period=N] [--timeout=5m] [--cascade=...]]   manifests on stdin",
    "  patch TYPE NAME -p PATCH [--type strategic|merge|json] [--subresource status|scale]",
    "  set image deploy/NAME CONTAINER=IMAGE   set env deploy/NAME KEY=VAL KEY- [--list] [-c C]",
    "  set resources deploy/NAME [-c C] [--limits=cpu=200m,memory=512Mi] [--requests=cpu=100m]",
    "  rollout status|history|undo [--to-revision=N]|pause|resume|restart deploy/NAME|ds/NAME|sts/NAME",
    "  wait --for=condition=Available|Ready|delete TYPE/NAME [--timeout=30s]",
    "  cordon|uncordon|drain NODE",
    "  events [--for=KIND/NAME] [--types=Normal,Warning] [-w] [-o yaml|json] [--no-headers]",
    "  top pod|node [NAME] [-l SEL] [--containers] [--sort-by=cpu|memory] [--sum] [--no-headers]",
    "  exec POD|deploy/NAME [-c C] -- env|printenv VAR|hostname|cat /etc/hostname|ls /|echo ...",
    "  logs POD|deploy/NAME|rs/NAME [-c CONTAINER | --all-containers] [-p] [--tail=N] [-f] [--timestamps]",
    "  edit TYPE/NAME             in the web page: opens a YAML editor",
    "  explain TYPE[.FIELD...] [--recursive] [--api-version=GROUP/VERSION]",
    "  api-resources [-o wide|name] [--namespaced=BOOL] [--api-group=G] [--sort-by=name|kind]",
    "  api-versions",
    "  VERB --help                the forms above and every flag kubeloop accepts for VERB",
];

const IMAGES_HELP: &[&str] = &[
    "",
    "Images: nginx, httpd (HTTP on 80), redis (6379), busybox, alpine (exit at once), pause;",
    "  slowstart (HTTP 503 for 20s, then 200), neverready (always 503), hangs (200, then stops",
    "  answering after 60s), busybox:crash (exits 1 after 1s), busybox:sleep (ignores SIGTERM),",
    "  nginx:doesnotexist (pull fails). slowstart, neverready and hangs serve on 80 and 8080.",
];

const SHELL_HELP: &[&str] = &[
    "",
    "Shell: ;  &&  ||  |  $( )  'quotes'  \"quotes\"  <<EOF heredocs",
    "  head -N, tail -N, wc -l, grep [-v] [-i] PATTERN, sort, uniq, echo",
    "  sleep DURATION             let simulated time pass (sleep 5, sleep 2m)",
    "  timeout DURATION CMD       bound a watch (timeout 10s k get pods -w)",
    "  clear",
    "",
    "Sandbox (what a real cluster does on its own):",
    "  node add [COUNT] [--max-pods=N] | node remove NAME | node fail NAME | node recover NAME",
    "  node toleration SECONDS    how long pods stay on an unreachable node (default 300)",
    "  controller stop|start|pause NAME | controller list",
];

const SANDBOX_HELP: &[&str] = &[
    "  events drop N              lose the next N watch events",
    "  traffic [svc/NAME RATE]    each Service's users: requests served and failed; set the rate",
    "  load [KIND/NAME CPU]       extra CPU each pod of a deploy|rs|sts|ds|job|pod uses (load deploy/web 300m; 0 stops)",
    "  export [-n NS | -A]        your objects as YAML for `kubectl apply -f` on a real cluster",
    "  settle                     run until the controllers have nothing left to do",
    "  reset [--seed N]           start again with a fresh cluster",
];

fn lines(ls: &[&str]) -> String {
    ls.iter().map(|l| format!("{l}\n")).collect()
}

/// Words joined by ", " after `head`, wrapped at `HELP_WIDTH` with continuation lines
/// indented to where the first word starts (deeper than any verb's form, which `verb_help`
/// reads from the same text).
fn wrapped(head: &str, words: impl IntoIterator<Item = String>) -> String {
    const HELP_WIDTH: usize = 92;
    let indent = " ".repeat(head.chars().count());
    let (mut text, mut line) = (String::new(), head.to_string());
    let words: Vec<String> = words.into_iter().collect();
    for (i, w) in words.iter().enumerate() {
        let piece = if i + 1 < words.len() { format!("{w}, ") } else { w.clone() };
        if line.trim_end().len() > indent.len()
            && line.chars().count() + piece.trim_end().chars().count() > HELP_WIDTH
        {
            text.push_str(line.trim_end());
            text.push('\n');
            line = indent.clone();
        }
        line.push_str(&piece);
    }
    text.push_str(&line);
    text.push('\n');
    text
}

/// The types `get` and friends take, from the kind registry (each kind's plural and
/// short names), so a kind added there is listed here by itself.
fn types_help() -> String {
    let kinds = Kind::ALL.iter().map(|k| match k.info().short_names {
        [] => k.plural().to_string(),
        short => format!("{} ({})", k.plural(), short.join(", ")),
    });
    wrapped("Types: ", kinds.chain(["all".to_string()]))
}

/// The loops `controller stop|start|pause` takes, from `ControllerName::ALL`.
fn controllers_help() -> String {
    let names = ControllerName::ALL.iter().map(|c| c.short().to_string());
    wrapped("      NAME: ", names.chain(["all".to_string()]))
}

pub fn kubectl_help() -> String {
    format!("{}\n{}{}", lines(KUBECTL_HELP), types_help(), lines(IMAGES_HELP))
}

pub fn help() -> String {
    format!("{}{}{}{}", kubectl_help(), lines(SHELL_HELP), controllers_help(), lines(SANDBOX_HELP))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn help_lists_every_kind_and_every_loop_from_their_registries() {
        let text = help();
        for k in Kind::ALL {
            assert!(text.contains(k.plural()), "help names {}", k.plural());
        }
        for c in ControllerName::ALL {
            assert!(text.contains(&format!(" {},", c.short())), "help names the {c} loop");
        }
        assert!(text.contains("daemonsets (ds), statefulsets (sts)"), "{text}");
        assert!(text.contains("cronjobs (cj)") && text.contains("horizontalpodautoscalers (hpa)"));
        let types: Vec<&str> = text
            .lines()
            .skip_while(|l| !l.starts_with("Types: "))
            .take_while(|l| !l.is_empty())
            .collect();
        assert!(types.len() > 1 && types.iter().all(|l| l.chars().count() <= 92), "{types:?}");
        assert!(types[1..].iter().all(|l| l.starts_with("       ") && !l.starts_with("        ")));
    }
}
