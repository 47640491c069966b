//! `-o name`, the `<kind.group>/<name> <operation>` messages of mutating commands, and the
//! message `kubectl delete` prints.
//!
//! Models cli-runtime/pkg/printers/name.go `NamePrinter` and kubectl/pkg/cmd/delete/delete.go
//! `PrintObj`. Dry-run suffixes and the trailing newline belong to the caller.

use crate::model::{Kind, Object};

/// `-o name`: `pod/x`, `deployment.apps/web`, `node/node-1`.
pub fn name(obj: &Object) -> String {
    format!("{}/{}", obj.kind().kind_group(), obj.meta().name)
}

/// The message of a mutating command: `deployment.apps/web created`, `pod/x labeled`.
pub fn operation(kind: Kind, name: &str, op: &str) -> String {
    format!("{}/{name} {op}", kind.kind_group())
}

/// `kubectl delete`'s line (kubectl ≥ 1.34): `pod "x" deleted from default namespace`,
/// `force deleted` when the grace period is zero, and no namespace for cluster-scoped kinds.
pub fn deleted_message(kind: Kind, name: &str, namespace: Option<&str>, force: bool) -> String {
    let mut op = if force { "force deleted" } else { "deleted" }.to_string();
    if let Some(ns) = namespace.filter(|_| kind.namespaced()) {
        op.push_str(&format!(" from {ns} namespace"));
    }
    format!("{} \"{name}\" {op}", kind.kind_group())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::*;

    fn meta(name: &str) -> ObjectMeta {
        ObjectMeta { name: name.into(), namespace: "default".into(), ..Default::default() }
    }

    #[test]
    fn names_carry_the_group_except_for_core_kinds() {
        let pod = Object::Pod(Pod::new(meta("web-7d9f5cbb6d-8xk2p"), PodSpec::default()).into());
        assert_eq!(name(&pod), "pod/web-7d9f5cbb6d-8xk2p");
        let d =
            Object::Deployment(Deployment { metadata: meta("web"), ..Default::default() }.into());
        assert_eq!(name(&d), "deployment.apps/web");
        let rs = Object::ReplicaSet(
            ReplicaSet { metadata: meta("web-7d9f5cbb6d"), ..Default::default() }.into(),
        );
        assert_eq!(name(&rs), "replicaset.apps/web-7d9f5cbb6d");
        let node = Object::Node(Node { metadata: meta("node-1"), ..Default::default() }.into());
        assert_eq!(name(&node), "node/node-1");
        let ev = Object::Event(Event { metadata: meta("web.181"), ..Default::default() }.into());
        assert_eq!(name(&ev), "event/web.181");
    }

    #[test]
    fn operations_read_kind_slash_name_then_the_verb() {
        assert_eq!(operation(Kind::Deployment, "web", "created"), "deployment.apps/web created");
        assert_eq!(operation(Kind::Pod, "foo", "labeled"), "pod/foo labeled");
        assert_eq!(operation(Kind::Deployment, "web", "scaled"), "deployment.apps/web scaled");
    }

    // §6.4 and TestDeleteMessageOutput.
    #[test]
    fn delete_messages_name_the_namespace_of_namespaced_kinds() {
        assert_eq!(
            deleted_message(Kind::Pod, "web-7d9f5cbb6d-8xk2p", Some("default"), false),
            "pod \"web-7d9f5cbb6d-8xk2p\" deleted from default namespace"
        );
        assert_eq!(
            deleted_message(Kind::Deployment, "web", Some("default"), false),
            "deployment.apps \"web\" deleted from default namespace"
        );
        assert_eq!(
            deleted_message(Kind::Pod, "x", Some("test-specific"), true),
            "pod \"x\" force deleted from test-specific namespace"
        );
        assert_eq!(
            deleted_message(Kind::Node, "node-1", Some("default"), false),
            "node \"node-1\" deleted"
        );
        assert_eq!(
            deleted_message(Kind::Node, "node-1", None, true),
            "node \"node-1\" force deleted"
        );
    }
}
