//! Resolving what the user named: `pods`, `rs,pods`, `all`, `pod/x`, `deployment.apps/web`,
//! `pods a b`, with kubectl's errors for everything else.

use crate::model::registry::{KindInfo, REGISTRY};
use crate::model::Kind;

use super::{KubectlError, Output, Stream};

/// The API server's deprecation warning for a kind, as apiserver
/// pkg/endpoints/deprecation/deprecation.go `WarningMessage` words it from the type's
/// prerelease-lifecycle tags: v1 Endpoints is deprecated since 1.33 in favour of
/// EndpointSlices (KEP-4974), so every request that touches one carries it.
pub fn deprecation(kind: Kind) -> Option<&'static str> {
    match kind {
        Kind::Endpoints => {
            Some("v1 Endpoints is deprecated in v1.33+; use discovery.k8s.io/v1 EndpointSlice")
        }
        _ => None,
    }
}

/// Prints `kind`'s deprecation warning on stderr as kubectl's warning handler does
/// (`Warning: ...`), once per command: client-go's default handler deduplicates.
pub fn warn_deprecated(kind: Kind, out: &mut Output) {
    let Some(message) = deprecation(kind) else { return };
    let line = format!("Warning: {message}\n");
    if !out.chunks.iter().any(|(s, t)| *s == Stream::Stderr && t.contains(&line)) {
        out.err(line);
    }
}

/// What the command refers to: each kind, with the names given for it (empty: all of them).
#[derive(Clone, Debug, PartialEq)]
pub struct Selection {
    pub items: Vec<(Kind, Vec<String>)>,
    /// Names were given (so "not found" errors apply, and selectors do not).
    pub named: bool,
}

/// Kinds real clusters have that kubeloop does not simulate.
const NOT_SIMULATED: &[&str] = &[
    "persistentvolumes",
    "pv",
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
        let plurals: Vec<&str> = REGISTRY.iter().map(|i| i.plural).collect();
        let (last, rest) = plurals.split_last().unwrap_or((&"", &[]));
        return Err(KubectlError::Plain(format!(
            "kubeloop: {word} are not simulated in kubeloop (it models {} and {last})",
            rest.join(", ")
        )));
    }
    Err(KubectlError::Usage(format!("the server doesn't have a resource type \"{word}\"")))
}

/// cli-runtime's `missingResourceError` (resource/builder.go): no type, name or file given.
pub const MISSING_RESOURCE: &str = "You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'";

/// The builder's error when no resource type was given: `visitBySelector`'s when a selector
/// (or delete's `--all`) is set, `missingResourceError` otherwise.
pub fn no_resource(selector: bool) -> KubectlError {
    KubectlError::Usage(if selector {
        "at least one resource must be specified to use a selector".into()
    } else {
        MISSING_RESOURCE.into()
    })
}

/// Splits `TYPE/NAME` as cli-runtime's `splitResourceTypeName` (resource/builder.go) does:
/// `None` without a slash, kubectl's error for more than one slash or an empty or listed part.
pub fn split_type_name(arg: &str) -> Result<Option<(&str, &str)>, KubectlError> {
    let Some((ty, name)) = arg.split_once('/') else { return Ok(None) };
    if name.contains('/') {
        return Err(KubectlError::Usage(
            "arguments in resource/name form may not have more than one slash".into(),
        ));
    }
    if ty.is_empty() || name.is_empty() || ty.split(',').collect::<Vec<_>>().len() != 1 {
        return Err(KubectlError::Usage(
            "arguments in resource/name form must have a single resource and name".into(),
        ));
    }
    Ok(Some((ty, name)))
}

/// cli-runtime's `visitBySelector` refusing names: a label selector (or `--all`, where the
/// verb turns it into one) cannot be combined with named objects.
pub fn names_with_selector(args: &[String]) -> KubectlError {
    KubectlError::Usage(if args.iter().any(|a| a.contains('/')) {
        "selectors and the all flag cannot be used when passing resource/name arguments".into()
    } else {
        "name cannot be provided when a selector is specified".into()
    })
}

