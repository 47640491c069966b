//! What the page can point at and what it can ask for: shared by the graph, the inspector and
//! the session owner.

use std::collections::BTreeMap;

use kubeloop::model::Kind;

/// One object, as the graph and the inspector name it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ObjRef {
    pub kind: Kind,
    /// Empty for nodes.
    pub namespace: String,
    pub name: String,
}

impl ObjRef {
    pub fn new(kind: Kind, namespace: &str, name: &str) -> Self {
        ObjRef { kind, namespace: namespace.into(), name: name.into() }
    }

    /// `deploy/web`, as a kubectl argument.
    pub fn arg(&self) -> String {
        let short = match self.kind {
            Kind::Deployment => "deploy",
            Kind::ReplicaSet => "rs",
            Kind::Pod => "pod",
            Kind::Node => "node",
            Kind::Event => "event",
            Kind::Service => "svc",
            Kind::EndpointSlice => "endpointslice",
            Kind::Endpoints => "endpoints",
            Kind::DaemonSet => "ds",
            Kind::StatefulSet => "sts",
            Kind::ControllerRevision => "controllerrevision",
            Kind::Job => "job",
            Kind::CronJob => "cj",
            Kind::HorizontalPodAutoscaler => "hpa",
            Kind::PersistentVolumeClaim => "pvc",
            Kind::ConfigMap => "cm",
            Kind::Secret => "secret",
            Kind::PodDisruptionBudget => "pdb",
            Kind::ResourceQuota => "quota",
            Kind::LimitRange => "limits",
            Kind::Namespace => "ns",
            Kind::ServiceAccount => "sa",
            Kind::PriorityClass => "pc",
            Kind::ReplicationController => "rc",
            Kind::Lease => "lease",
            Kind::Ingress => "ing",
        };
        format!("{short}/{}", self.name)
    }

    /// ` -n NS` when the object is outside the default namespace.
    pub fn ns_flag(&self) -> String {
        if self.namespace.is_empty() || self.namespace == "default" {
            String::new()
        } else {
            format!(" -n {}", self.namespace)
        }
    }
}

/// How a delete cascades, as the inspector offers it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cascade {
    Background,
    Foreground,
    Orphan,
}

/// Something a button asks for. The session owner turns each into the kubectl command a user
/// would type, runs it, and shows it in the command log, so clicking teaches the command too.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    Delete {
        target: ObjRef,
        cascade: Cascade,
    },
    Scale {
        target: ObjRef,
        replicas: i32,
    },
    SetLabels {
        target: ObjRef,
        labels: BTreeMap<String, String>,
    },
    SetImage {
        target: ObjRef,
        container: String,
        image: String,
    },
    /// Open the YAML editor on this object (`k edit`).
    Edit {
        target: ObjRef,
    },
}

fn shell_quote(s: &str) -> String {
    if !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || "-_./:=@%+,".contains(c)) {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', "'\\''"))
    }
}

impl Action {
    /// The kubectl command line this action is.
    pub fn command(&self, current_labels: &BTreeMap<String, String>) -> String {
        match self {
            Action::Delete { target, cascade } => {
                let c = match cascade {
                    Cascade::Background => "",
                    Cascade::Foreground => " --cascade=foreground",
                    Cascade::Orphan => " --cascade=orphan",
                };
                format!("k delete {}{c} --wait=false{}", target.arg(), target.ns_flag())
            }
            Action::Scale { target, replicas } => {
                format!("k scale {} --replicas={replicas}{}", target.arg(), target.ns_flag())
            }
            Action::SetLabels { target, labels } => {
                let mut parts = Vec::new();
                for (k, v) in labels {
                    if current_labels.get(k) != Some(v) {
                        parts.push(shell_quote(&format!("{k}={v}")));
                    }
                }
                for k in current_labels.keys() {
                    if !labels.contains_key(k) {
                        parts.push(shell_quote(&format!("{k}-")));
                    }
                }
                format!(
                    "k label {} {} --overwrite{}",
                    target.arg(),
                    parts.join(" "),
                    target.ns_flag()
                )
            }
            Action::SetImage { target, container, image } => format!(
                "k set image {} {}{}",
                target.arg(),
                shell_quote(&format!("{container}={image}")),
                target.ns_flag()
            ),
            Action::Edit { target } => format!("k edit {}{}", target.arg(), target.ns_flag()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_become_the_commands_a_user_would_type() {
        let pod = ObjRef::new(Kind::Pod, "default", "web-abc-x");
        let d = ObjRef::new(Kind::Deployment, "shop", "api");
        let none = BTreeMap::new();
        assert_eq!(
            Action::Delete { target: pod.clone(), cascade: Cascade::Background }.command(&none),
            "k delete pod/web-abc-x --wait=false"
        );
        assert_eq!(
            Action::Delete { target: d.clone(), cascade: Cascade::Orphan }.command(&none),
            "k delete deploy/api --cascade=orphan --wait=false -n shop"
        );
        assert_eq!(
            Action::Scale { target: d.clone(), replicas: 4 }.command(&none),
            "k scale deploy/api --replicas=4 -n shop"
        );
        let cur: BTreeMap<_, _> =
            [("app".to_string(), "web".to_string()), ("x".to_string(), "1".to_string())].into();
        let next: BTreeMap<_, _> = [("app".to_string(), "debug me".to_string())].into();
        assert_eq!(
            Action::SetLabels { target: pod, labels: next }.command(&cur),
            "k label pod/web-abc-x 'app=debug me' x- --overwrite"
        );
        assert_eq!(
            Action::SetImage { target: d, container: "nginx".into(), image: "nginx:1.28".into() }
                .command(&none),
            "k set image deploy/api nginx=nginx:1.28 -n shop"
        );
    }
}
