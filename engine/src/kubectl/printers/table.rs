//! `kubectl get` tables as text: the header (unless `--no-headers`) and the rows of
//! `crate::api::printers`, laid out by the tab writer, and `-L`'s flag values.
//!
//! Models cli-runtime/pkg/printers/tableprinter.go (`printTable`). Which objects to list, in
//! which order, and what to say when there are none, is the command's business.

use crate::api::printers::{headers, row, TableOptions};
use crate::clock::Time;
use crate::model::{Kind, Object};

use super::TabWriter;

/// A pflag StringSlice flag's values (`-L a,b -L c`): every occurrence, split at commas.
pub fn string_slice(values: Option<&Vec<String>>) -> Vec<String> {
    let all = values.into_iter().flatten().flat_map(|v| v.split(','));
    all.filter(|l| !l.is_empty()).map(str::to_string).collect()
}

/// A whole table: the header (unless `--no-headers`; never for zero rows) and the rows,
/// through `tw` so a later watch keeps the widths.
pub fn render_table(
    kind: Kind,
    objects: &[&Object],
    opts: &TableOptions,
    now: Time,
    tw: &mut TabWriter,
) -> String {
    if objects.is_empty() {
        return String::new();
    }
    let mut rows = Vec::with_capacity(objects.len() + 1);
    if !opts.no_headers {
        rows.push(headers(kind, opts));
    }
    rows.extend(objects.iter().map(|o| row(o, opts, now)));
    tw.write_rows(&rows)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::*;

    const MIN: i64 = 60_000;
    const NOW: Time = Time(10 * MIN);

    fn meta(name: &str, labels: &[(&str, &str)]) -> ObjectMeta {
        ObjectMeta {
            name: name.into(),
            namespace: "default".into(),
            creation_timestamp: Some(Time(NOW.0 - 3 * MIN)),
            labels: labels.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
            ..Default::default()
        }
    }

    fn running_pod(name: &str) -> Object {
        let mut p = Pod::new(meta(name, &[("app", "web")]), PodSpec::default());
        p.spec.containers.push(Container::new("nginx", "nginx:1.27"));
        p.status.phase = PodPhase::Running;
        p.status.container_statuses.push(ContainerStatus {
            name: "nginx".into(),
            image: "nginx:1.27".into(),
            ready: true,
            restart_count: 0,
            started: Some(true),
            state: ContainerState::running(Time::ZERO),
            last_state: ContainerState::default(),
            ..Default::default()
        });
        Object::Pod(p.into())
    }

    #[test]
    fn pods_print_like_the_lesson() {
        let pod = running_pod("web-7d9f5cbb6d-8xk2p");
        let text = render_table(
            Kind::Pod,
            &[&pod],
            &TableOptions::default(),
            NOW,
            &mut TabWriter::default(),
        );
        assert_eq!(
            text,
            "NAME                   READY   STATUS    RESTARTS   AGE\n\
             web-7d9f5cbb6d-8xk2p   1/1     Running   0          3m\n"
        );
    }

    #[test]
    fn decorations_add_namespace_kind_and_labels() {
        let pod = running_pod("web-x");
        let opts = TableOptions {
            all_namespaces: true,
            show_kind: true,
            show_labels: true,
            ..Default::default()
        };
        let text = render_table(Kind::Pod, &[&pod], &opts, NOW, &mut TabWriter::default());
        assert_eq!(
            text,
            "NAMESPACE   NAME        READY   STATUS    RESTARTS   AGE   LABELS\n\
             default     pod/web-x   1/1     Running   0          3m    app=web\n"
        );
        let opts = TableOptions {
            label_columns: vec!["app".into(), "example.com/tier".into()],
            ..Default::default()
        };
        let text = render_table(Kind::Pod, &[&pod], &opts, NOW, &mut TabWriter::default());
        assert_eq!(
            text,
            "NAME    READY   STATUS    RESTARTS   AGE   APP   TIER\n\
             web-x   1/1     Running   0          3m    web\n"
        );
        let opts = TableOptions { no_headers: true, ..Default::default() };
        let text = render_table(Kind::Pod, &[&pod], &opts, NOW, &mut TabWriter::default());
        assert_eq!(text, "web-x   1/1   Running   0     3m\n");
        assert_eq!(
            render_table(Kind::Pod, &[], &TableOptions::default(), NOW, &mut TabWriter::default()),
            ""
        );
    }

    #[test]
    fn pods_wide_add_ip_node_and_none_cells() {
        let opts = TableOptions { wide: true, ..Default::default() };
        assert_eq!(
            headers(Kind::Pod, &opts),
            [
                "NAME",
                "READY",
                "STATUS",
                "RESTARTS",
                "AGE",
                "IP",
                "NODE",
                "NOMINATED NODE",
                "READINESS GATES"
            ]
        );
        let cells = row(&running_pod("p"), &opts, NOW);
        assert_eq!(cells[5..], ["<none>", "<none>", "<none>", "<none>"]);
    }

    // §6.1's example and TestPrintDeployment.
    #[test]
    fn deployments_and_replicasets_print_their_counts() {
        let mut d = Deployment { metadata: meta("web", &[("app", "web")]), ..Default::default() };
        d.metadata.creation_timestamp = Some(Time(NOW.0 - 125_000));
        d.spec.replicas = 3;
        d.status = DeploymentStatus {
            replicas: 3,
            updated_replicas: 3,
            ready_replicas: 3,
            available_replicas: 3,
            ..Default::default()
        };
        let d = Object::Deployment(d.into());
        let text = render_table(
            Kind::Deployment,
            &[&d],
            &TableOptions::default(),
            NOW,
            &mut TabWriter::default(),
        );
        assert_eq!(text, "NAME   READY   UP-TO-DATE   AVAILABLE   AGE\nweb    3/3     3            3           2m5s\n");

        let mut d = Deployment { metadata: meta("test1", &[]), ..Default::default() };
        // Created 1.9s in the future, as the Go test does.
        d.metadata.creation_timestamp = Some(Time(NOW.0 + 1900));
        d.spec.replicas = 5;
        d.spec.selector.match_labels.insert("foo".into(), "bar".into());
        for i in 1..=2 {
            let c = Container::new(format!("fake-container{i}"), format!("fake-image{i}"));
            d.spec.template.spec.containers.push(c);
        }
        d.status = DeploymentStatus {
            replicas: 10,
            updated_replicas: 2,
            available_replicas: 1,
            ..Default::default()
        };
        let opts = TableOptions { wide: true, ..Default::default() };
        assert_eq!(
            row(&Object::Deployment(d.into()), &opts, NOW),
            [
                "test1",
                "0/5",
                "2",
                "1",
                "0s",
                "fake-container1,fake-container2",
                "fake-image1,fake-image2",
                "foo=bar"
            ]
        );

        let mut rs = ReplicaSet { metadata: meta("web-7c5ddbdf54", &[]), ..Default::default() };
        rs.metadata.creation_timestamp = Some(Time(NOW.0 - 125_000));
        rs.spec.replicas = 3;
        rs.status.replicas = 3;
        rs.status.ready_replicas = 3;
        let rs = Object::ReplicaSet(rs.into());
        let text = render_table(
            Kind::ReplicaSet,
            &[&rs],
            &TableOptions::default(),
            NOW,
            &mut TabWriter::default(),
        );
        assert_eq!(text, "NAME             DESIRED   CURRENT   READY   AGE\nweb-7c5ddbdf54   3         3         3       2m5s\n");
        assert_eq!(row(&rs, &opts, NOW)[5..], ["", "", "<none>"]);
    }

    #[test]
    fn nodes_show_readiness_cordon_roles_and_version() {
        let mut n = Node { metadata: meta("node-1", &[]), ..Default::default() };
        n.metadata.namespace.clear();
        n.status.conditions.push(NodeCondition {
            type_: "Ready".into(),
            status: "True".into(),
            ..Default::default()
        });
        n.status
            .addresses
            .push(NodeAddress { type_: "InternalIP".into(), address: "10.0.0.11".into() });
        let bare = Object::Node(n.clone().into());
        n.status.node_info = Node::registered("node-1", 1, 110, NOW).status.node_info;
        let obj = Object::Node(n.clone().into());
        let opts = TableOptions { all_namespaces: true, ..Default::default() };
        let text = render_table(Kind::Node, &[&obj], &opts, NOW, &mut TabWriter::default());
        assert_eq!(
            text,
            "NAME     STATUS   ROLES    AGE   VERSION\nnode-1   Ready    <none>   3m    v1.34.1\n"
        );
        let wide = TableOptions { wide: true, ..Default::default() };
        assert_eq!(
            row(&obj, &wide, NOW)[5..],
            [
                "10.0.0.11",
                "<none>",
                "Debian GNU/Linux 12 (bookworm)",
                "6.1.0-27-amd64",
                "containerd://1.7.24"
            ]
        );
        // printNode: VERSION is nodeInfo's as is; missing system info prints `<unknown>`.
        assert_eq!(
            row(&bare, &wide, NOW)[4..],
            ["", "10.0.0.11", "<none>", "<unknown>", "<unknown>", "<unknown>"]
        );
        n.spec.unschedulable = true;
        n.status.conditions[0].status = "Unknown".into();
        n.metadata.labels.insert("node-role.kubernetes.io/control-plane".into(), String::new());
        let cells = row(&Object::Node(n.clone().into()), &TableOptions::default(), NOW);
        assert_eq!(cells[1..3], ["NotReady,SchedulingDisabled", "control-plane"]);
        n.status.conditions.clear();
        assert_eq!(crate::api::printers::rows::node_status(&n), "Unknown,SchedulingDisabled");
    }

    #[test]
    fn events_print_last_seen_type_reason_object_message() {
        let e = Event {
            metadata: ObjectMeta {
                name: "web-x.181".into(),
                namespace: "default".into(),
                ..Default::default()
            },
            involved_object: ObjectReference {
                kind: "Pod".into(),
                name: "web-x".into(),
                ..Default::default()
            },
            reason: "Scheduled".into(),
            message: "Successfully assigned default/web-x to node-1 ".into(),
            type_: "Normal".into(),
            count: 2,
            first_timestamp: Time(NOW.0 - 5 * MIN),
            last_timestamp: Time(NOW.0 - 30_000),
            source: EventSource { component: "default-scheduler".into(), host: Default::default() },
            ..Default::default()
        };
        let obj = Object::Event(e.into());
        let opts = TableOptions { all_namespaces: true, ..Default::default() };
        let text = render_table(Kind::Event, &[&obj], &opts, NOW, &mut TabWriter::default());
        assert_eq!(
            text,
            "NAMESPACE   LAST SEEN   TYPE     REASON      OBJECT      MESSAGE\n\
             default     30s         Normal   Scheduled   pod/web-x   Successfully assigned default/web-x to node-1\n"
        );
        let wide = TableOptions { wide: true, show_kind: true, ..Default::default() };
        assert_eq!(
            row(&obj, &wide, NOW),
            [
                "30s",
                "Normal",
                "Scheduled",
                "pod/web-x",
                "",
                "default-scheduler",
                "Successfully assigned default/web-x to node-1",
                "5m",
                "2",
                "event/web-x.181"
            ]
        );
    }
}
