//! Container probes (core/v1 `Probe` and its handlers), the API server's defaults for them
//! and their validation. It does not run them: the kubelet's prober does.
//!
//! Defaulting happens as the object is decoded, as the API server's codec applies
//! `SetDefaults_Probe` (pkg/apis/core/v1/defaults.go) while decoding: a zero or missing
//! `timeoutSeconds` becomes 1, `periodSeconds` 10, `successThreshold` 1, `failureThreshold` 3,
//! and an httpGet's empty `path` "/" and `scheme` "HTTP". A served pod already carries these
//! values, so it round-trips unchanged.
//!
//! Validation is in `probe_validate.rs`.

use serde::{Deserialize, Deserializer, Serialize};

use super::{Container, IntOrString};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Probe {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exec: Option<ExecAction>,
    #[serde(default = "three", deserialize_with = "failure", skip_serializing_if = "is_zero")]
    pub failure_threshold: i32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grpc: Option<GrpcAction>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub http_get: Option<HttpGetAction>,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub initial_delay_seconds: i32,
    #[serde(default = "ten", deserialize_with = "period", skip_serializing_if = "is_zero")]
    pub period_seconds: i32,
    #[serde(default = "one", deserialize_with = "one_if_zero", skip_serializing_if = "is_zero")]
    pub success_threshold: i32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tcp_socket: Option<TcpSocketAction>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub termination_grace_period_seconds: Option<i64>,
    #[serde(default = "one", deserialize_with = "one_if_zero", skip_serializing_if = "is_zero")]
    pub timeout_seconds: i32,
}

