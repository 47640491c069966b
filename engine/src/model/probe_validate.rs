//! Probe validation as the API server applies it, with its wording and order: models
//! pkg/apis/core/validation/validation.go `validateProbe`, `validateHandler`,
//! `validateLivenessProbe`/`validateReadinessProbe`/`validateStartupProbe` and
//! `ValidatePortNumOrName` (with apimachinery's `IsValidPortNum`/`IsValidPortName`).

use super::{Container, IntOrString, Probe, ProbeKind};
use crate::labels::validation::{BadValue, FieldError, FieldErrorKind};

/// The probes of the container at `path` (`spec.containers[0]`), in the order
/// `validateContainers` checks them.
pub fn validate_container_probes(errs: &mut Vec<FieldError>, path: &str, c: &Container) {
    for kind in [ProbeKind::Liveness, ProbeKind::Readiness, ProbeKind::Startup] {
        let Some(p) = c.probe(kind) else { continue };
        let at = format!("{path}.{}", kind.field());
        validate_probe(errs, &at, p);
        match kind {
            ProbeKind::Liveness | ProbeKind::Startup if p.success_threshold != 1 => {
                errs.push(FieldError::invalid(
                    &format!("{at}.successThreshold"),
                    p.success_threshold,
                    "must be 1",
                ))
            }
            ProbeKind::Readiness => {
                if let Some(g) = p.termination_grace_period_seconds {
                    errs.push(FieldError::invalid(
                        &format!("{at}.terminationGracePeriodSeconds"),
                        g,
                        "must not be set for readinessProbes",
                    ));
                }
            }
            _ => {}
        }
    }
}

fn validate_probe(errs: &mut Vec<FieldError>, at: &str, p: &Probe) {
    validate_handler(errs, at, p);
    for (name, v) in [
        ("initialDelaySeconds", p.initial_delay_seconds),
        ("timeoutSeconds", p.timeout_seconds),
        ("periodSeconds", p.period_seconds),
        ("successThreshold", p.success_threshold),
        ("failureThreshold", p.failure_threshold),
    ] {
        if v < 0 {
            errs.push(FieldError::invalid(
                &format!("{at}.{name}"),
                v,
                "must be greater than or equal to 0",
            ));
        }
    }
    if let Some(g) = p.termination_grace_period_seconds.filter(|g| *g <= 0) {
        errs.push(FieldError::invalid(
            &format!("{at}.terminationGracePeriodSeconds"),
            g,
            "must be greater than 0",
        ));
    }
}

/// `validateHandler`: exactly one handler, each checked as it is counted.
fn validate_handler(errs: &mut Vec<FieldError>, at: &str, p: &Probe) {
    let mut handlers = 0;
    let mut one = |errs: &mut Vec<FieldError>, name: &str| {
        handlers += 1;
        if handlers > 1 {
            errs.push(FieldError::forbidden(
                &format!("{at}.{name}"),
                "may not specify more than 1 handler type",
            ));
            return false;
        }
        true
    };
    if let Some(e) = &p.exec {
        if one(errs, "exec") && e.command.is_empty() {
            errs.push(FieldError::required(&format!("{at}.exec.command"), ""));
        }
    }
    if let Some(h) = &p.http_get {
        if one(errs, "httpGet") {
            let at = format!("{at}.httpGet");
            if h.path.is_empty() {
                errs.push(FieldError::required(&format!("{at}.path"), ""));
            }
            port_num_or_name(errs, &format!("{at}.port"), &h.port);
            if h.scheme != "HTTP" && h.scheme != "HTTPS" {
                errs.push(FieldError {
                    field: format!("{at}.scheme"),
                    value: BadValue::Str(h.scheme.clone()),
                    detail: "supported values: \"HTTP\", \"HTTPS\"".into(),
                    kind: FieldErrorKind::NotSupported,
                });
            }
        }
    }
    if let Some(t) = &p.tcp_socket {
        if one(errs, "tcpSocket") {
            port_num_or_name(errs, &format!("{at}.tcpSocket.port"), &t.port);
        }
    }
    if let Some(g) = &p.grpc {
        if one(errs, "grpc") {
            port_num_or_name(errs, &format!("{at}.grpc.port"), &IntOrString::Int(g.port));
        }
    }
    if handlers == 0 {
        errs.push(FieldError::required(at, "must specify a handler type"));
    }
}

/// `ValidatePortNumOrName` with apimachinery's `IsValidPortNum` / `IsValidPortName` wording.
fn port_num_or_name(errs: &mut Vec<FieldError>, at: &str, port: &IntOrString) {
    match port {
        IntOrString::Int(n) if !(1..=65535).contains(n) => {
            errs.push(FieldError::invalid(at, *n, "must be between 1 and 65535, inclusive"))
        }
        IntOrString::Int(_) => {}
        IntOrString::Str(name) => {
            for m in port_name_errors(name) {
                errs.push(FieldError::invalid(at, name, m));
            }
        }
    }
}

pub(crate) fn port_name_errors(name: &str) -> Vec<&'static str> {
    let mut out = Vec::new();
    if name.len() > 15 {
        out.push("must be no more than 15 characters");
    }
    if !name.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-') {
        out.push("must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)");
    }
    if !name.bytes().any(|b| b.is_ascii_lowercase()) {
        out.push("must contain at least one letter (a-z)");
    }
    if name.contains("--") {
        out.push("must not contain consecutive hyphens");
    }
    if name.starts_with('-') || name.ends_with('-') {
        out.push("must not begin or end with a hyphen");
    }
    out
}
