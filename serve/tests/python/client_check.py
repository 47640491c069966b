"""The official Python client (PyPI `kubernetes`) against `kubeloop serve`.

Run by serve/tests/python_client.rs with the server's URL. Each step prints one line; a
failed assertion or an unexpected ApiException ends the run with a non-zero status.
"""

import json
import sys
import time

from kubernetes import client, watch
from kubernetes.client.rest import ApiException

from apply_check import server_side_apply
from legacy_check import replication_controllers

NS = "default"


def deployment(name, replicas):
    labels = {"app": name}
    return client.V1Deployment(
        metadata=client.V1ObjectMeta(name=name),
        spec=client.V1DeploymentSpec(
            replicas=replicas,
            selector=client.V1LabelSelector(match_labels=labels),
            template=client.V1PodTemplateSpec(
                metadata=client.V1ObjectMeta(labels=labels),
                spec=client.V1PodSpec(
                    containers=[client.V1Container(name="nginx", image="nginx:1.27")]
                ),
            ),
        ),
    )


def wait_for(what, check, timeout=60):
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.2)
    raise AssertionError(f"timed out waiting for {what}")


def expect_status(call, code, reason):
    try:
        call()
    except ApiException as e:
        assert e.status == code, (e.status, e.body)
        body = json.loads(e.body)
        assert body["kind"] == "Status" and body["status"] == "Failure", body
        assert body["reason"] == reason and body["code"] == code, body
        return body
    raise AssertionError(f"expected {code} {reason}, the call succeeded")


