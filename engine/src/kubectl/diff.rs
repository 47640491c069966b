//! `kubectl diff -f -`: each object of a manifest as it is live against what a server-side
//! dry-run apply would make of it (apply's own path, `apply::put_item`), printed as
//! `diff -u -N` prints the two directories kubectl writes them into. It does not run a
//! diff program or write files: the directories and their timestamps are named as kubectl
//! and the simulated clock would have them.
//!
//! Models kubectl/pkg/cmd/diff/diff.go (`NewCmdDiff`, `Complete`, `Run`, `InfoObject.Name`,
//! `Differ.Diff` with `omitManagedFields`, `Printer.Print`, `CheckDiffErr`'s exit codes: 0
//! for no differences, 1 for differences, 2 for an error). Secrets, which diff.go masks,
//! do not exist here.

mod unified;

use serde_json::Value;

use crate::clock::Time;
use crate::model::Object;

use super::apply::{self, Done, How, Verb};
use super::args::ns_of;
use super::args::{self, flag, switch, FlagSpec};
use super::dry_run::DryRun;
use super::manifest;
use super::printers;
use super::{Kubectl, KubectlError, Output};

pub(super) const DIFF_FLAGS: &[FlagSpec] = &[
    flag("filename", Some('f')),
    flag("namespace", Some('n')),
    switch("recursive", Some('R')),
    switch("prune", None),
    flag("prune-allowlist", None),
    flag("selector", Some('l')),
    switch("server-side", None),
    switch("force-conflicts", None),
    flag("field-manager", None),
    switch("show-managed-fields", None),
    switch("show-secrets", None),
    flag("concurrency", None),
    flag("kustomize", Some('k')),
];

/// The exit status of an error: `CheckDiffErr` adds one to checkErr's 1, so that 1 keeps
/// meaning "differences found".
const ERROR_STATUS: i32 = 2;

pub fn diff(
    s: &mut Kubectl,
    argv: &[String],
    stdin: Option<String>,
    out: &mut Output,
) -> Result<i32, KubectlError> {
    match run(s, argv, stdin, out) {
        Ok(status) => Ok(status),
        // cobra answers `--help` before diff's error handling sees anything.
        Err(help @ KubectlError::Help(_)) => Err(help),
        Err(e) => {
            let text = e.to_string();
            out.err(if text.ends_with('\n') { text } else { format!("{text}\n") });
            Ok(ERROR_STATUS)
        }
    }
}

fn run(
    s: &mut Kubectl,
    argv: &[String],
    stdin: Option<String>,
    out: &mut Output,
) -> Result<i32, KubectlError> {
    // diff.go's SetFlagErrorFunc: a flag error is a usage error (`-h`, not `--help`).
    let a = args::parse(argv, DIFF_FLAGS, "diff").map_err(|e| match e {
        KubectlError::Usage(m) => {
            let m = m.trim_end_matches("\nSee 'kubectl diff --help' for usage.");
            KubectlError::Usage(format!("{m}\nSee 'kubectl diff -h' for help and examples"))
        }
        other => other,
    })?;
    // Complete, in its order.
    if !a.positional.is_empty() {
        return Err(KubectlError::Usage(format!(
            "Unexpected args: [{}]\nSee 'kubectl diff -h' for help and examples",
            a.positional.join(" ")
        )));
    }
    let Some(file) = a.get("filename").or(a.get("kustomize").map(|_| "")) else {
        // FilenameOptions.RequireFilenameOrKustomize.
        return Err(KubectlError::Usage("must specify one of -f and -k".into()));
    };
    if a.bool("force-conflicts", false)? && !a.bool("server-side", false)? {
        return Err(KubectlError::Usage("--force-conflicts only works with --server-side".into()));
    }
    let refuse = |why: &str| Err(KubectlError::Plain(format!("kubeloop: {why}")));
    if a.has("kustomize") || file != "-" {
        return refuse("there are no files here; pass the manifest on standard input: `kubectl diff -f - <<EOF` ... `EOF`");
    }
    if a.bool("recursive", false)? {
        return refuse(
            "-R reads directories, and there are no files here; pass the manifest with -f -",
        );
    }
    if a.bool("prune", false)? || a.has("prune-allowlist") {
        return refuse("diff --prune is not supported in kubeloop (apply here does not prune)");
    }
    if a.has("selector") {
        return refuse("diff here takes -f - and -n only (no -l)");
    }
    // InfoObject.Merged: with --server-side, the server's dry run of the apply patch.
    let server_side = a
        .bool("server-side", false)?
        .then_some(super::apply::ServerSide::new(a.bool("force-conflicts", false)?));
    let stream = manifest::read(stdin.as_deref().unwrap_or(""));
    if let Some(e) = stream.stopped {
        return Err(e);
    }
    if stream.items.is_empty() {
        // The builder's error for a stream without objects (resource/visitor.go).
        return Err(KubectlError::Usage("no objects passed to diff".into()));
    }
    let ns = ns_of(&a);
    let how = How {
        ns: &ns,
        verb: Verb::Diff,
        dry: DryRun::Server,
        output: None,
        keep: true,
        manager: a.get("field-manager"),
        server_side,
    };
    let mut pairs = Vec::new();
    for item in stream.items {
        match apply::put_item(s, item, &how, out) {
            Ok(Done::Kept { live, result }) => pairs.push((live, result)),
            Ok(Done::Printed(_)) => unreachable!("How::keep hands objects back"),
            // Run returns the visitor's first error, before any diff is shown.
            Err(f) => return Err(KubectlError::Plain(f.alone())),
        }
    }
    let text = render(&pairs, s.now(), newest_version(&pairs));
    out.out(text.as_str());
    Ok(i32::from(!text.is_empty()))
}

