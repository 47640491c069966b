//! `kubectl create serviceaccount NAME` (alias `sa`) and `kubectl create token NAME`.
//! Models staging/src/k8s.io/kubectl/pkg/cmd/create/create_serviceaccount.go (a
//! ServiceAccount with its name alone, checked against `--dry-run=client -o yaml` of the real
//! kubectl) and create_token.go (`Validate`: `--duration` whole seconds and not negative;
//! `Run`: a TokenRequest POSTed to the account's `token` subresource, the token printed, or
//! the whole answer with `-o`).

use serde_json::{json, Value};

use crate::api::client::{Call, Refusal, Verb};
use crate::model::*;

use super::args::{self, flag, FlagSpec};
use super::create_config::{meta, name_of, post, usage, without_first_word};
use super::dry_run::{self, DryRun};
use super::{Kubectl, KubectlError, Output};

pub(super) const ACCOUNT_FLAGS: &[FlagSpec] =
    &[flag("namespace", Some('n')), super::dry_run::FLAG, flag("output", Some('o'))];

pub(super) const TOKEN_FLAGS: &[FlagSpec] = &[
    flag("namespace", Some('n')),
    flag("output", Some('o')),
    flag("audience", None),
    flag("duration", None),
    flag("bound-object-kind", None),
    flag("bound-object-name", None),
    flag("bound-object-uid", None),
];

/// `argv` is what follows `create`; its first word is `serviceaccount` or `sa`.
pub fn create_serviceaccount(
    s: &mut Kubectl,
    argv: &[String],
    out: &mut Output,
) -> Result<i32, KubectlError> {
    let flags = ACCOUNT_FLAGS;
    let a = args::parse(&without_first_word(argv, flags), flags, "create serviceaccount")?;
    let name = name_of(&a, "serviceaccount")?;
    let mut sa = ServiceAccount::named("", &name);
    sa.metadata = meta(&name, &a);
    let output = dry_run::output_format(a.get("output"))?;
    let dry = DryRun::from_args(&a, s.now(), out)?;
    post(s, sa.into_object(), &a, output, dry, "serviceaccount", out)
}

/// `argv` is what follows `create`; its first word is `token`.
pub fn create_token(
    s: &mut Kubectl,
    argv: &[String],
    out: &mut Output,
) -> Result<i32, KubectlError> {
    let flags = TOKEN_FLAGS;
    let a = args::parse(&without_first_word(argv, flags), flags, "create token")?;
    let name = name_of(&a, "token")?;
    // `--audience` may repeat; a StringArray keeps every value.
    let audiences = match a.repeated.get("audience") {
        Some(all) => all.clone(),
        None => a.get("audience").map(|v| vec![v.to_string()]).unwrap_or_default(),
    };
    if audiences.iter().any(String::is_empty) {
        return Err(usage("--audience must not be an empty string"));
    }
    let mut spec = json!({ "audiences": audiences });
    if let Some(d) = a.get("duration") {
        let nanos = crate::cron::parse_duration(d)
            .map_err(|e| usage(format!("invalid argument \"{d}\" for \"--duration\" flag: {e}")))?;
        if nanos < 0 {
            return Err(usage("--duration must be greater than or equal to 0"));
        }
        if nanos % 1_000_000_000 != 0 {
            return Err(usage("--duration cannot be expressed in units less than seconds"));
        }
        if nanos > 0 {
            spec["expirationSeconds"] = json!(nanos / 1_000_000_000);
        }
    }
    if let Some(kind) = a.get("bound-object-kind") {
        let Some(api_version) = bound_kind(kind) else {
            return Err(usage("supported --bound-object-kind values are Node, Pod, Secret"));
        };
        let bound = a.get("bound-object-name").unwrap_or_default();
        if bound.is_empty() {
            return Err(usage(
                "--bound-object-name is required if --bound-object-kind is provided",
            ));
        }
        let mut r = json!({"kind": kind, "apiVersion": api_version, "name": bound});
        if let Some(uid) = a.get("bound-object-uid") {
            r["uid"] = json!(uid);
        }
        spec["boundObjectRef"] = r;
    } else if a.get("bound-object-name").is_some_and(|n| !n.is_empty()) {
        return Err(usage(
            "--bound-object-name can only be set if --bound-object-kind is provided",
        ));
    } else if a.get("bound-object-uid").is_some_and(|n| !n.is_empty()) {
        return Err(usage("--bound-object-uid can only be set if --bound-object-kind is provided"));
    }
    let ns = a.get("namespace").unwrap_or("default").to_string();
    let mut call = Call::get(Kind::ServiceAccount, &ns, &name).sub("token");
    call.verb = Verb::Create;
    call.body = Some(json!({
        "kind": "TokenRequest",
        "apiVersion": "authentication.k8s.io/v1",
        "metadata": {"creationTimestamp": null},
        "spec": spec,
        "status": {"token": "", "expirationTimestamp": null},
    }));
    let answer = s.api().send(&call);
    if !(200..300).contains(&answer.code) {
        let refusal = Refusal::of(&answer);
        return Err(usage(format!("failed to create token: {}", refusal.message)));
    }
    let token = answer.body.pointer("/status/token").and_then(Value::as_str).unwrap_or_default();
    if token.is_empty() {
        return Err(usage("failed to create token: no token in server response"));
    }
    match a.get("output") {
        Some(f @ ("yaml" | "json")) => out.out(dry_run::print_value(&answer.body, f)),
        Some(other) => {
            return Err(dry_run::output_format(Some(other)).err().unwrap_or_else(|| {
                usage(format!(
                    "unable to match a printer suitable for the output format \"{other}\""
                ))
            }))
        }
        // A terminal gets a newline after the token (`printers.IsTerminal`).
        None => out.out(format!("{token}\n")),
    }
    Ok(0)
}

/// `boundObjectKinds`: the kinds a token may be bound to, with their API versions.
fn bound_kind(kind: &str) -> Option<&'static str> {
    match kind {
        "Pod" | "Secret" | "Node" => Some("v1"),
        _ => None,
    }
}
