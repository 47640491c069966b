//! `kubectl create secret generic|tls|docker-registry NAME`. Models
//! staging/src/k8s.io/kubectl/pkg/cmd/create/create_secret.go, create_secret_tls.go and
//! create_secret_docker.go (`Validate`, `createSecret`, `addKeyFromLiteralToSecret`,
//! `createSecretTLS`, `createSecretDockerRegistry`, `handleDockerCfgJSONContent`); the
//! sources, files, hash and output are `create_config.rs`'s. `tls` checks that the
//! certificate and key each hold a PEM block of their type, not the whole of
//! `tls.X509KeyPair`.

use std::collections::BTreeMap;

use crate::labels::validation::{go_quote, is_config_map_key};
use crate::model::*;

use super::args::{self, flag, Args, FlagSpec};
use super::create_config::{
    hash, meta, name_of, only_one_kind_of_source, post, usage, values, without_first_word, Files,
    Source, COMMON,
};
use super::dry_run::{self, DryRun};
use super::{Kubectl, KubectlError, Output};

pub(super) const GENERIC_FLAGS: &[FlagSpec] = &[
    flag("from-file", None),
    flag("from-literal", None),
    flag("from-env-file", None),
    flag("type", None),
];
pub(super) const TLS_FLAGS: &[FlagSpec] = &[flag("cert", None), flag("key", None)];
pub(super) const DOCKER_FLAGS: &[FlagSpec] = &[
    flag("docker-username", None),
    flag("docker-password", None),
    flag("docker-email", None),
    flag("docker-server", None),
    flag("from-file", None),
];

/// `create secret` help, as `DefaultSubCommandRun` prints it when no subcommand is given.
const SECRET_HELP: &str = "Create a secret with specified type.\n\n A docker-registry type secret is for accessing a container registry.\n\n A generic type secret indicate an Opaque secret type.\n\n A tls type secret holds TLS certificate and its associated key.\n\nAvailable Commands:\n  docker-registry   Create a secret for use with a Docker registry\n  generic           Create a secret from a local file, directory, or literal value\n  tls               Create a TLS secret\n\nUsage:\n  kubectl create secret (docker-registry | generic | tls) [options]\n\nUse \"kubectl create secret <command> --help\" for more information about a given command.\nUse \"kubectl options\" for a list of global command-line options (applies to all commands).\n";

/// `argv` is what follows `create`; its first word is `secret`.
pub fn create_secret(
    s: &mut Kubectl,
    argv: &[String],
    stdin: Option<String>,
    out: &mut Output,
) -> Result<i32, KubectlError> {
    let all: Vec<FlagSpec> =
        [COMMON, GENERIC_FLAGS, TLS_FLAGS, DOCKER_FLAGS].concat().into_iter().collect();
    let rest = without_first_word(argv, &all);
    let sub = args::first_word(&rest, &all).map(str::to_string);
    let own: &[FlagSpec] = match sub.as_deref() {
        Some("generic") => GENERIC_FLAGS,
        Some("tls") => TLS_FLAGS,
        Some("docker-registry") => DOCKER_FLAGS,
        _ => {
            let a = args::parse(&rest, COMMON, "create secret")?;
            if a.positional.is_empty() {
                out.err(SECRET_HELP);
                return Ok(0);
            }
            return Err(usage(format!(
                "unknown command {}\nSee 'kubectl create secret -h' for help and examples",
                go_quote(&a.positional.join(" "))
            )));
        }
    };
    let sub = sub.unwrap_or_default();
    let specs: Vec<FlagSpec> = COMMON.iter().chain(own).copied().collect();
    let verb = format!("create secret {sub}");
    let a = args::parse(&without_first_word(&rest, &specs), &specs, &verb)?;
    let name = name_of(&a, &format!("secret {sub}"))?;
    let mut files = Files(stdin);
    let (type_, data) = match sub.as_str() {
        "generic" => {
            only_one_kind_of_source(&a)?;
            (a.get("type").unwrap_or_default().to_string(), generic_data(&a, &mut files)?)
        }
        "tls" => (secret_type::TLS.into(), tls_data(&a, &mut files)?),
        _ => (secret_type::DOCKER_CONFIG_JSON.into(), docker_data(&a, &mut files)?),
    };
    let output = dry_run::output_format(a.get("output"))?;
    let dry = DryRun::from_args(&a, s.now(), out)?;
    let mut secret = Secret {
        kind: "Secret".into(),
        api_version: "v1".into(),
        metadata: meta(&name, &a),
        data,
        type_,
        ..Default::default()
    };
    if a.has("append-hash") {
        let m = serde_json::json!({
            "kind": "Secret",
            "type": secret.type_,
            "name": secret.metadata.name,
            "data": secret.data,
        });
        secret.metadata.name = format!("{}-{}", secret.metadata.name, hash(&m));
    }
    post(s, secret.into_object(), &a, output, dry, "secret", out)
}