/// Parses the positional arguments of get/describe/delete/label, in the order of
/// cli-runtime's `ResourceTypeOrNameArgs` (resource/builder.go): `a,b x` becomes `a/x b/x`,
/// then either every argument is `TYPE/NAME` or none is.
pub fn select(args: &[String], allow_all: bool) -> Result<Selection, KubectlError> {
    let Some(first) = args.first() else {
        return Ok(Selection { items: Vec::new(), named: false });
    };
    // SplitResourceArgument: the listed types, each once, in order.
    let mut types: Vec<&str> = Vec::new();
    for ty in first.split(',') {
        if !types.contains(&ty) {
            types.push(ty);
        }
    }
    if args.len() >= 2 && types.len() > 1 {
        // normalizeMultipleResourcesArgs: each listed type with each name.
        let pairs: Vec<String> = types
            .iter()
            .flat_map(|ty| args[1..].iter().map(move |n| format!("{ty}/{n}")))
            .collect();
        return select(&pairs, allow_all);
    }
    if args.iter().any(|a| a.contains('/')) {
        if !args.iter().all(|a| a.contains('/')) {
            return Err(KubectlError::Usage("there is no need to specify a resource type as a separate argument when passing arguments in resource/name form (e.g. 'kubectl get resource/<resource_name>' instead of 'kubectl get resource resource/<resource_name>'".into()));
        }
        let mut items: Vec<(Kind, Vec<String>)> = Vec::new();
        let mut tuples = Vec::new();
        for a in args {
            if let Some(t) = split_type_name(a)? {
                tuples.push(t);
            }
        }
        for (ty, name) in tuples {
            let kind = kind_of(ty)?;
            match items.iter_mut().find(|(k, _)| *k == kind) {
                Some((_, names)) => names.push(name.to_string()),
                None => items.push((kind, vec![name.to_string()])),
            }
        }
        return Ok(Selection { items, named: true });
    }
    let mut kinds = Vec::new();
    for ty in types {
        if ty == "all" && allow_all {
            // `kubectl get all`'s category, in discovery's order: the core group, then the
            // named groups alphabetically, each group's resources alphabetically.
            let mut all: Vec<&KindInfo> =
                REGISTRY.iter().filter(|i| i.categories.contains(&"all")).collect();
            crate::sort::sort_by(&mut all, |a, b| {
                (a.group(), a.plural).cmp(&(b.group(), b.plural))
            });
            for k in all.into_iter().map(|i| i.kind) {
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
        // kubectl's `all` category: 10 kinds, ReplicationControllers among them.
        assert_eq!(sel("all").unwrap().items.len(), 10);
        assert!(sel("pods pod/x").is_err());
        assert_eq!(
            sel("foos").unwrap_err().to_string(),
            "error: the server doesn't have a resource type \"foos\""
        );
        assert!(sel("netpol").unwrap_err().to_string().contains("not simulated"));
        // Ingresses are not in `all`, as upstream's storage gives them no category.
        assert_eq!(sel("ing").unwrap().items, vec![(Kind::Ingress, vec![])]);
    }

    #[test]
    fn slash_forms_are_checked_like_cli_runtime() {
        assert_eq!(
            sel("rs/replicaset.apps/x").unwrap_err().to_string(),
            "error: arguments in resource/name form may not have more than one slash"
        );
        assert_eq!(
            sel("pod/").unwrap_err().to_string(),
            "error: arguments in resource/name form must have a single resource and name"
        );
        assert_eq!(
            sel("rs,pods/x").unwrap_err().to_string(),
            "error: arguments in resource/name form must have a single resource and name"
        );
    }

    #[test]
    fn a_type_list_with_names_names_each_type() {
        assert_eq!(
            sel("rs,pods x y").unwrap().items,
            vec![
                (Kind::ReplicaSet, vec!["x".to_string(), "y".to_string()]),
                (Kind::Pod, vec!["x".to_string(), "y".to_string()])
            ]
        );
    }
}
