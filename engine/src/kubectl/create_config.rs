//! `kubectl create configmap NAME`, from `--from-literal`, `--from-file` and
//! `--from-env-file`, and what `create secret` (`create_secret.rs`) shares with it.
//!
//! Models staging/src/k8s.io/kubectl/pkg/cmd/create/create_configmap.go,
//! create_secret.go, create_secret_tls.go and create_secret_docker.go (`Validate`,
//! `createConfigMap`, `createSecret`, the `handle...Sources` and `addKey...` functions),
//! pkg/util/hash (`--append-hash`), pkg/util (`ParseFileSource`, `ParseLiteralSource`) and
//! pkg/cmd/util/env_file.go (`processEnvFileLine`). Objects are checked against `kubectl
//! create configmap|secret ... --dry-run=client -o yaml` of the real kubectl.
//!
//! The sandbox has no files: the one path a source may name is `/dev/stdin`, a heredoc's
//! text, read once as a shell would (a second read finds it empty). Any other path is
//! "no such file or directory".

use sha2::{Digest, Sha256};

use crate::labels::validation::{go_quote, is_config_map_key};
use crate::model::*;

use super::args::{self, flag, switch, Args, FlagSpec};
use super::dry_run::{self, DryRun};
use super::set_env::{is_env_var_name, ENV_NAME_MSG};
use super::{Kubectl, KubectlError, Output};

/// What every `create configmap` and `create secret ...` takes.
pub(super) const COMMON: &[FlagSpec] = &[
    switch("append-hash", None),
    flag("namespace", Some('n')),
    super::dry_run::FLAG,
    flag("output", Some('o')),
];
pub(super) const CONFIGMAP_FLAGS: &[FlagSpec] =
    &[flag("from-file", None), flag("from-literal", None), flag("from-env-file", None)];
/// The files a source may name: only `/dev/stdin`.
pub(super) struct Files(pub(super) Option<String>);

impl Files {
    /// `os.Stat` then `os.ReadFile`, with the error kubectl wraps as `error reading PATH: ...`.
    pub(super) fn read(&mut self, path: &str) -> Result<Vec<u8>, &'static str> {
        match path {
            "/dev/stdin" => Ok(self.0.take().unwrap_or_default().into_bytes()),
            _ => Err("no such file or directory"),
        }
    }
}

/// Where a key's value may come from, in the order each command reads them.
pub(super) enum Source {
    File,
    Literal,
    EnvFile,
}

pub(super) fn usage(msg: impl Into<String>) -> KubectlError {
    KubectlError::Usage(msg.into())
}

/// `argv` is what follows `create`; its first word is `configmap` or `cm`.
pub fn create_configmap(
    s: &mut Kubectl,
    argv: &[String],
    stdin: Option<String>,
    out: &mut Output,
) -> Result<i32, KubectlError> {
    let specs: Vec<FlagSpec> = COMMON.iter().chain(CONFIGMAP_FLAGS).copied().collect();
    let a = args::parse(&without_first_word(argv, &specs), &specs, "create configmap")?;
    let name = name_of(&a, "configmap")?;
    only_one_kind_of_source(&a)?;
    let output = dry_run::output_format(a.get("output"))?;
    let dry = DryRun::from_args(&a, s.now(), out)?;
    let mut files = Files(stdin);
    let mut cm = ConfigMap {
        kind: "ConfigMap".into(),
        api_version: "v1".into(),
        metadata: meta(&name, &a),
        ..Default::default()
    };
    for source in [Source::File, Source::Literal, Source::EnvFile] {
        for (key, value) in values(&a, &source, &mut files)? {
            add_to_config_map(&mut cm, &key, value)?;
        }
    }
    if a.has("append-hash") {
        let mut m = serde_json::Map::new();
        m.insert("kind".into(), "ConfigMap".into());
        m.insert("name".into(), cm.metadata.name.as_str().into());
        m.insert("data".into(), serde_json::to_value(&cm.data).unwrap_or_default());
        if !cm.binary_data.is_empty() {
            let binary = serde_json::to_value(&cm.binary_data).unwrap_or_default();
            m.insert("binaryData".into(), binary);
        }
        cm.metadata.name = format!("{}-{}", cm.metadata.name, hash(&m.into()));
    }
    post(s, cm.into_object(), &a, output, dry, "configmap", out)
}