def main(host):
    cfg = client.Configuration()
    cfg.host = host
    api = client.ApiClient(cfg)
    apps = client.AppsV1Api(api)
    core = client.CoreV1Api(api)

    created = apps.create_namespaced_deployment(NS, deployment("web", 3))
    assert created.metadata.uid and created.metadata.generation == 1
    # The field manager is the User-Agent's first word (buildmanagerinfo.go).
    [entry] = created.metadata.managed_fields
    assert (entry.manager, entry.operation, entry.fields_type) == ("OpenAPI-Generator", "Update", "FieldsV1"), entry
    containers = entry.fields_v1["f:spec"]["f:template"]["f:spec"]["f:containers"]
    assert containers['k:{"name":"nginx"}']["."] == {}, entry.fields_v1
    print("created deployment.apps/web, its managedFields naming the client")

    # A watch from the list's resourceVersion sees the pods come up.
    listed = core.list_namespaced_pod(NS, label_selector="app=web")
    running = set()
    w = watch.Watch()
    for event in w.stream(
        core.list_namespaced_pod,
        NS,
        label_selector="app=web",
        resource_version=listed.metadata.resource_version,
        timeout_seconds=60,
    ):
        pod = event["object"]
        if event["type"] == "DELETED":
            running.discard(pod.metadata.name)
        elif pod.status.phase == "Running":
            running.add(pod.metadata.name)
        if len(running) >= 3:
            w.stop()
    assert len(running) == 3, running
    print(f"watched 3 pods reach Running: {len(running)}")

    pods = core.list_namespaced_pod(NS, label_selector="app=web").items
    assert sorted(p.metadata.name for p in pods) == sorted(running)
    assert all(p.metadata.owner_references[0].kind == "ReplicaSet" for p in pods)
    assert core.list_namespaced_pod(NS, label_selector="app=other").items == []
    print("listed the pods by label")

    # The ReplicaSet controller made each pod and its kubelet wrote the status: the
    # entries a real cluster shows, under each binary's name.
    entries = pods[0].metadata.managed_fields
    writers = [(e.manager, e.operation, getattr(e, "subresource", None) or "") for e in entries]
    assert writers == [("kube-controller-manager", "Update", ""), ("kubelet", "Update", "status")], writers
    made, status = (e.fields_v1 for e in entries)
    assert "f:ownerReferences" in made["f:metadata"] and "f:nodeName" not in made["f:spec"], made
    assert "f:podIP" in status["f:status"] and "f:spec" not in status, status
    print("read the loops' managedFields on a pod")

    page = core.list_namespaced_pod(NS, limit=2)
    assert len(page.items) == 2 and page.metadata._continue
    rest = core.list_namespaced_pod(NS, limit=2, _continue=page.metadata._continue)
    assert len(page.items) + len(rest.items) == 3
    print("paged the pods with limit and continue")

    apps.patch_namespaced_deployment_scale("web", NS, {"spec": {"replicas": 5}})
    assert apps.read_namespaced_deployment_scale("web", NS).spec.replicas == 5
    wait_for("5 pods", lambda: len(core.list_namespaced_pod(NS, label_selector="app=web").items) == 5)
    print("patched the scale to 5")

    # The controller writes the Deployment's status until the new pods are available; a read
    # before then may be stale by the time it is sent back, which is the next step's point,
    # not this one's.
    def settled():
        d = apps.read_namespaced_deployment("web", NS)
        return (
            d.status.observed_generation == d.metadata.generation
            and d.status.available_replicas == 5
        )

    wait_for("the Deployment to settle", settled)
    stale = apps.read_namespaced_deployment("web", NS)
    fresh = apps.read_namespaced_deployment("web", NS)
    fresh.metadata.labels = {"tier": "front"}
    apps.replace_namespaced_deployment("web", NS, fresh)
    stale.metadata.labels = {"tier": "back"}
    body = expect_status(lambda: apps.replace_namespaced_deployment("web", NS, stale), 409, "Conflict")
    assert "the object has been modified" in body["message"], body
    print("a stale update got 409 Conflict")

    def replica_sets(app):
        return [
            rs
            for rs in apps.list_namespaced_replica_set(NS).items
            if rs.metadata.labels.get("app") == app
        ]

    # Orphan: the ReplicaSet and its pods stay, no longer owned.
    apps.delete_namespaced_deployment(
        "web", NS, body=client.V1DeleteOptions(propagation_policy="Orphan")
    )
    wait_for("web gone", lambda: not [d for d in apps.list_namespaced_deployment(NS).items if d.metadata.name == "web"])
    orphaned = wait_for(
        "the ReplicaSet released",
        lambda: [rs for rs in replica_sets("web") if not rs.metadata.owner_references],
    )
    assert len(orphaned) == 1 and len(core.list_namespaced_pod(NS, label_selector="app=web").items) == 5
    print("orphan: the ReplicaSet and 5 pods remain, unowned")

    # Background: the Deployment goes at once, the collector takes the rest.
    apps.create_namespaced_deployment(NS, deployment("bg", 2))
    wait_for("bg's ReplicaSet", lambda: replica_sets("bg"))
    apps.delete_namespaced_deployment(
        "bg", NS, body=client.V1DeleteOptions(propagation_policy="Background")
    )
    expect_status(lambda: apps.read_namespaced_deployment("bg", NS), 404, "NotFound")
    wait_for("bg's ReplicaSet collected", lambda: not replica_sets("bg"))
    wait_for("bg's pods collected", lambda: not core.list_namespaced_pod(NS, label_selector="app=bg").items)
    print("background: the Deployment went first, then its ReplicaSet and pods")

    # Foreground: the Deployment stays, deleting, until its dependents are gone.
    apps.create_namespaced_deployment(NS, deployment("fg", 2))
    wait_for("fg's pods", lambda: len(core.list_namespaced_pod(NS, label_selector="app=fg").items) == 2)
    # The answer is the object as the delete left it (handlers/delete.go): read it from
    # there, since the loops may finish the deletion before a second request arrives.
    answer = apps.delete_namespaced_deployment(
        "fg", NS, body=client.V1DeleteOptions(propagation_policy="Foreground"), _preload_content=False
    )
    assert answer.status == 200, answer.status
    deleting = json.loads(answer.data)["metadata"]
    assert deleting.get("deletionTimestamp"), deleting
    assert "foregroundDeletion" in deleting.get("finalizers", []), deleting
    wait_for("fg gone", lambda: not [d for d in apps.list_namespaced_deployment(NS).items if d.metadata.name == "fg"])
    assert not replica_sets("fg")
    print("foreground: the Deployment waited for its dependents, then went")

    config_maps_and_secrets(core)
    disruption_budgets(api, core, apps)
    namespaces(core, apps)
    service_accounts(core)
    priority_classes(api, core)
    ingresses(api)
    replication_controllers(core, wait_for)
    api_service_and_leases(api, core)
    server_side_apply(core, expect_status)

    version = client.VersionApi(api).get_code()
    assert version.major == "1" and version.git_version.startswith("v1."), version
    print(f"version: {version.git_version}")

    body = expect_status(lambda: apps.read_namespaced_deployment("nope", NS), 404, "NotFound")
    assert body["message"] == 'deployments.apps "nope" not found', body
    assert body["details"] == {"name": "nope", "group": "apps", "kind": "deployments"}, body
    print("a missing Deployment is a 404 Status")


