"""The official Python client on server-side apply, a PATCH of
application/apply-patch+yaml (apiserver handlers/patch.go `applyPatcher`; apimachinery
pkg/util/managedfields/internal structuredmerge.go and conflict.go; structured-merge-diff
merge/update.go). Imported by client_check.py.
"""

NS = "default"
APPLY = "application/apply-patch+yaml"



def config(data):
    return {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "ssa"}, "data": data}


def server_side_apply(core, expect_status):
    def apply(body, manager, force=None):
        return core.patch_namespaced_config_map("ssa", NS, body, field_manager=manager, force=force, _content_type=APPLY)

    made = apply(config({"mode": "fast", "size": "3"}), "py")
    assert made.data == {"mode": "fast", "size": "3"}, made.data
    assert [(e.manager, e.operation) for e in made.metadata.managed_fields] == [("py", "Apply")]
    fields = made.metadata.managed_fields[0].fields_v1
    assert fields == {"f:data": {"f:mode": {}, "f:size": {}}}, fields

    other = config({"mode": "slow"})
    body = expect_status(lambda: apply(other, "ops"), 409, "Conflict")
    assert body["message"] == 'Apply failed with 1 conflict: conflict with "py": .data.mode', body
    cause = {"reason": "FieldManagerConflict", "message": 'conflict with "py"', "field": ".data.mode"}
    assert body["details"]["causes"] == [cause], body
    forced = apply(other, "ops", force=True)
    assert forced.data == {"mode": "slow", "size": "3"}, forced.data

    # py names neither key now: size, its own, goes; mode, now ops', stays.
    pruned = apply(config({}), "py")
    assert pruned.data == {"mode": "slow"}, pruned.data

    body = expect_status(lambda: core.patch_namespaced_config_map("ssa", NS, other, _content_type=APPLY), 422, "Invalid")
    assert body["message"] == 'PatchOptions.meta.k8s.io "" is invalid: fieldManager: Required value: is required for apply patch', body
    core.delete_namespaced_config_map("ssa", NS)
    print("server-side apply: created, a 409 conflict, forced, pruned, fieldManager required")