/// The words after the subcommand's own name.
pub(super) fn without_first_word(argv: &[String], specs: &[FlagSpec]) -> Vec<String> {
    let at = args::first_word(argv, specs).and_then(|w| argv.iter().position(|a| a == w));
    argv.iter().enumerate().filter(|(i, _)| Some(*i) != at).map(|(_, a)| a.clone()).collect()
}

/// `NameFromCommandArgs`.
pub(super) fn name_of(a: &Args, what: &str) -> Result<String, KubectlError> {
    match a.positional.as_slice() {
        [one] => Ok(one.clone()),
        more => Err(usage(format!(
            "exactly one NAME is required, got {}\nSee 'kubectl create {what} -h' for help and examples",
            more.len()
        ))),
    }
}

/// The generator sets the namespace only when one was given (`EnforceNamespace`).
pub(super) fn meta(name: &str, a: &Args) -> ObjectMeta {
    let namespace = a.get("namespace").unwrap_or_default().to_string();
    ObjectMeta { name: name.into(), namespace, ..Default::default() }
}

pub(super) fn only_one_kind_of_source(a: &Args) -> Result<(), KubectlError> {
    if a.has("from-env-file") && (a.has("from-file") || a.has("from-literal")) {
        return Err(usage("from-env-file cannot be combined with from-file or from-literal"));
    }
    Ok(())
}

/// Every value one kind of source gives, as (key, bytes), in the order given. pflag's
/// StringSlice (`--from-file`, `--from-env-file`) splits each use at commas; the
/// StringArray of `--from-literal` does not.
pub(super) fn values(
    a: &Args,
    source: &Source,
    files: &mut Files,
) -> Result<Vec<(String, Vec<u8>)>, KubectlError> {
    let given = |flag: &str| a.repeated.get(flag).cloned().unwrap_or_default();
    let slice = |flag: &str| -> Vec<String> {
        given(flag).iter().flat_map(|v| v.split(',')).map(String::from).collect()
    };
    let mut found = Vec::new();
    match source {
        Source::Literal => {
            for literal in given("from-literal") {
                // ParseLiteralSource: split at the first `=`, which must not lead.
                match literal.split_once('=') {
                    Some((k, v)) if !k.is_empty() => found.push((k.into(), v.into())),
                    _ => {
                        return Err(usage(format!(
                            "invalid literal source {literal}, expected key=value"
                        )))
                    }
                }
            }
        }
        Source::File => {
            for source in slice("from-file") {
                let (key, path) = parse_file_source(&source)?;
                let bytes =
                    files.read(&path).map_err(|e| usage(format!("error reading {path}: {e}")))?;
                found.push((key, bytes));
            }
        }
        Source::EnvFile => {
            for path in slice("from-env-file") {
                let bytes =
                    files.read(&path).map_err(|e| usage(format!("error reading {path}: {e}")))?;
                found.extend(env_file(&bytes, &path)?);
            }
        }
    }
    Ok(found)
}

/// `ParseFileSource`: `[key=]path`, the key defaulting to the path's base name.
fn parse_file_source(source: &str) -> Result<(String, String), KubectlError> {
    match source.matches('=').count() {
        0 => {
            let base = source.trim_end_matches('/').rsplit('/').next().unwrap_or_default();
            Ok((if base.is_empty() { "/".into() } else { base.into() }, source.into()))
        }
        1 if source.starts_with('=') => {
            Err(usage(format!("key name for file path {} missing", &source[1..])))
        }
        1 if source.ends_with('=') => {
            Err(usage(format!("file path for key name {} missing", &source[..source.len() - 1])))
        }
        1 => {
            let (k, p) = source.split_once('=').unwrap_or_default();
            Ok((k.into(), p.into()))
        }
        _ => Err(usage("key names or file paths cannot contain '='")),
    }
}