def config_maps_and_secrets(core):
    """ConfigMaps and Secrets as the API server stores them: a Secret's stringData folds into
    base64 data and is never returned, its type defaults to Opaque, keys are validated, and
    an immutable ConfigMap keeps its data (pkg/apis/core/validation/validation.go)."""
    import base64

    core.create_namespaced_config_map(
        NS,
        client.V1ConfigMap(metadata=client.V1ObjectMeta(name="settings"), data={"mode": "fast"}, immutable=True),
    )
    cm = core.read_namespaced_config_map("settings", NS)
    assert cm.data == {"mode": "fast"} and cm.immutable is True, cm
    cm.data["mode"] = "slow"
    body = expect_status(lambda: core.replace_namespaced_config_map("settings", NS, cm), 422, "Invalid")
    assert "data: Forbidden: field is immutable when `immutable` is set" in body["message"], body
    body = expect_status(
        lambda: core.create_namespaced_config_map(
            NS, client.V1ConfigMap(metadata=client.V1ObjectMeta(name="bad"), data={"a b": "1"})
        ),
        422,
        "Invalid",
    )
    assert body["message"].startswith('ConfigMap "bad" is invalid: data[a b]: Invalid value: "a b"'), body
    print("configmaps: stored, immutable data kept, keys validated")

    core.create_namespaced_secret(
        NS,
        client.V1Secret(
            metadata=client.V1ObjectMeta(name="db"),
            data={"user": base64.b64encode(b"admin").decode()},
            string_data={"password": "s3cret"},
        ),
    )
    sec = core.read_namespaced_secret("db", NS)
    assert sec.type == "Opaque" and sec.string_data is None, sec
    assert {k: base64.b64decode(v) for k, v in sec.data.items()} == {"user": b"admin", "password": b"s3cret"}, sec
    body = expect_status(
        lambda: core.create_namespaced_secret(
            NS, client.V1Secret(metadata=client.V1ObjectMeta(name="tls"), type="kubernetes.io/tls", data={})
        ),
        422,
        "Invalid",
    )
    assert "data[tls.crt]: Required value" in body["message"], body
    names = [s.metadata.name for s in core.list_namespaced_secret(NS, field_selector="type=Opaque").items]
    assert names == ["db"], names
    print("secrets: stringData folded into data, Opaque by default, typed keys required")