/// `createSecret`: literals, then files, then env files.
fn generic_data(a: &Args, files: &mut Files) -> Result<BTreeMap<String, Bytes>, KubectlError> {
    let mut data = BTreeMap::new();
    for source in [Source::Literal, Source::File, Source::EnvFile] {
        for (key, value) in values(a, &source, files)? {
            add_to_secret(&mut data, &key, value)?;
        }
    }
    Ok(data)
}

/// `addKeyFromLiteralToSecret`.
fn add_to_secret(
    data: &mut BTreeMap<String, Bytes>,
    key: &str,
    value: Vec<u8>,
) -> Result<(), KubectlError> {
    let errs = is_config_map_key(key);
    if !errs.is_empty() {
        return Err(usage(format!(
            "{} is not valid key name for a Secret {}",
            go_quote(key),
            errs.join(";")
        )));
    }
    if data.contains_key(key) {
        return Err(usage(format!(
            "cannot add key {key}, another key by that name already exists"
        )));
    }
    data.insert(key.into(), Bytes(value));
    Ok(())
}

/// `createSecretTLS`: both files read, then checked to hold PEM data of their kind.
fn tls_data(a: &Args, files: &mut Files) -> Result<BTreeMap<String, Bytes>, KubectlError> {
    let (cert, key) = (a.get("cert").unwrap_or_default(), a.get("key").unwrap_or_default());
    if cert.is_empty() || key.is_empty() {
        return Err(usage("key and cert must be specified"));
    }
    let mut read = |path: &str| {
        files.read(path).map_err(|e| usage(format!("Cannot read file {path}, open {path}: {e}")))
    };
    let (cert_pem, key_pem) = (read(cert)?, read(key)?);
    if !has_pem_block(&cert_pem, |t| t == "CERTIFICATE") {
        return Err(usage("tls: failed to find any PEM data in certificate input"));
    }
    if !has_pem_block(&key_pem, |t| t.ends_with("PRIVATE KEY")) {
        return Err(usage("tls: failed to find any PEM data in key input"));
    }
    let mut data = BTreeMap::new();
    data.insert("tls.crt".into(), Bytes(cert_pem));
    data.insert("tls.key".into(), Bytes(key_pem));
    Ok(data)
}

/// Whether `bytes` hold a `-----BEGIN TYPE-----` block whose type passes `of_type`.
fn has_pem_block(bytes: &[u8], of_type: impl Fn(&str) -> bool) -> bool {
    let text = String::from_utf8_lossy(bytes);
    text.lines().any(|l| {
        let l = l.trim();
        l.strip_prefix("-----BEGIN ").and_then(|r| r.strip_suffix("-----")).is_some_and(&of_type)
    })
}

/// `createSecretDockerRegistry`: a config file given with `--from-file`, or one built from
/// the flags (`handleDockerCfgJSONContent`).
fn docker_data(a: &Args, files: &mut Files) -> Result<BTreeMap<String, Bytes>, KubectlError> {
    let get = |f: &str| a.get(f).unwrap_or_default().to_string();
    let (user, password, email) =
        (get("docker-username"), get("docker-password"), get("docker-email"));
    let server = a.get("docker-server").unwrap_or("https://index.docker.io/v1/").to_string();
    if !a.has("from-file") && (user.is_empty() || password.is_empty() || server.is_empty()) {
        return Err(usage("either --from-file or the combination of --docker-username, --docker-password and --docker-server is required"));
    }
    let mut data = BTreeMap::new();
    if a.has("from-file") {
        for (key, value) in values(a, &Source::File, files)? {
            add_to_secret(&mut data, &key, value)?;
        }
        return Ok(data);
    }
    use base64::Engine as _;
    let auth = base64::engine::general_purpose::STANDARD.encode(format!("{user}:{password}"));
    // json.Marshal of DockerConfigJSON: struct fields in their order, each omitempty.
    let mut text = String::from("{\"auths\":{");
    crate::gofmt::write_json_string(&server, &mut text);
    text.push_str(":{");
    let fields = [("username", user), ("password", password), ("email", email), ("auth", auth)];
    for (i, (k, v)) in fields.iter().filter(|(_, v)| !v.is_empty()).enumerate() {
        if i > 0 {
            text.push(',');
        }
        text.push_str(&format!("\"{k}\":"));
        crate::gofmt::write_json_string(v, &mut text);
    }
    text.push_str("}}}");
    data.insert(".dockerconfigjson".into(), Bytes(text.into_bytes()));
    Ok(data)
}
