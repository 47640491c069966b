//! Real kubectl 1.27 to 1.33 against discovery and OpenAPI alone: a minimal server answers
//! `api::discovery` and `openapi::get` (and a 404 Status for everything else), and each
//! binary lists resources and versions, explains a field and creates and applies a
//! manifest with a client-side dry run under the default `--validate=strict`. Every request
//! is logged with its Accept header; run with `--nocapture` to read the log.

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::response::Response;
use axum::Router;
use kubeloop::api::discovery;
use kubeloop::kubectl::Mode;
use kubeloop::session::Session;
use kubeloop::world::World;
use kubeloop_serve::openapi;

#[path = "support/kubectl.rs"]
mod kubectl_binaries;

use kubectl_binaries::{binary, places, VERSIONS};

/// One request as the server saw it: (user agent, method, path and query, Accept, status,
/// content type).
type Entry = (String, String, String, String, u16, String);
type Log = Arc<Mutex<Vec<Entry>>>;

/// The apiserver's answer to a path nobody serves (apiserver/pkg/endpoints/handlers/
/// responsewriters: `NotFound` Status with an empty group resource).
const NOT_FOUND: &str = r#"{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"the server could not find the requested resource","reason":"NotFound","details":{},"code":404}"#;

async fn handle(State(log): State<Log>, req: Request) -> Response {
    let path = req.uri().path().to_string();
    let path_and_query = req.uri().path_and_query().map_or(path.clone(), |p| p.to_string());
    let header = |name| {
        req.headers().get(name).and_then(|v: &HeaderValue| v.to_str().ok()).map(str::to_string)
    };
    let accept = header(header::ACCEPT);
    let agent = header(header::USER_AGENT).unwrap_or_default();
    let host = header(header::HOST).unwrap_or_default();
    let json =
        |v: serde_json::Value| (StatusCode::OK, "application/json", v.to_string().into_bytes());
    let (status, content_type, body) = if req.method() != Method::GET {
        (StatusCode::NOT_FOUND, "application/json", NOT_FOUND.as_bytes().to_vec())
    } else if path == "/version" {
        json(discovery::version())
    } else if let Some(mut doc) = discovery::document(&path) {
        discovery::set_server_address(&mut doc, &host);
        json(doc)
    } else if let Some((ty, body)) = openapi::get(&path_and_query, accept.as_deref()) {
        (StatusCode::OK, ty, body.to_vec())
    } else {
        (StatusCode::NOT_FOUND, "application/json", NOT_FOUND.as_bytes().to_vec())
    };
    log.lock().unwrap().push((
        agent,
        req.method().to_string(),
        path_and_query,
        accept.unwrap_or_default(),
        status.as_u16(),
        content_type.to_string(),
    ));
    Response::builder()
        .status(status)
        .header(header::CONTENT_TYPE, content_type)
        .body(Body::from(body))
        .unwrap()
}

/// Starts the server on a loopback port on its own runtime thread.
fn start(log: Log) -> u16 {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        rt.block_on(async move {
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            tx.send(listener.local_addr().unwrap().port()).unwrap();
            let app = Router::new().fallback(handle).with_state(log);
            axum::serve(listener, app).await.unwrap();
        });
    });
    rx.recv_timeout(Duration::from_secs(10)).unwrap()
}

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

/// One kubectl binary against the server, with its own cache directory (so its first
/// command fetches discovery and later ones read it from the disk cache, as for a user),
/// and what each of its commands requested.
struct Client {
    version: &'static str,
    bin: PathBuf,
    port: u16,
    cache: PathBuf,
    log: Log,
    /// How much of the log has been read into `requests`.
    mark: usize,
    requests: Vec<String>,
}

impl Client {
    fn run(&mut self, args: &[&str], stdin: &str) -> Run {
        use std::io::Write;
        let mut child = Command::new(&self.bin)
            .arg(format!("--server=http://127.0.0.1:{}", self.port))
            .arg(format!("--cache-dir={}", self.cache.display()))
            .arg("--request-timeout=10s")
            .args(args)
            // No user kubeconfig: the flags above are the whole client configuration.
            .env("KUBECONFIG", self.cache.join("no-kubeconfig"))
            .env("HOME", &self.cache)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
        let out = child.wait_with_output().unwrap();
        // The binary is named kubectl.1.NN, which its User-Agent starts with.
        let agent = format!("kubectl.{}/", self.version);
        let log = self.log.lock().unwrap();
        self.requests.push(format!("$ kubectl {}", args.join(" ")));
        for (_, method, path, accept, status, ty) in
            log[self.mark..].iter().filter(|e| e.0.starts_with(&agent))
        {
            let path = path.split("?hash=").next().unwrap_or(path);
            self.requests.push(format!("  {method} {path} [Accept: {accept}] -> {status} {ty}"));
        }
        // Requests of other versions running meanwhile stay in the log for their clients.
        self.mark = log.iter().rposition(|e| e.0.starts_with(&agent)).map_or(self.mark, |i| i + 1);
        Run {
            code: out.status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&out.stdout).into(),
            stderr: String::from_utf8_lossy(&out.stderr).into(),
        }
    }
}

