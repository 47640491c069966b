//! `kubectl create ingress NAME --rule=host/path=svc:port[,tls[=secret]] [--class=C]
//! [--default-backend=svc:port] [--annotation=k=v]` (alias `ing`). Models
//! staging/src/k8s.io/kubectl/pkg/cmd/create/create_ingress.go: `Validate` (each rule matched
//! against `ruleRegex`, annotations `key=[value]`, a default backend of exactly one colon),
//! then `buildIngressSpec`: rules of one host share a rule, a path ending in `*` is a Prefix
//! (else Exact), a port that parses as an integer is a number (`intstr.Parse`), and a rule with
//! `,tls` adds its host to the TLS entry of the same secret, each host once. Checked against
//! `kubectl create ingress ... --dry-run=client -o yaml` of the real kubectl.

use std::collections::BTreeMap;

use crate::model::*;

use super::args::{self, flag, Args, FlagSpec};
use super::create_config::{meta, name_of, post, usage, without_first_word};
use super::dry_run::{self, DryRun};
use super::{Kubectl, KubectlError, Output};

pub(super) const INGRESS_FLAGS: &[FlagSpec] = &[
    flag("namespace", Some('n')),
    super::dry_run::FLAG,
    flag("output", Some('o')),
    flag("class", None),
    flag("rule", None),
    flag("default-backend", None),
    flag("annotation", None),
];

/// `argv` is what follows `create`; its first word is `ingress` or `ing`.
pub fn create_ingress(
    s: &mut Kubectl,
    argv: &[String],
    out: &mut Output,
) -> Result<i32, KubectlError> {
    let flags = INGRESS_FLAGS;
    let a = args::parse(&without_first_word(argv, flags), flags, "create ingress")?;
    let name = name_of(&a, "ingress")?;
    let ing = build(&name, &a)?;
    let output = dry_run::output_format(a.get("output"))?;
    let dry = DryRun::from_args(&a, s.now(), out)?;
    post(s, ing.into_object(), &a, output, dry, "ingress", out)
}

fn given<'a>(a: &'a Args, flag: &str) -> &'a [String] {
    a.repeated.get(flag).map_or(&[], Vec::as_slice)
}

/// `Validate`, then `createIngress`.
pub(super) fn build(name: &str, a: &Args) -> Result<Ingress, KubectlError> {
    let rules = given(a, "rule");
    let default_backend = a.get("default-backend").unwrap_or_default();
    if default_backend.is_empty() && rules.is_empty() {
        return Err(usage("not enough information provided: every ingress has to either specify a default-backend (which catches all traffic) or a list of rules (which catch specific paths)"));
    }
    if let Some(bad) = rules.iter().find(|r| !rule_matches(r)) {
        return Err(usage(format!(
            "rule {bad} is invalid and should be in format host/path=svcname:svcport[,tls[=secret]]"
        )));
    }
    let mut annotations = BTreeMap::new();
    for an in given(a, "annotation") {
        let Some((k, v)) = an.split_once('=') else {
            return Err(usage(format!(
                "annotation {an} is invalid and should be in format key=[value]"
            )));
        };
        annotations.insert(k.to_string(), v.to_string());
    }
    if !default_backend.is_empty() && default_backend.split(':').count() != 2 {
        return Err(usage("default-backend should be in format servicename:serviceport"));
    }
    let spec = IngressSpec {
        ingress_class_name: a.get("class").filter(|c| !c.is_empty()).map(String::from),
        default_backend: (!default_backend.is_empty()).then(|| service_backend(default_backend)),
        tls: tls(rules),
        rules: ingress_rules(rules),
    };
    let mut metadata = meta(name, a);
    metadata.annotations = annotations;
    Ok(Ingress::new(metadata, spec))
}

/// `ruleRegex`: `^[\w*\-.]*` host, `/[^,=\n]*` path, `=`, `[\w-]+` service, `:`,
/// `[\w-]+` port, then optionally `,tls`, an optional `=` and an optional `[\w-]+` secret.
fn rule_matches(rule: &str) -> bool {
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-';
    let words = |s: &str| !s.is_empty() && s.chars().all(word);
    let Some(slash) = rule.find('/') else { return false };
    let host = &rule[..slash];
    if !host.chars().all(|c| word(c) || c == '*' || c == '.') {
        return false;
    }
    let rest = &rule[slash..];
    let Some(eq) = rest.find(['=', ',', '\n']) else { return false };
    if !rest[eq..].starts_with('=') {
        return false;
    }
    let after = &rest[eq + 1..];
    let (backend, tls) = match after.split_once(',') {
        Some((b, t)) => (b, Some(t)),
        None => (after, None),
    };
    let Some((svc, port)) = backend.split_once(':') else { return false };
    if !words(svc) || !words(port) {
        return false;
    }
    match tls.map(|t| t.strip_prefix("tls")) {
        None => true,
        Some(None) => false,
        Some(Some(secret)) => {
            let secret = secret.strip_prefix('=').unwrap_or(secret);
            secret.is_empty() || words(secret)
        }
    }
}