/// `AddFromEnvFile` and `processEnvFileLine`: `KEY=value` lines, comments and blank lines
/// skipped, a leading BOM dropped. A line without `=` takes the variable from kubectl's
/// environment, which here is empty.
fn env_file(bytes: &[u8], path: &str) -> Result<Vec<(String, Vec<u8>)>, KubectlError> {
    let mut found = Vec::new();
    let body = bytes.strip_prefix("\u{feff}".as_bytes()).unwrap_or(bytes);
    for (n, line) in body.split(|b| *b == b'\n').enumerate() {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let Ok(text) = std::str::from_utf8(line) else {
            return Err(usage(format!(
                "env file {path} contains invalid utf8 bytes at line {}: {line:?}",
                n + 1
            )));
        };
        let text = text.trim_start();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let (key, value) = text.split_once('=').unwrap_or((text, ""));
        let mut errs: Vec<String> = Vec::new();
        if !is_env_var_name(key) {
            errs.push(ENV_NAME_MSG.into());
        }
        errs.extend(is_config_map_key(key).into_iter().filter(|m| m.starts_with("must not")));
        if !errs.is_empty() {
            return Err(usage(format!(
                "{} is not a valid key name: {}",
                go_quote(key),
                errs.join(";")
            )));
        }
        found.push((key.to_string(), value.as_bytes().to_vec()));
    }
    Ok(found)
}

/// `addKeyFromLiteralToConfigMap` and `addKeyFromFileToConfigMap`: text that is UTF-8 goes
/// to `data`, anything else to `binaryData`.
fn add_to_config_map(cm: &mut ConfigMap, key: &str, value: Vec<u8>) -> Result<(), KubectlError> {
    let errs = is_config_map_key(key);
    if !errs.is_empty() {
        return Err(usage(format!(
            "{} is not a valid key name for a ConfigMap: {}",
            go_quote(key),
            errs.join(",")
        )));
    }
    for (bag, taken) in
        [("Data", cm.data.contains_key(key)), ("BinaryData", cm.binary_data.contains_key(key))]
    {
        if taken {
            return Err(usage(format!(
                "cannot add key {}, another key by that name already exists in {bag} for ConfigMap {}",
                go_quote(key),
                go_quote(&cm.metadata.name)
            )));
        }
    }
    match String::from_utf8(value) {
        Ok(text) => {
            cm.data.insert(key.into(), text);
        }
        Err(e) => {
            cm.binary_data.insert(key.into(), Bytes(e.into_bytes()));
        }
    }
    Ok(())
}

/// pkg/util/hash `encodeHash(hash(json))`: the first ten hex digits of the SHA-256 of the
/// object's encoding, with the digits and letters that could spell words swapped out.
pub(super) fn hash(v: &serde_json::Value) -> String {
    let digest = Sha256::digest(crate::gofmt::go_json(v).as_bytes());
    let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
    hex[..10]
        .chars()
        .map(|c| match c {
            '0' => 'g',
            '1' => 'h',
            '3' => 'k',
            'a' => 'm',
            'e' => 't',
            c => c,
        })
        .collect()
}

/// `Run`: the object POSTed with fieldManager `kubectl-create`, then printed.
pub(super) fn post(
    s: &mut Kubectl,
    obj: Object,
    a: &Args,
    output: Option<&str>,
    dry: DryRun,
    what: &str,
    out: &mut Output,
) -> Result<i32, KubectlError> {
    let ns = a.get("namespace").unwrap_or("default").to_string();
    match dry.post(s, obj, &ns, "kubectl-create") {
        Ok(created) => {
            out.out(dry_run::print(&created, output, "created", dry));
            Ok(0)
        }
        // create_configmap.go: `failed to create configmap: %v`; create_secret.go has no colon.
        Err(e) if what == "secret" => Err(usage(format!("failed to create secret {}", e.message))),
        Err(e) => Err(usage(format!("failed to create {what}: {}", e.message))),
    }
}

#[cfg(test)]
#[path = "create_config_tests.rs"]
mod tests;
