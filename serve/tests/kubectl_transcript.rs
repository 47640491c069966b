//! Real kubectl binaries (1.27 to 1.33: the machine image's, or those scripts/ensure-tools
//! downloads) against `kubeloop serve`, compared line by line with what
//! the command box prints for the same commands.
//!
//! Reads are compared on one server: the real kubectl, then the command box through
//! `/apis/kubeloop.dev/v1/commands`, on the same objects. Writes run on two servers with the
//! same seed, the real kubectl on one and the command box on the other, each waiting for the
//! cluster to settle first so both draw the same names. Ages are masked: the two commands
//! run a moment apart. Differences kubeloop keeps are listed in docs/api.md.

mod support;

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use support::Server;

use support::kubectl::{binary, places, VERSIONS};

const WEB: &str = "apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 3
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
";

/// One resource per row in `describe limitrange`, so Go's map order cannot shuffle them.
const LIMITS: &str = "apiVersion: v1
kind: LimitRange
metadata:
  name: limits
spec:
  limits:
  - type: Container
    max:
      cpu: 800m
";

/// A ConfigMap held by a finalizer: a namespace holding it stays Terminating.
const HELD: &str = "apiVersion: v1
kind: ConfigMap
metadata:
  name: held
  finalizers:
  - kubeloop.dev/hold
data:
  a: b
";

const FRONTEND: &str = "apiVersion: v1
kind: ReplicationController
metadata:
  name: frontend
spec:
  replicas: 2
  template:
    metadata:
      labels:
        app: guestbook
    spec:
      containers:
      - name: php-redis
        image: nginx:1.27
";