/// `buildIngressBackendSvc`: `name:port`, the port a number when it parses as one.
fn service_backend(svc: &str) -> IngressBackend {
    let mut parts = svc.split(':');
    let name = parts.next().unwrap_or_default().to_string();
    let port = parts.next().unwrap_or_default();
    // intstr.Parse: strconv.Atoi, then the int32 conversion wraps as Go's does.
    let port = match port.parse::<i64>() {
        Ok(n) => ServiceBackendPort { name: String::new(), number: n as i32 },
        Err(_) => ServiceBackendPort { name: port.to_string(), number: 0 },
    };
    IngressBackend { service: Some(IngressServiceBackend { name, port }), resource: None }
}

/// `buildIngressRules`.
fn ingress_rules(rules: &[String]) -> Vec<IngressRule> {
    let mut out: Vec<IngressRule> = Vec::new();
    for rule in rules {
        let without_tls = rule.split(',').next().unwrap_or_default();
        let (host, path_svc) = without_tls.split_once('/').unwrap_or((without_tls, ""));
        let mut path = format!("/{}", path_svc.split('=').next().unwrap_or_default());
        let svc = path_svc.split('=').nth(1).unwrap_or_default();
        let mut path_type = "Exact";
        if let Some(prefix) = path.strip_suffix('*') {
            path_type = "Prefix";
            path = prefix.to_string();
        }
        let p = HttpIngressPath {
            path,
            path_type: Some(path_type.into()),
            backend: service_backend(svc),
        };
        match out.iter_mut().find(|r| r.host == host) {
            Some(r) => r.http.get_or_insert_with(Default::default).paths.push(p),
            None => out.push(IngressRule {
                host: host.into(),
                http: Some(HttpIngressRuleValue { paths: vec![p] }),
            }),
        }
    }
    out
}

/// `buildTLSRules`: a rule with `,tls[=secret]` puts its host under the entry of that
/// secret (or makes one); a host is taken once, and an entry with neither host nor secret is
/// dropped.
fn tls(rules: &[String]) -> Vec<IngressTls> {
    let mut out: Vec<IngressTls> = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    for rule in rules {
        let parts: Vec<&str> = rule.split(',').collect();
        let [_, tls] = parts.as_slice() else { continue };
        let host = rule.split('/').next().unwrap_or_default();
        let secret = tls.split('=').nth(1).unwrap_or_default();
        if seen.contains(&host) {
            continue;
        }
        seen.push(host);
        if let Some(entry) = out.iter_mut().find(|t| t.secret_name == secret) {
            entry.hosts.push(host.into());
            continue;
        }
        let entry = IngressTls {
            hosts: if host.is_empty() { Vec::new() } else { vec![host.into()] },
            secret_name: secret.into(),
        };
        if !entry.hosts.is_empty() || !entry.secret_name.is_empty() {
            out.push(entry);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(words: &[&str]) -> Args {
        let words: Vec<String> = words.iter().map(|w| w.to_string()).collect();
        args::parse(&words, INGRESS_FLAGS, "create ingress").unwrap()
    }

    #[test]
    fn the_rule_format_is_checked_as_its_regex_does() {
        for ok in ["foo.com/bar=svc:80", "/=s:http", "*.a.b/x/y=s-1:p_2,tls", "/p=s:1,tls=sec"] {
            assert!(rule_matches(ok), "{ok}");
        }
        for bad in ["bad", "foo.com=svc:80", "/p=svc", "/p=svc:80,tlsx=1", "h:1/p=s:1"] {
            assert!(!rule_matches(bad), "{bad}");
        }
        assert!(rule_matches("/p=s:1,tls="));
    }

    #[test]
    fn rules_share_a_host_and_tls_entries_share_a_secret() {
        let a = args(&[
            "web",
            "--rule=foo.com/bar=svc1:8080,tls=cert",
            "--rule=foo.com/*=svc2:http",
            "--rule=/x*=svc3:80,tls",
            "--rule=bar.com/=svc4:80,tls=cert",
        ]);
        let ing = build("web", &a).unwrap();
        assert_eq!(ing.spec.rules.len(), 3);
        let paths = &ing.spec.rules[0].http.as_ref().unwrap().paths;
        assert_eq!((paths[1].path.as_str(), paths[1].path_type.as_deref()), ("/", Some("Prefix")));
        assert_eq!(paths[1].backend.service.as_ref().unwrap().port.name, "http");
        assert_eq!(ing.spec.tls.len(), 1);
        assert_eq!(ing.spec.tls[0].hosts, ["foo.com", "bar.com"]);
    }

    #[test]
    fn nothing_to_route_and_malformed_flags_are_refused_in_kubectls_words() {
        let err = |w: &[&str]| build("x", &args(w)).unwrap_err().to_string();
        assert!(err(&["x"]).contains("not enough information provided"));
        assert!(err(&["x", "--default-backend=a:b:c"]).contains("servicename:serviceport"));
        assert!(err(&["x", "--rule=/=a:b", "--annotation=k"]).contains("annotation k is invalid"));
    }
}