def disruption_budgets(api, core, apps):
    """A PodDisruptionBudget's status as the disruption controller keeps it, and the eviction
    subresource's 429 while it allows nothing (pkg/controller/disruption/disruption.go,
    pkg/registry/core/pod/storage/eviction.go)."""
    policy = client.PolicyV1Api(api)
    apps.create_namespaced_deployment(NS, deployment("guarded", 2))
    policy.create_namespaced_pod_disruption_budget(
        NS,
        client.V1PodDisruptionBudget(
            metadata=client.V1ObjectMeta(name="guarded"),
            spec=client.V1PodDisruptionBudgetSpec(
                min_available=2, selector=client.V1LabelSelector(match_labels={"app": "guarded"})
            ),
        ),
    )

    def budget(allowed, healthy):
        b = policy.read_namespaced_pod_disruption_budget("guarded", NS)
        s = b.status
        ok = s.observed_generation == b.metadata.generation
        return ok and s.disruptions_allowed == allowed and s.current_healthy == healthy and b

    held = wait_for("the budget to count two healthy pods", lambda: budget(0, 2))
    assert held.status.desired_healthy == 2 and held.status.expected_pods == 2, held.status
    assert [(c.type, c.status, c.reason) for c in held.status.conditions] == [
        ("DisruptionAllowed", "False", "InsufficientPods")
    ], held.status.conditions
    pod = core.list_namespaced_pod(NS, label_selector="app=guarded").items[0].metadata.name
    eviction = client.V1Eviction(metadata=client.V1ObjectMeta(name=pod, namespace=NS))
    body = expect_status(lambda: core.create_namespaced_pod_eviction(pod, NS, eviction), 429, "TooManyRequests")
    assert body["message"] == "Cannot evict pod as it would violate the pod's disruption budget.", body
    assert body["details"]["causes"] == [
        {"reason": "DisruptionBudget", "message": "The disruption budget guarded needs 2 healthy pods and has 2 currently"}
    ], body
    print("eviction: 429 TooManyRequests while the budget allows no disruption")

    policy.patch_namespaced_pod_disruption_budget("guarded", NS, {"spec": {"minAvailable": 1}})
    wait_for("the budget to allow one", lambda: budget(1, 2))
    core.create_namespaced_pod_eviction(pod, NS, eviction)
    try:
        going = core.read_namespaced_pod(pod, NS).metadata.deletion_timestamp is not None
    except ApiException as e:
        going = e.status == 404
    assert going, pod
    wait_for("the replacement", lambda: budget(1, 2))
    print("eviction: allowed once the budget is loosened, and spent until a replacement is ready")
    policy.delete_namespaced_pod_disruption_budget("guarded", NS)
    apps.delete_namespaced_deployment("guarded", NS)


def namespaces(core, apps):
    """A namespace's lifecycle as the API server and the namespace controller run it: the
    system namespaces, a deleted one Terminating while its content goes, creates in it
    refused by the NamespaceLifecycle plugin, the immortal ones refused, and the namespace
    gone once emptied (pkg/registry/core/namespace/storage/storage.go,
    apiserver/pkg/admission/plugin/namespace/lifecycle/admission.go,
    pkg/controller/namespace/deletion/namespaced_resources_deleter.go)."""
    names = [n.metadata.name for n in core.list_namespace().items]
    for system in ["default", "kube-node-lease", "kube-public", "kube-system"]:
        assert system in names, names
    active = core.list_namespace(field_selector="status.phase=Active").items
    assert len(active) == len(names), [n.status.phase for n in active]
    made = core.create_namespace(client.V1Namespace(metadata=client.V1ObjectMeta(name="doomed")))
    assert made.spec.finalizers == ["kubernetes"] and made.status.phase == "Active", made
    assert made.metadata.labels == {"kubernetes.io/metadata.name": "doomed"}, made.metadata
    apps.create_namespaced_deployment("doomed", deployment("gone", 2))
    wait_for("two pods in doomed", lambda: len(core.list_namespaced_pod("doomed").items) == 2)
    # A finalizer nobody removes but this script holds the namespace in Terminating, so the
    # checks below never race the namespace controller.
    held = client.V1ConfigMap(metadata=client.V1ObjectMeta(name="held", finalizers=["example.com/hold"]))
    core.create_namespaced_config_map("doomed", held)
    core.delete_namespace("doomed")
    going = core.read_namespace("doomed")
    assert going.status.phase == "Terminating" and going.metadata.deletion_timestamp, going
    cm = client.V1ConfigMap(metadata=client.V1ObjectMeta(name="late"), data={"a": "b"})
    body = expect_status(lambda: core.create_namespaced_config_map("doomed", cm), 403, "Forbidden")
    assert body["message"] == (
        'configmaps "late" is forbidden: unable to create new content in namespace doomed '
        "because it is being terminated"
    ), body
    body = expect_status(lambda: core.delete_namespace("kube-public"), 403, "Forbidden")
    assert body["message"] == 'namespaces "kube-public" is forbidden: this namespace may not be deleted'
    print("namespaces: a deleted one is Terminating and refuses new content; kube-public stays")

    def gone():
        try:
            core.read_namespace("doomed")
            return False
        except ApiException as e:
            return e.status == 404

    wait_for("the held ConfigMap deleting", lambda: core.read_namespaced_config_map("held", "doomed").metadata.deletion_timestamp)
    assert not gone(), "the namespace went while a finalizer held its content"
    core.patch_namespaced_config_map("held", "doomed", {"metadata": {"finalizers": None}})
    wait_for("the emptied namespace to go", gone, timeout=120)
    print("namespaces: emptied by the namespace controller, then gone")