fn command_box(cmd: &str) -> String {
    let mut s = Session::new(World::new(1), Mode::Script);
    s.set_explain_docs(kubeloop::kubectl::bundled_explain_docs());
    let out = s.run(cmd);
    assert_eq!(out.status, 0, "{cmd}: {}", out.text());
    out.stdout()
}

/// A table's cells, each line cut where its header's columns start, less the rows only the
/// server lists: namespaces, the resource metrics and kubeloop's own group, which the command
/// box has no objects for. Cells rather than text, since those rows may widen kubectl's
/// columns (`metrics.k8s.io/v1beta1` is the longest APIVERSION); a cell that does not start
/// at its header's column still cuts wrong and fails.
fn cells_without_server_only_rows(table: &str) -> Vec<Vec<String>> {
    let mut lines = table.lines();
    let header = lines.next().unwrap_or_default();
    let bytes = header.as_bytes();
    let starts: Vec<usize> = (0..bytes.len())
        .filter(|&i| bytes[i] != b' ' && (i == 0 || bytes[i - 1] == b' '))
        .collect();
    let cut = |line: &str| -> Vec<String> {
        let cell = |i: usize| {
            let end = starts.get(i + 1).copied().unwrap_or(line.len()).min(line.len());
            line.get(starts[i].min(end)..end).unwrap_or_default().trim().to_string()
        };
        (0..starts.len()).map(cell).collect()
    };
    let server_only = |l: &str| {
        l.starts_with("namespaces ")
            || l.contains(" metrics.k8s.io/v1beta1 ")
            || l.contains(" kubeloop.dev/v1 ")
    };
    std::iter::once(header).chain(lines.filter(|l| !server_only(l))).map(cut).collect()
}

const DEPLOYMENT: &str = "apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 2
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: web
        image: nginx
";

fn bad_deployment() -> String {
    DEPLOYMENT.replace("  replicas: 2", "  replicaz: 2")
}

const HPA_V1: &str = "apiVersion: autoscaling/v1
kind: HorizontalPodAutoscaler
metadata:
  name: web
spec:
  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}
  maxReplicas: 3
  targetCPUUtilizationPercentage: 50
";

/// kubectl/pkg/validation/schema.go's wrapping of kube-openapi's ValidationError, found with
/// the v2 schema served here.
const LIST_ERROR: &str = "error: error validating \"STDIN\": error validating data: \
    ValidationError(Deployment.spec): unknown field \"replicaz\" in \
    io.k8s.api.apps.v1.DeploymentSpec; if you choose to ignore these errors, turn validation \
    off with --validate=false\n";