/// `diff -u -N LIVE MERGED` over the files kubectl writes, in file-name order (as diff
/// walks a directory), each file headed by the command line diff prints for it.
fn render(pairs: &[(Option<Object>, Object)], now: Time, seed: u64) -> String {
    let live_dir = format!("/tmp/LIVE-{}", temp_suffix("LIVE", now, seed));
    let merged_dir = format!("/tmp/MERGED-{}", temp_suffix("MERGED", now, seed));
    let stamp = diff_timestamp(now);
    let mut files: Vec<(String, String, String)> = pairs
        .iter()
        .map(|(live, merged)| {
            (file_name(merged), live.as_ref().map(yaml).unwrap_or_default(), yaml(merged))
        })
        .collect();
    crate::sort::sort_by(&mut files, |a, b| a.0.cmp(&b.0));
    let mut out = String::new();
    for (name, live, merged) in files {
        let hunks = unified::hunks(&live, &merged);
        if hunks.is_empty() {
            continue;
        }
        let (from, to) = (format!("{live_dir}/{name}"), format!("{merged_dir}/{name}"));
        out.push_str(&format!("diff -u -N {from} {to}\n--- {from}\t{stamp}\n+++ {to}\t{stamp}\n"));
        out.push_str(&hunks);
    }
    out
}

/// `InfoObject.Name`: `[group.]version.Kind.namespace.name`.
fn file_name(obj: &Object) -> String {
    let kind = obj.kind();
    let group = match kind.group() {
        "" => String::new(),
        g => format!("{g}."),
    };
    let meta = obj.meta();
    format!("{group}v1.{}.{}.{}", kind.as_str(), meta.namespace, meta.name)
}

/// `Printer.Print` after `omitManagedFields`: the object's YAML without managedFields.
fn yaml(obj: &Object) -> String {
    let mut v = printers::object_json(obj);
    if let Some(Value::Object(m)) = v.get_mut("metadata") {
        m.shift_remove("managedFields");
    }
    printers::value_to_yaml(&v)
}

/// The newest resourceVersion among the objects the server answered with (live and
/// merged), which seeds the directories' names.
fn newest_version(pairs: &[(Option<Object>, Object)]) -> u64 {
    let objects = pairs.iter().flat_map(|(live, merged)| live.iter().chain([merged]));
    objects.filter_map(|o| o.meta().resource_version.parse().ok()).max().unwrap_or(0)
}

/// The digits `os.MkdirTemp` appends (a random uint32 in decimal), here a hash of the
/// directory's prefix, the clock and the newest resourceVersion diff was answered with, so
/// that nothing is drawn from the cluster's RNG and the same script names the same
/// directories.
fn temp_suffix(prefix: &str, now: Time, seed: u64) -> u32 {
    // FNV-1a, 32 bits.
    let mut h: u32 = 0x811c_9dc5;
    let bytes = prefix.bytes().chain(now.millis().to_le_bytes()).chain(seed.to_le_bytes());
    for b in bytes {
        h ^= u32::from(b);
        h = h.wrapping_mul(0x0100_0193);
    }
    h
}

/// GNU diff's header time (`%Y-%m-%d %H:%M:%S.%N %z`) of a file written now.
fn diff_timestamp(now: Time) -> String {
    let rfc = now.to_string(); // 2025-01-01T00:00:05Z
    let (date, time) = rfc.trim_end_matches('Z').split_once('T').unwrap_or(("", ""));
    let nanos = now.millis().rem_euclid(1000) * 1_000_000;
    format!("{date} {time}.{nanos:09} +0000")
}

#[cfg(test)]
#[path = "diff_tests.rs"]
mod tests;