/// The real kubectl: stdout and stderr through one pipe, in the order a terminal shows them.
fn real(kubectl: &Path, kubeconfig: &Path, args: &str) -> String {
    let out = Command::new("sh")
        .arg("-c")
        .arg("exec \"$0\" \"$@\" 2>&1")
        .arg(kubectl)
        .args(args.split_whitespace())
        .env("KUBECONFIG", kubeconfig)
        .env("TZ", "UTC")
        .output()
        .expect("kubectl runs");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The command box on `server`: both streams in order, as a terminal shows them.
fn boxed(server: &Server, line: &str) -> String {
    let url = format!("{}/apis/kubeloop.dev/v1/commands", server.url);
    let v: serde_json::Value = ureq::post(&url)
        .send_json(serde_json::json!({ "command": line }))
        .expect("the commands endpoint answers")
        .into_json()
        .expect("JSON");
    v["output"].as_str().unwrap_or("").to_string()
}

/// Ages (`5s`, `2m3s`) masked, so two reads a moment apart compare, and runs of spaces made
/// one, since a masked age changes its column's width. `<invalid>` is an age too: with
/// `--speed` above 1 the simulated clock runs ahead of kubectl's, so the ages kubectl
/// computes itself from timestamps (describe's Events) fall in the future.
fn masked(text: &str) -> String {
    text.split('\n')
        .map(|line| {
            line.split(' ')
                .map(|w| {
                    let age = !w.is_empty()
                        && w.chars().next().is_some_and(|c| c.is_ascii_digit())
                        && w.chars().all(|c| c.is_ascii_digit() || "smhdy".contains(c))
                        && w.chars().any(|c| "smhdy".contains(c));
                    if age || w == "<invalid>" {
                        "<age>"
                    } else {
                        w
                    }
                })
                .filter(|w| !w.is_empty())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Waits until `running` pods run in `ns` (or have completed), none is terminating, and
/// every Deployment there is rolled out (ready, up to date and available all equal to
/// desired).
fn settle_in(server: &Server, ns: &str, running: usize) {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let pods = boxed(server, &format!("kubectl get pods -n {ns} --no-headers"));
        let deployments = boxed(server, &format!("kubectl get deployments -n {ns} --no-headers"));
        // A namespace without Deployments prints "No resources found" (to stderr, kept).
        let rolled_out = deployments.lines().filter(|l| !l.starts_with("No resources")).all(|l| {
            let cells: Vec<&str> = l.split_whitespace().collect();
            let want = cells.get(1).and_then(|r| r.split('/').nth(1)).unwrap_or("?");
            cells.get(1) == Some(&format!("{want}/{want}").as_str())
                && cells.get(2) == Some(&want)
                && cells.get(3) == Some(&want)
        });
        let done = |l: &&str| l.contains(" Running ") || l.contains(" Completed ");
        let ok = rolled_out
            && pods.lines().filter(done).count() == running
            && pods.lines().count() == running;
        if ok {
            return;
        }
        assert!(Instant::now() < deadline, "never settled at {running} pods:\n{pods}{deployments}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn settle(server: &Server, running: usize) {
    settle_in(server, "default", running);
}

/// The minor version of `1.NN`.
fn minor(version: &str) -> u32 {
    version.trim_start_matches("1.").parse().unwrap_or(0)
}

/// The command box prints as kubectl 1.34 does. What older kubectl prints differently, from
/// the kubectl source of each release (listed in docs/api.md):
/// - before 1.34, `delete` says `"web" deleted`, without `from default namespace`
///   (cmd/delete/delete.go `PrintObj`'s operation);
/// - before 1.30, describe's pod template has no `Node-Selectors` or `Tolerations`
///   (describe.go `DescribePodTemplate`);
/// - before 1.33, a projected ConfigMap source prints `ConfigMapOptional: <nil>` rather than
///   `Optional: false` (describe.go `printProjectedVolumeSource`).
fn as_printed_by(version: &str, boxed: &str) -> String {
    let m = minor(version);
    let mut lines: Vec<String> = Vec::new();
    let mut after_config_map = false;
    for line in boxed.lines() {
        let t = line.trim_start();
        if m < 30
            && (t.starts_with("Node-Selectors:") || t.starts_with("Tolerations:"))
            && line.starts_with("  ")
            && !line.starts_with("    ")
        {
            continue;
        }
        if m < 33 && after_config_map && t.starts_with("Optional:") {
            lines.push(
                line.replacen("Optional:", "ConfigMapOptional:", 1).replace("false", "<nil>"),
            );
            after_config_map = false;
            continue;
        }
        after_config_map = t.starts_with("ConfigMapName:");
        if m < 34 && t.ends_with(" deleted from default namespace") {
            lines.push(line.trim_end_matches(" from default namespace").to_string());
            continue;
        }
        lines.push(line.to_string());
    }
    if m < 31 {
        lines = without_blank_after_values(lines);
    }
    let mut out = lines.join("\n");
    if boxed.ends_with('\n') {
        out.push('\n');
    }
    out
}

/// `describe configmap` before 1.31 writes no blank line after each value of `Data`: it
/// drops, in that section, the blank before a key's `----` header and one before `BinaryData`.
fn without_blank_after_values(lines: Vec<String>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut in_data = false;
    for (i, line) in lines.iter().enumerate() {
        let next = |n: usize| lines.get(i + n).map(String::as_str);
        if line == "Data" && next(1) == Some("====") {
            in_data = true;
        } else if line == "BinaryData" {
            in_data = false;
        }
        let before_key = next(2) == Some("----");
        let before_end = next(1) == Some("") && next(2) == Some("BinaryData");
        if in_data && line.is_empty() && (before_key || before_end) {
            continue;
        }
        out.push(line.clone());
    }
    out
}

fn same(version: &str, what: &str, real: &str, boxed: &str) {
    let (r, b) = (masked(real), masked(&as_printed_by(version, boxed)));
    if r != b {
        let diff: Vec<String> = r
            .lines()
            .zip(b.lines())
            .filter(|(x, y)| x != y)
            .map(|(x, y)| format!("  real: {x}\n  box:  {y}"))
            .collect();
        DIFFS.with(|d| {
            d.borrow_mut().push(format!(
                "kubectl {version}: {what} ({} vs {} lines)\n{}",
                r.lines().count(),
                b.lines().count(),
                diff.join("\n")
            ))
        });
    }
}

thread_local! {
    static DIFFS: std::cell::RefCell<Vec<String>> = const { std::cell::RefCell::new(Vec::new()) };
}

fn transcript(version: &str, kubectl: &Path, dir: &Path) {
    let kubeconfig = dir.join(format!("kubeconfig-{version}"));
    let a = Server::start(&["--speed", "10", "--kubeconfig", kubeconfig.to_str().unwrap()]);
    let b = Server::start(&["--speed", "10"]);
    let manifest = dir.join("web.yaml");
    std::fs::write(&manifest, WEB).unwrap();
    let file = manifest.to_str().unwrap();
    let write = |args: &str, line: &str| {
        let r = real(kubectl, &kubeconfig, args);
        let o = boxed(&b, line);
        same(version, args, &r, &o);
    };
    let read = |args: &str| {
        let r = real(kubectl, &kubeconfig, args);
        let o = boxed(&a, &format!("kubectl {args}"));
        same(version, args, &r, &o);
    };
    let heredoc = |verb: &str, text: &str| format!("kubectl {verb} -f - <<EOF\n{text}EOF");

    write(&format!("create -f {file}"), &heredoc("create", WEB));
    settle(&a, 3);
    settle(&b, 3);
    read("get deployments");
    read("get pods -o wide");
    read("get rs --show-labels");
    // The writers the server recorded for the real kubectl's create and the loops' writes,
    // which `-o yaml` leaves out and jsonpath reads (managedFields).
    read(
        "get deployment web --show-managed-fields -o jsonpath={.metadata.managedFields[*].manager}",
    );
    read("describe deployment web");
    read(
        "get pods --show-managed-fields -o jsonpath={.items[0].metadata.managedFields[*].manager}",
    );
    let first = boxed(&a, "kubectl get pods -o name");
    let pod = first.lines().next().expect("a pod");
    read(&format!("describe {pod}"));

    let updated = WEB.replace("nginx:1.27", "nginx:1.28");
    std::fs::write(&manifest, &updated).unwrap();
    write(&format!("apply -f {file}"), &heredoc("apply", &updated));
    settle(&a, 3);
    settle(&b, 3);
    read("get rs");

    // Typed generators: protobuf bodies from 1.32 on, JSON before.
    for line in [
        "create namespace shop",
        "create deployment api -n shop --image=nginx:1.27 --replicas=2 --port=8080",
        "create service clusterip api -n shop --tcp=80:8080",
        "create job once -n shop --image=busybox",
        "create cronjob tick -n shop --image=busybox --schedule=@hourly",
    ] {
        write(line, &format!("kubectl {line}"));
    }
    settle_in(&a, "shop", 3);
    settle_in(&b, "shop", 3);
    read("get deployment,service,job -n shop -o wide");
    read("get deployment api -n shop -o yaml");
    read("get cronjobs -n shop");
    // kubectl 1.33 builds the autoscaling/v2 object the command box builds (1.34's flags
    // aside); older ones build autoscaling/v1.
    if minor(version) >= 33 {
        read("autoscale deployment api -n shop --min=2 --max=5 --dry-run=client -o yaml");
    }

    // ConfigMaps and Secrets from kubectl's generators: literals, and an env file (a file
    // for the real kubectl, a heredoc on stdin for the command box). One key where describe
    // prints the keys: kubectl sorts them only from 1.33 on.
    let env_file = dir.join("flags.env");
    std::fs::write(&env_file, "# features\nDEBUG=false\nCOLOR=blue\n").unwrap();
    for line in [
        "create configmap app --from-literal=mode=fast",
        "create secret generic db --from-literal=password=s3cret",
    ] {
        write(line, &format!("kubectl {line}"));
    }
    write(
        &format!("create configmap flags --from-env-file={}", env_file.display()),
        "kubectl create configmap flags --from-env-file=/dev/stdin <<EOF\n# features\nDEBUG=false\nCOLOR=blue\nEOF",
    );
    // A PodDisruptionBudget from kubectl's generator, and the disruption loop's status.
    write(
        "create pdb api -n shop --selector=app=api --min-available=1",
        "kubectl create pdb api -n shop --selector=app=api --min-available=1",
    );
    read("get pdb -n shop");
    read("describe pdb api -n shop");
    // A ResourceQuota counted by the quota loop, as get and describe print it.
    write(
        "create quota objects -n shop --hard=pods=10,count/configmaps=5,limits.memory=2Gi",
        "kubectl create quota objects -n shop --hard=pods=10,count/configmaps=5,limits.memory=2Gi",
    );
    settle_in(&a, "shop", 3);
    read("get quota -n shop");
    read("describe quota objects -n shop");
    // A LimitRange from a manifest: its table (a creation time) and describe's one row per
    // item and resource.
    let limits = dir.join("limits.yaml");
    std::fs::write(&limits, LIMITS).unwrap();
    write(
        &format!("apply -n shop -f {}", limits.display()),
        &format!("kubectl apply -n shop -f - <<EOF\n{LIMITS}EOF"),
    );
    read("get limits -n shop");
    read("describe limitrange limits -n shop");
    // Namespaces (core v1): the table, describe with the namespace's quota and limit range
    // (describe.go `describeNamespace`), an immortal one, and one deleted: Terminating while
    // its pods go, refusing new content, and a second delete a Conflict
    // (test/cmd/core.sh run_namespace_tests; namespace storage and lifecycle admission).
    read("get namespaces");
    read("describe namespace shop");
    for line in [
        "delete namespace kube-public",
        "create namespace empty",
        "delete namespace empty",
        "get namespace empty",
        "create namespace doomed",
        "create deployment gone -n doomed --image=nginx:1.27",
    ] {
        write(line, &format!("kubectl {line}"));
    }
    // A finalizer nobody removes keeps the namespace Terminating for the lines below, however
    // slowly the real kubectl starts: without it the emptied namespace may already be gone.
    let held = dir.join("held.yaml");
    std::fs::write(&held, HELD).unwrap();
    write(
        &format!("apply -n doomed -f {}", held.display()),
        &format!("kubectl apply -n doomed -f - <<EOF\n{HELD}EOF"),
    );
    settle_in(&a, "doomed", 1);
    settle_in(&b, "doomed", 1);
    for line in [
        "delete namespace doomed --wait=false",
        "get namespace doomed",
        "create configmap late -n doomed --from-literal=a=b",
        "run late -n doomed --image=nginx:1.27",
        "delete namespace doomed --wait=false",
    ] {
        write(line, &format!("kubectl {line}"));
    }
    // ServiceAccounts: the generator, the table and describe (1.34's, with the mountable
    // secrets and tokens), and the token subresource's refusals, which kubectl 1.32+ posts
    // as a protobuf TokenRequest (create_serviceaccount.go, create_token.go).
    for line in [
        "create serviceaccount builder",
        "create serviceaccount builder -n shop --dry-run=server",
        "create token missing",
        "create token builder --duration=1m",
    ] {
        write(line, &format!("kubectl {line}"));
    }
    read("get serviceaccounts");
    read("get sa -A");
    read("describe serviceaccount builder");
    // PriorityClasses (scheduling.k8s.io/v1): the generator, the system classes beside a
    // user's, describe, and the validation and admission refusals.
    for line in [
        "create priorityclass high --value=1000 --description=shop",
        "create priorityclass usual --value=10 --global-default",
        "create priorityclass other --value=5 --global-default",
        "create priorityclass system-mine --value=5",
        "delete priorityclass system-node-critical",
    ] {
        write(line, &format!("kubectl {line}"));
    }
    read("get priorityclasses");
    read("describe priorityclass high");
    // What every API server creates: its `kubernetes` Service with its endpoints
    // (pkg/controlplane/controller/kubernetesservice/controller.go, reconcilers/), and each
    // node's Lease, held by its kubelet (component-helpers/apimachinery/lease/controller.go).
    read("get svc kubernetes -o wide");
    read("get leases -n kube-node-lease");
    // Ingresses (networking.k8s.io/v1): kubectl's generator (create_ingress.go; protobuf from
    // 1.32 on), the API server's refusal of an address for a host (networking/validation
    // validateIngressRules), the table (printers.go printIngress) and describe with each
    // backend's endpoints (describe.go IngressDescriber). Before 1.33 describe reads a
    // backend's Endpoints where 1.33 reads its EndpointSlices; the two agree while the
    // Service exists, so every backend here names one.
    for line in [
        "create ingress shop -n shop --class=nginx --rule=shop.example.com/=api:80 --rule=shop.example.com/v2*=api:80,tls=shop-cert",
        "create ingress catch-all -n shop --default-backend=api:80 --annotation=team=store",
        "create ingress bad -n shop --rule=10.0.0.1/=api:80",
    ] {
        write(line, &format!("kubectl {line}"));
    }
    read("get ingress -n shop");
    read("get ing -n shop -o wide");
    read("describe ingress shop -n shop");
    read("describe ingress catch-all -n shop");
    // A ReplicationController: its defaults (selector and labels from the template), the
    // replication manager's pods, its table and describe, and a scale through its /scale
    // subresource with kubectl's precondition (test/cmd/core.sh run_rc_tests).
    write("create namespace legacy", "kubectl create namespace legacy");
    let frontend = dir.join("frontend.yaml");
    std::fs::write(&frontend, FRONTEND).unwrap();
    write(
        &format!("apply -n legacy -f {}", frontend.display()),
        &format!("kubectl apply -n legacy -f - <<EOF\n{FRONTEND}EOF"),
    );
    settle_in(&a, "legacy", 2);
    settle_in(&b, "legacy", 2);
    read("get rc -n legacy -o wide");
    read("describe rc frontend -n legacy");
    for line in [
        "scale rc frontend -n legacy --replicas=1 --current-replicas=2",
        "scale rc frontend -n legacy --replicas=3 --current-replicas=2",
    ] {
        write(line, &format!("kubectl {line}"));
    }
    read("get configmaps");
    read("get secrets");
    read("describe configmap app");
    read("describe secret db");
    read("get configmap flags -o yaml");
    read("get secret db -o json");

    write("scale deployment web --replicas=5", "kubectl scale deployment web --replicas=5");
    settle(&a, 5);
    settle(&b, 5);
    read("get deployment web");

    // get -w: the table, then a row for each change the scale makes.
    let mut watch = Command::new(kubectl)
        .env("KUBECONFIG", &kubeconfig)
        .args(["get", "deployment", "web", "-w"])
        .stdout(Stdio::piped())
        .spawn()
        .expect("kubectl get -w runs");
    let mut lines = BufReader::new(watch.stdout.take().unwrap()).lines();
    let header = lines.next().unwrap().unwrap();
    let first_row = lines.next().unwrap().unwrap();
    let expected = boxed(&a, "kubectl get deployment web");
    same(version, "get -w's first table", &format!("{header}\n{first_row}\n"), &expected);
    write("scale deployment web --replicas=2", "kubectl scale deployment web --replicas=2");
    let mut last = first_row;
    let deadline = Instant::now() + Duration::from_secs(30);
    while last.split_whitespace().nth(1).is_none_or(|ready| ready != "2/2") {
        assert!(Instant::now() < deadline, "kubectl {version} get -w never showed 2/2: {last}");
        last = lines.next().expect("a watch row").expect("text");
        assert_eq!(last.split_whitespace().count(), 5, "a row of five cells: {last}");
    }
    let _ = watch.kill();
    let _ = watch.wait();
    settle(&b, 2);

    write(
        "delete deployment web --cascade=orphan",
        "kubectl delete deployment web --cascade=orphan",
    );
    read("get deployments");
    read("get rs");

    // Server-side apply under two managers: a conflict in the API server's words with
    // kubectl's explanation, then forced.
    // No replicas: nothing here moves the other lines' pods.
    let ssa = WEB.replace("name: web", "name: ssa").replace("app: web", "app: ssa");
    let ssa = ssa.replace("replicas: 3", "replicas: 0");
    let taken = ssa.replace("nginx:1.27", "nginx:1.28");
    for (name, text, flags) in [
        ("ssa.yaml", &ssa, "--server-side"),
        ("taken.yaml", &taken, "--server-side --field-manager=teacher"),
        ("taken.yaml", &taken, "--server-side --field-manager=teacher --force-conflicts"),
    ] {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        let args = format!("apply {flags} -f {}", path.display());
        write(&args, &format!("kubectl apply {flags} -f - <<EOF\n{text}EOF"));
    }
    read("get deployment ssa -o jsonpath={.spec.template.spec.containers[0].image}");
}

#[test]
fn real_kubectl_matches_the_command_box() {
    let present: Vec<(&str, PathBuf)> =
        VERSIONS.into_iter().filter_map(|v| binary(v).map(|b| (v, b))).collect();
    for v in VERSIONS.iter().filter(|v| !present.iter().any(|(p, _)| p == *v)) {
        println!("kubectl {v}: no binary in {}, not run", places());
    }
    assert!(!present.is_empty(), "no real kubectl in {}", places());
    let dir = std::env::temp_dir().join(format!("kubeloop-transcript-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (v, bin) in present {
        transcript(v, &bin, &dir);
        println!("kubectl {v}: the transcript matches");
    }
    let _ = std::fs::remove_dir_all(&dir);
    let diffs = DIFFS.with(|d| d.borrow().clone());
    assert!(diffs.is_empty(), "{}", diffs.join("\n\n"));
}