def service_accounts(core):
    """ServiceAccounts as the API server and the service account controller keep them: a
    default one in every namespace, a token from the TokenRequest subresource with the
    claims of a bound token, and a pod naming a missing account refused by the
    ServiceAccount admission plugin (pkg/controller/serviceaccount,
    pkg/registry/core/serviceaccount/storage/token.go,
    plugin/pkg/admission/serviceaccount/admission.go)."""
    import base64
    import json

    core.create_namespace(client.V1Namespace(metadata=client.V1ObjectMeta(name="team")))
    wait_for("team's default account", lambda: core.list_namespaced_service_account("team").items)
    made = core.create_namespaced_service_account(
        "team", client.V1ServiceAccount(metadata=client.V1ObjectMeta(name="builder"))
    )
    request = client.AuthenticationV1TokenRequest(
        spec=client.V1TokenRequestSpec(audiences=["api"], expiration_seconds=1200)
    )
    answer = core.create_namespaced_service_account_token("builder", "team", request)
    assert answer.spec.expiration_seconds == 1200 and answer.spec.audiences == ["api"], answer.spec
    payload = answer.status.token.split(".")[1]
    claims = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
    assert claims["sub"] == "system:serviceaccount:team:builder", claims
    assert claims["kubernetes.io"]["serviceaccount"]["uid"] == made.metadata.uid, claims
    assert claims["exp"] - claims["iat"] == 1200 and claims["aud"] == ["api"], claims
    pod = client.V1Pod(
        metadata=client.V1ObjectMeta(name="nobody"),
        spec=client.V1PodSpec(
            service_account_name="nobody", containers=[client.V1Container(name="c", image="nginx")]
        ),
    )
    body = expect_status(lambda: core.create_namespaced_pod("team", pod), 403, "Forbidden")
    assert body["message"] == (
        'pods "nobody" is forbidden: error looking up service account team/nobody: '
        'serviceaccount "nobody" not found'
    ), body
    gone = core.delete_namespaced_service_account("builder", "team")
    assert gone.metadata.name == "builder", gone
    print("serviceaccounts: a default one per namespace, tokens with their claims, missing ones refused")


def ingresses(api):
    """Ingresses (networking.k8s.io/v1): created, read and listed through the typed client,
    stored as given with no address (no ingress controller runs), and a pathType the API
    does not know refused in the API server's words (pkg/apis/networking/validation/validation.go
    validateHTTPIngressPath)."""
    net = client.NetworkingV1Api(api)

    def path(p, path_type="Prefix"):
        backend = client.V1IngressBackend(
            service=client.V1IngressServiceBackend(
                name="web", port=client.V1ServiceBackendPort(number=80)
            )
        )
        return client.V1HTTPIngressPath(path=p, path_type=path_type, backend=backend)

    def ingress(name, paths):
        rule = client.V1IngressRule(
            host="shop.example.com", http=client.V1HTTPIngressRuleValue(paths=paths)
        )
        return client.V1Ingress(
            metadata=client.V1ObjectMeta(name=name),
            spec=client.V1IngressSpec(ingress_class_name="nginx", rules=[rule]),
        )

    net.create_namespaced_ingress(NS, ingress("shop", [path("/"), path("/api", "Exact")]))
    made = net.read_namespaced_ingress("shop", NS)
    paths = made.spec.rules[0].http.paths
    assert [(p.path, p.path_type) for p in paths] == [("/", "Prefix"), ("/api", "Exact")], paths
    assert made.spec.ingress_class_name == "nginx" and made.metadata.generation == 1, made
    assert not made.status.load_balancer.ingress, made.status
    names = [i.metadata.name for i in net.list_namespaced_ingress(NS).items]
    assert names == ["shop"], names
    everywhere = net.list_ingress_for_all_namespaces().items
    assert [i.metadata.name for i in everywhere] == ["shop"], everywhere
    bad = ingress("bad", [path("/x", "Glob")])
    body = expect_status(lambda: net.create_namespaced_ingress(NS, bad), 422, "Invalid")
    want = (
        'Ingress.networking.k8s.io "bad" is invalid: '
        'spec.rules[0].http.paths[0].pathType: Unsupported value: "Glob": '
        'supported values: "Exact", "ImplementationSpecific", "Prefix"'
    )
    assert body["message"] == want, body
    net.delete_namespaced_ingress("shop", NS)
    assert not net.list_namespaced_ingress(NS).items
    print("ingresses: created, read and listed as given, no address, an unknown pathType refused")