impl Default for Probe {
    /// A probe with no handler and the API server's defaults.
    fn default() -> Self {
        Probe {
            exec: None,
            failure_threshold: 3,
            grpc: None,
            http_get: None,
            initial_delay_seconds: 0,
            period_seconds: 10,
            success_threshold: 1,
            tcp_socket: None,
            termination_grace_period_seconds: None,
            timeout_seconds: 1,
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ExecAction {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub command: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct HttpGetAction {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub host: Option<String>,
    #[serde(rename = "httpHeaders", default, skip_serializing_if = "Vec::is_empty")]
    pub http_headers: Vec<HttpHeader>,
    #[serde(default = "root", deserialize_with = "path")]
    pub path: String,
    #[serde(default = "zero_port")]
    pub port: IntOrString,
    #[serde(default = "http", deserialize_with = "scheme")]
    pub scheme: String,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HttpHeader {
    pub name: String,
    #[serde(default)]
    pub value: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TcpSocketAction {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub host: Option<String>,
    #[serde(default = "zero_port")]
    pub port: IntOrString,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct GrpcAction {
    #[serde(default)]
    pub port: i32,
    /// `+default=""`: the served object always has it.
    #[serde(default = "empty_service")]
    pub service: Option<String>,
}

fn is_zero(v: &i32) -> bool {
    *v == 0
}
fn one() -> i32 {
    1
}
fn three() -> i32 {
    3
}
fn ten() -> i32 {
    10
}
fn root() -> String {
    "/".into()
}
fn http() -> String {
    "HTTP".into()
}
fn zero_port() -> IntOrString {
    IntOrString::Int(0)
}
fn empty_service() -> Option<String> {
    Some(String::new())
}

/// A number the defaults replace when it is zero (or null), as `SetDefaults_Probe` does.
fn nonzero_or<'de, D: Deserializer<'de>>(d: D, default: i32) -> Result<i32, D::Error> {
    Ok(Option::<i32>::deserialize(d)?.filter(|v| *v != 0).unwrap_or(default))
}
fn one_if_zero<'de, D: Deserializer<'de>>(d: D) -> Result<i32, D::Error> {
    nonzero_or(d, 1)
}
fn period<'de, D: Deserializer<'de>>(d: D) -> Result<i32, D::Error> {
    nonzero_or(d, 10)
}
fn failure<'de, D: Deserializer<'de>>(d: D) -> Result<i32, D::Error> {
    nonzero_or(d, 3)
}
fn nonempty_or<'de, D: Deserializer<'de>>(d: D, default: &str) -> Result<String, D::Error> {
    Ok(Option::<String>::deserialize(d)?.filter(|s| !s.is_empty()).unwrap_or(default.into()))
}
fn path<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    nonempty_or(d, "/")
}
fn scheme<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    nonempty_or(d, "HTTP")
}

/// Which of a container's three probes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum ProbeKind {
    Startup,
    Liveness,
    Readiness,
}

impl ProbeKind {
    /// `probeType.String()` as the kubelet's events print it.
    pub fn title(self) -> &'static str {
        match self {
            ProbeKind::Startup => "Startup",
            ProbeKind::Liveness => "Liveness",
            ProbeKind::Readiness => "Readiness",
        }
    }

    pub fn field(self) -> &'static str {
        match self {
            ProbeKind::Startup => "startupProbe",
            ProbeKind::Liveness => "livenessProbe",
            ProbeKind::Readiness => "readinessProbe",
        }
    }
}

impl Container {
    pub fn probe(&self, kind: ProbeKind) -> Option<&Probe> {
        match kind {
            ProbeKind::Startup => self.startup_probe.as_deref(),
            ProbeKind::Liveness => self.liveness_probe.as_deref(),
            ProbeKind::Readiness => self.readiness_probe.as_deref(),
        }
    }

    /// pkg/kubelet/prober/prober.go (probe package) `ResolveContainerPort`: a number as it
    /// is, a name looked up in the container's ports, else a name that is a number.
    pub fn resolve_port(&self, port: &IntOrString) -> Result<i32, String> {
        let n = match port {
            IntOrString::Int(n) => *n,
            IntOrString::Str(name) => {
                match self.ports.iter().find(|p| p.name.as_ref() == Some(name)) {
                    Some(p) => p.container_port,
                    None => name.parse().map_err(|_| {
                        format!(
                            "strconv.Atoi: parsing {}: invalid syntax",
                            crate::gofmt::go_quote(name)
                        )
                    })?,
                }
            }
        };
        if n > 0 && n < 65536 {
            Ok(n)
        } else {
            Err(format!("invalid port number: {n}"))
        }
    }
}

impl Probe {
    /// kubectl describe's `DescribeProbe` (staging/src/k8s.io/kubectl/pkg/describe/describe.go
    /// as of 1.34): the handler, then the timings.
    pub fn describe(&self) -> String {
        let attrs = format!(
            "delay={}s timeout={}s period={}s #success={} #failure={}",
            self.initial_delay_seconds,
            self.timeout_seconds,
            self.period_seconds,
            self.success_threshold,
            self.failure_threshold
        );
        if let Some(e) = &self.exec {
            return format!("exec [{}] {attrs}", e.command.join(" "));
        }
        if let Some(h) = &self.http_get {
            // url.URL{Scheme, Host: JoinHostPort(host, port), Path}.String().
            let host = h.host.as_deref().unwrap_or("");
            let port = h.port.to_string();
            let host = if port.is_empty() {
                host.to_string()
            } else if host.contains(':') {
                format!("[{host}]:{port}")
            } else {
                format!("{host}:{port}")
            };
            let path = if h.path.is_empty() || h.path.starts_with('/') {
                h.path.clone()
            } else {
                format!("/{}", h.path)
            };
            return format!("http-get {}://{host}{path} {attrs}", h.scheme.to_lowercase());
        }
        if let Some(t) = &self.tcp_socket {
            return format!("tcp-socket {}:{} {attrs}", t.host.as_deref().unwrap_or(""), t.port);
        }
        if let Some(g) = &self.grpc {
            return format!("grpc <pod>:{} {} {attrs}", g.port, g.service.as_deref().unwrap_or(""));
        }
        format!("unknown {attrs}")
    }
}

#[cfg(test)]
mod tests {
    use super::super::probe_validate::validate_container_probes;
    use super::*;

    fn decode(yaml: &str) -> Probe {
        serde_yaml_ng::from_str(yaml).expect("probe decodes")
    }

    fn errors(c: &Container) -> Vec<String> {
        let mut errs = Vec::new();
        validate_container_probes(&mut errs, "spec.containers[0]", c);
        errs.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn a_bare_http_probe_gets_the_api_servers_defaults() {
        let p = decode("httpGet: {port: 80}\ntimeoutSeconds: 0");
        assert_eq!(
            (p.timeout_seconds, p.period_seconds, p.success_threshold, p.failure_threshold),
            (1, 10, 1, 3)
        );
        let h = p.http_get.as_ref().unwrap();
        assert_eq!((h.path.as_str(), h.scheme.as_str()), ("/", "HTTP"));
        assert_eq!(
            p.describe(),
            "http-get http://:80/ delay=0s timeout=1s period=10s #success=1 #failure=3"
        );
    }

    #[test]
    fn describe_names_each_handler_as_kubectl_does() {
        let tcp = decode("tcpSocket: {port: redis}\ninitialDelaySeconds: 5");
        assert_eq!(
            tcp.describe(),
            "tcp-socket :redis delay=5s timeout=1s period=10s #success=1 #failure=3"
        );
        let exec = decode("exec: {command: [cat, /tmp/healthy]}");
        assert!(exec.describe().starts_with("exec [cat /tmp/healthy] delay=0s"));
        let grpc = decode("grpc: {port: 9000}");
        assert!(grpc.describe().starts_with("grpc <pod>:9000  delay=0s"));
    }

    #[test]
    fn a_probe_needs_exactly_one_handler() {
        let mut c = Container::new("web", "nginx");
        c.liveness_probe = Some(Box::new(decode("periodSeconds: 5")));
        c.readiness_probe = Some(Box::new(decode("httpGet: {port: 80}\ntcpSocket: {port: 80}")));
        assert_eq!(
            errors(&c),
            [
                "spec.containers[0].livenessProbe: Required value: must specify a handler type",
                "spec.containers[0].readinessProbe.tcpSocket: Forbidden: may not specify more than 1 handler type",
            ]
        );
    }

    #[test]
    fn liveness_and_startup_success_thresholds_must_be_one() {
        let mut c = Container::new("web", "nginx");
        c.liveness_probe = Some(Box::new(decode("tcpSocket: {port: 80}\nsuccessThreshold: 2")));
        c.startup_probe = Some(Box::new(decode("tcpSocket: {port: 80}\nfailureThreshold: -1")));
        c.readiness_probe = Some(Box::new(decode(
            "httpGet: {port: 0, scheme: FTP}\nterminationGracePeriodSeconds: 5",
        )));
        assert_eq!(
            errors(&c),
            [
                "spec.containers[0].livenessProbe.successThreshold: Invalid value: 2: must be 1",
                "spec.containers[0].readinessProbe.httpGet.port: Invalid value: 0: must be between 1 and 65535, inclusive",
                "spec.containers[0].readinessProbe.httpGet.scheme: Unsupported value: \"FTP\": supported values: \"HTTP\", \"HTTPS\"",
                "spec.containers[0].readinessProbe.terminationGracePeriodSeconds: Invalid value: 5: must not be set for readinessProbes",
                "spec.containers[0].startupProbe.failureThreshold: Invalid value: -1: must be greater than or equal to 0",
            ]
        );
    }

    #[test]
    fn named_ports_resolve_against_the_containers_ports() {
        let mut c = Container::new("web", "nginx");
        c.ports.push(super::super::ContainerPort {
            name: Some("http".into()),
            container_port: 8080,
            ..Default::default()
        });
        assert_eq!(c.resolve_port(&IntOrString::Str("http".into())), Ok(8080));
        assert_eq!(c.resolve_port(&IntOrString::Str("81".into())), Ok(81));
        assert!(c.resolve_port(&IntOrString::Str("metrics".into())).is_err());
    }
}
