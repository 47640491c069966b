//! Resolving what the user named: `pods`, `rs,pods`, `all`, `pod/x`, `deployment.apps/web`,
//! `pods a b`, with kubectl's errors for everything else.

use crate::model::Kind;

use super::KubectlError;

/// What the command refers to: each kind, with the names given for it (empty: all of them).
#[derive(Clone, Debug, PartialEq)]
pub struct Selection {
    pub items: Vec<(Kind, Vec<String>)>,
    /// Names were given (so "not found" errors apply, and selectors do not).
    pub named: bool,
}

/// Kinds real clusters have that kubeloop does not simulate.
const NOT_SIMULATED: &[&str] = &[
    "services",
    "service",
    "svc",
    "configmaps",
    "configmap",
    "cm",
    "secrets",
    "secret",
    "statefulsets",
    "statefulset",
    "sts",
    "daemonsets",
    "daemonset",
    "ds",
    "jobs",
    "job",
    "cronjobs",
    "cronjob",
    "cj",
    "namespaces",
    "namespace",
    "ns",
    "ingresses",
    "ingress",
    "ing",
    "persistentvolumes",
    "pv",
    "persistentvolumeclaims",
    "pvc",
    "serviceaccounts",
    "sa",
    "endpoints",
    "ep",
    "endpointslices",
    "horizontalpodautoscalers",
    "hpa",
    "replicationcontrollers",
    "rc",
    "networkpolicies",
    "netpol",
    "roles",
    "rolebindings",
    "clusterroles",
    "storageclasses",
    "sc",
];

pub fn kind_of(word: &str) -> Result<Kind, KubectlError> {
    if let Some(k) = Kind::from_resource(word) {
        return Ok(k);
    }
    let lower = word.to_ascii_lowercase();
    if NOT_SIMULATED.contains(&lower.as_str()) {
        return Err(KubectlError::Plain(format!(
            "kubeloop: {word} are not simulated in kubeloop (it models pods, replicasets, deployments, nodes and events)"
        )));
    }
    Err(KubectlError::Usage(format!("the server doesn't have a resource type \"{word}\"")))
}

/// Parses the positional arguments of get/describe/delete/label.
pub fn select(args: &[String], allow_all: bool) -> Result<Selection, KubectlError> {
    let Some(first) = args.first() else {
        return Ok(Selection { items: Vec::new(), named: false });
    };
    if args.iter().any(|a| a.contains('/')) {
        if !first.contains('/') {
            return Err(KubectlError::Usage("there is no need to specify a resource type as a separate argument when passing arguments in resource/name form (e.g. 'kubectl get resource/<resource_name>' instead of 'kubectl get resource resource/<resource_name>'".into()));
        }
        let mut items: Vec<(Kind, Vec<String>)> = Vec::new();
        for a in args {
            let Some((ty, name)) = a
                .split_once('/')
                .filter(|(t, n)| !t.is_empty() && !n.is_empty() && !n.contains('/'))
            else {
                return Err(KubectlError::Usage(
                    "arguments in resource/name form must have a single resource and name".into(),
                ));
            };
            let kind = kind_of(ty)?;
            match items.iter_mut().find(|(k, _)| *k == kind) {
                Some((_, names)) => names.push(name.to_string()),
                None => items.push((kind, vec![name.to_string()])),
            }
        }
        return Ok(Selection { items, named: true });
    }
    let mut kinds = Vec::new();
    for ty in first.split(',') {
        if ty == "all" && allow_all {
            for k in [Kind::Pod, Kind::Deployment, Kind::ReplicaSet] {
                if !kinds.contains(&k) {
                    kinds.push(k);
                }
            }
            continue;
        }
        let k = kind_of(ty)?;
        if !kinds.contains(&k) {
            kinds.push(k);
        }
    }
    let names: Vec<String> = args[1..].to_vec();
    if !names.is_empty() && kinds.len() > 1 {
        return Err(KubectlError::Usage(
            "you must specify only one resource type when naming resources".into(),
        ));
    }
    let named = !names.is_empty();
    Ok(Selection { items: kinds.into_iter().map(|k| (k, names.clone())).collect(), named })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sel(s: &str) -> Result<Selection, KubectlError> {
        let v: Vec<String> = s.split_whitespace().map(String::from).collect();
        select(&v, true)
    }

    #[test]
    fn type_lists_slash_forms_and_all() {
        assert_eq!(
            sel("rs,pods").unwrap().items,
            vec![(Kind::ReplicaSet, vec![]), (Kind::Pod, vec![])]
        );
        assert_eq!(
            sel("deployment.apps/web pod/x").unwrap().items,
            vec![(Kind::Deployment, vec!["web".to_string()]), (Kind::Pod, vec!["x".to_string()])]
        );
        assert_eq!(sel("all").unwrap().items.len(), 3);
        assert!(sel("pods pod/x").is_err());
        assert_eq!(
            sel("foos").unwrap_err().to_string(),
            "error: the server doesn't have a resource type \"foos\""
        );
        assert!(sel("svc").unwrap_err().to_string().contains("not simulated"));
    }
}