/// Everything one kubectl version is checked for; returns its failures.
fn check(c: &mut Client) -> Vec<String> {
    let version = c.version;
    let mut failures = Vec::new();
    let mut expect = |what: &str, ok: bool, run: &Run| {
        if !ok {
            failures.push(format!(
                "kubectl {version} {what}: exit {}\n--- stdout\n{}--- stderr\n{}",
                run.code, run.stdout, run.stderr
            ));
        }
    };
    let run = c.run(&["api-resources"], "");
    let ours = command_box("kubectl api-resources");
    let same = cells_without_server_only_rows(&run.stdout) == cells_without_server_only_rows(&ours);
    expect("api-resources", run.code == 0 && same, &run);
    expect(
        "api-resources lists namespaces, decisions, hosts and the resource metrics",
        run.stdout.contains("\nnamespaces ")
            && run.stdout.contains("\ndecisions ")
            && run.stdout.contains("\nhosts ")
            && run.stdout.contains(" metrics.k8s.io/v1beta1 "),
        &run,
    );
    let run = c.run(&["api-resources", "-o", "wide"], "");
    let ours = command_box("kubectl api-resources -o wide");
    // kubectl pads the empty CATEGORIES cell; the command box's tab writer deliberately
    // prints no padding at the end of a line (printers/tabwriter.rs).
    let trimmed: String = run.stdout.lines().map(|l| format!("{}\n", l.trim_end())).collect();
    let same = cells_without_server_only_rows(&trimmed) == cells_without_server_only_rows(&ours);
    expect("api-resources -o wide", same, &run);

    let run = c.run(&["api-versions"], "");
    let mut versions = discovery::group_versions();
    versions.sort();
    let want: String = versions.iter().map(|v| format!("{v}\n")).collect();
    expect("api-versions", run.code == 0 && run.stdout == want, &run);

    // pkg/cmd/version prints the server's version.Info as it was served.
    let run = c.run(&["version", "-o", "json"], "");
    let printed: serde_json::Value = serde_json::from_str(&run.stdout).unwrap_or_default();
    expect("version -o json", printed["serverVersion"] == discovery::version(), &run);

    for field in ["deployment.spec.replicas", "pod.spec.restartPolicy", "hpa.spec.maxReplicas"] {
        let run = c.run(&["explain", field], "");
        let ours = command_box(&format!("kubectl explain {field}"));
        // The command box prints what 1.30 and later print; up to 1.29 the plaintext
        // template left one blank line, not two, between the field and its description.
        let same = match version {
            "1.27" | "1.28" | "1.29" => {
                run.stdout.replacen("\n\nDESCRIPTION:", "\n\n\nDESCRIPTION:", 1) == ours
            }
            _ => run.stdout == ours,
        };
        expect(&format!("explain {field}"), run.code == 0 && same, &run);
    }

    for verb in ["create", "apply"] {
        let args = [verb, "-f", "-", "--dry-run=client", "-o", "name"];
        let run = c.run(&args, DEPLOYMENT);
        expect(&format!("{verb} --dry-run=client"), run.stdout == "deployment.apps/web\n", &run);
        // The server takes fieldValidation for Deployments, so kubectl validates nothing
        // itself, and a client-side dry run passes an unknown field as against a real
        // cluster.
        let run = c.run(&args, &bad_deployment());
        expect(
            &format!("{verb} --dry-run=client, unknown field"),
            run.stdout == "deployment.apps/web\n",
            &run,
        );
    }
    // A List is never validated by the server's fieldValidation (the verifier answers
    // "unsupported" for v1 List), so kubectl checks it against the v2 schema itself.
    let list = format!(
        "apiVersion: v1\nkind: List\nitems:\n- {}",
        bad_deployment().replace('\n', "\n  ").trim_end()
    );
    let run = c.run(&["create", "-f", "-", "--dry-run=client", "-o", "name"], &list);
    expect(
        "create a List with an unknown field",
        run.code == 1 && run.stderr.ends_with(LIST_ERROR),
        &run,
    );
    // autoscaling/v1 has no v3 document; v2 covers it.
    let run = c.run(&["create", "-f", "-", "--dry-run=client", "-o", "name"], HPA_V1);
    expect(
        "create an autoscaling/v1 HPA",
        run.stdout == "horizontalpodautoscaler.autoscaling/web\n",
        &run,
    );
    // Without the dry run the create reaches the server, which here serves no objects.
    let run = c.run(&["create", "-f", "-"], DEPLOYMENT);
    expect(
        "create",
        run.code == 1 && run.stderr.contains("the server could not find the requested resource"),
        &run,
    );
    failures
}

#[test]
fn kubectl_127_to_133_read_discovery_and_openapi() {
    let started = Instant::now();
    let log: Log = Arc::default();
    let port = start(log.clone());
    let root = std::env::temp_dir().join(format!("kubeloop-discovery-{}", std::process::id()));
    let runs: Vec<_> = VERSIONS
        .into_iter()
        .filter_map(|v| match binary(v) {
            Some(bin) => Some((v, bin)),
            None => {
                eprintln!("skipping kubectl {v}: none in {}", places());
                None
            }
        })
        .map(|(version, bin)| {
            let cache = root.join(version);
            std::fs::create_dir_all(&cache).unwrap();
            let mut client = Client {
                version,
                bin,
                port,
                cache,
                log: log.clone(),
                mark: 0,
                requests: Vec::new(),
            };
            std::thread::spawn(move || {
                let failures = check(&mut client);
                (client, failures)
            })
        })
        .collect();
    assert!(!runs.is_empty(), "no kubectl binary in {}", places());
    let mut failures = Vec::new();
    for run in runs {
        let (client, failed) = run.join().unwrap();
        eprintln!("kubectl {} requested:\n{}\n", client.version, client.requests.join("\n"));
        failures.extend(failed);
    }
    let _ = std::fs::remove_dir_all(&root);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(started.elapsed() < Duration::from_secs(60), "took {:?}", started.elapsed());
}