def priority_classes(api, core):
    """PriorityClasses and the Priority admission plugin: the system classes, a pod's
    priority from the class it names, and a class that does not exist refused
    (pkg/registry/scheduling/rest, plugin/pkg/admission/priority/admission.go)."""
    scheduling = client.SchedulingV1Api(api)
    names = [pc.metadata.name for pc in scheduling.list_priority_class().items]
    assert "system-node-critical" in names and "system-cluster-critical" in names, names
    scheduling.create_priority_class(
        client.V1PriorityClass(metadata=client.V1ObjectMeta(name="batch-low"), value=-5)
    )
    made = scheduling.read_priority_class("batch-low")
    assert made.preemption_policy == "PreemptLowerPriority" and made.value == -5, made
    pod = client.V1Pod(
        metadata=client.V1ObjectMeta(name="low"),
        spec=client.V1PodSpec(
            priority_class_name="batch-low", containers=[client.V1Container(name="c", image="nginx")]
        ),
    )
    created = core.create_namespaced_pod(NS, pod)
    assert created.spec.priority == -5, created.spec.priority
    pod.metadata.name, pod.spec.priority_class_name = "lost", "missing"
    body = expect_status(lambda: core.create_namespaced_pod(NS, pod), 403, "Forbidden")
    assert body["message"] == 'pods "lost" is forbidden: no PriorityClass with name missing was found', body
    core.delete_namespaced_pod("low", NS, grace_period_seconds=0)
    scheduling.delete_priority_class("batch-low")
    print("priorityclasses: system classes, a pod's priority from its class, missing ones refused")


def api_service_and_leases(api, core):
    """What every API server creates, and the nodes' heartbeats: the `kubernetes` Service in
    default with its endpoints (pkg/controlplane/controller/kubernetesservice/controller.go,
    pkg/controlplane/reconcilers), each node's Lease held and renewed by its kubelet
    (component-helpers/apimachinery/lease/controller.go, pkg/kubelet/nodelease.go), and a
    Lease the API server's validation refuses (pkg/apis/coordination/validation)."""
    svc = core.read_namespaced_service("kubernetes", "default")
    assert svc.spec.cluster_ip == "10.96.0.1" and svc.spec.selector is None, svc.spec
    assert [(p.name, p.port, p.target_port) for p in svc.spec.ports] == [("https", 443, 6443)], svc.spec
    ep = core.read_namespaced_endpoints("kubernetes", "default")
    assert [a.ip for a in ep.subsets[0].addresses] == ["10.0.0.2"], ep.subsets
    coordination = client.CoordinationV1Api(api)
    leases = coordination.list_namespaced_lease("kube-node-lease").items
    assert sorted(l.spec.holder_identity for l in leases) == ["node-1", "node-2", "node-3"], leases
    first = {l.metadata.name: l.spec.renew_time for l in leases}
    assert all(l.metadata.owner_references[0].kind == "Node" for l in leases), leases

    def renewed():
        now = coordination.list_namespaced_lease("kube-node-lease").items
        return all(l.spec.renew_time > first[l.metadata.name] for l in now)

    wait_for("every node's lease renewed", renewed, timeout=30)
    bad = client.V1Lease(
        metadata=client.V1ObjectMeta(name="bad"), spec=client.V1LeaseSpec(lease_duration_seconds=0)
    )
    body = expect_status(lambda: coordination.create_namespaced_lease(NS, bad), 422, "Invalid")
    assert body["message"] == (
        'Lease.coordination.k8s.io "bad" is invalid: spec.leaseDurationSeconds: '
        "Invalid value: 0: must be greater than 0"
    ), body
    print("kubernetes service and leases: the API server's Service, and the kubelets' renewals")


if __name__ == "__main__":
    main(sys.argv[1])
