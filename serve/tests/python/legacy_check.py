"""The official Python client on ReplicationControllers: the API server's defaults, the
replication manager's pods, and the /scale subresource (pkg/apis/core/v1/defaults.go
`SetDefaults_ReplicationController`; pkg/controller/replication; pkg/registry/core/
replicationcontroller/storage/storage.go `ScaleREST`). Imported by client_check.py.
"""

from kubernetes import client

NS = "default"


def replication_controllers(core, wait_for):
    labels = {"app": "legacy"}
    rc = client.V1ReplicationController(
        metadata=client.V1ObjectMeta(name="legacy"),
        spec=client.V1ReplicationControllerSpec(
            replicas=2,
            template=client.V1PodTemplateSpec(
                metadata=client.V1ObjectMeta(labels=labels),
                spec=client.V1PodSpec(containers=[client.V1Container(name="c", image="nginx:1.27")]),
            ),
        ),
    )
    made = core.create_namespaced_replication_controller(NS, rc)
    assert made.spec.selector == labels and made.metadata.labels == labels, made
    pods = lambda: core.list_namespaced_pod(NS, label_selector="app=legacy").items
    running = lambda n: [p for p in pods() if p.status.phase == "Running"] if len(pods()) == n else []
    owned = wait_for("the replication manager's 2 pods", lambda: running(2))
    for p in owned:
        ref = p.metadata.owner_references[0]
        assert (ref.kind, ref.name, ref.controller) == ("ReplicationController", "legacy", True), ref
    scale = core.read_namespaced_replication_controller_scale("legacy", NS)
    assert (scale.spec.replicas, scale.status.selector) == (2, "app=legacy"), scale
    core.patch_namespaced_replication_controller_scale("legacy", NS, {"spec": {"replicas": 3}})
    wait_for("a third pod", lambda: running(3))
    status = wait_for(
        "status.readyReplicas 3",
        lambda: (s := core.read_namespaced_replication_controller("legacy", NS).status).ready_replicas == 3 and s,
    )
    assert status.replicas == 3 and status.observed_generation == 2, status
    core.delete_namespaced_replication_controller("legacy", NS)
    wait_for("its pods collected", lambda: not pods())
    print("replicationcontrollers: defaulted, 2 pods then 3 through /scale, collected with it")
