//! The merge keys and strategies of the list fields kubeloop models, and the directive
//! names, shared by `apply` (the server's side) and `create_two_way` (kubectl's side) so the
//! two read one table.

/// How a list field is merged.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Strategy {
    Replace,
    /// `patchStrategy:"merge" patchMergeKey:"..."`.
    ByKey(&'static str),
    /// `patchStrategy:"merge"` on a list of strings.
    Primitives,
}

/// The tagged list fields, as the end of their path (`containers` inside any pod spec,
/// `ports` inside a container). core/v1 types.go and meta/v1 types.go.
pub(super) const RULES: &[(&[&str], Strategy)] = &[
    (&["spec", "containers"], Strategy::ByKey("name")),
    (&["spec", "initContainers"], Strategy::ByKey("name")),
    (&["spec", "ephemeralContainers"], Strategy::ByKey("name")),
    (&["spec", "volumes"], Strategy::ByKey("name")),
    (&["spec", "imagePullSecrets"], Strategy::ByKey("name")),
    (&["spec", "hostAliases"], Strategy::ByKey("ip")),
    (&["spec", "topologySpreadConstraints"], Strategy::ByKey("topologyKey")),
    (&["spec", "resourceClaims"], Strategy::ByKey("name")),
    (&["spec", "schedulingGates"], Strategy::ByKey("name")),
    (&["containers", "ports"], Strategy::ByKey("containerPort")),
    (&["initContainers", "ports"], Strategy::ByKey("containerPort")),
    (&["containers", "env"], Strategy::ByKey("name")),
    (&["initContainers", "env"], Strategy::ByKey("name")),
    (&["containers", "volumeMounts"], Strategy::ByKey("mountPath")),
    (&["initContainers", "volumeMounts"], Strategy::ByKey("mountPath")),
    (&["containers", "volumeDevices"], Strategy::ByKey("devicePath")),
    (&["initContainers", "volumeDevices"], Strategy::ByKey("devicePath")),
    // ServiceSpec.Ports (a pod spec has no `ports` of its own).
    (&["spec", "ports"], Strategy::ByKey("port")),
    (&["spec", "podCIDRs"], Strategy::Primitives),
    (&["metadata", "ownerReferences"], Strategy::ByKey("uid")),
    (&["metadata", "finalizers"], Strategy::Primitives),
    (&["status", "conditions"], Strategy::ByKey("type")),
    (&["status", "podIPs"], Strategy::ByKey("ip")),
    (&["status", "hostIPs"], Strategy::ByKey("ip")),
    (&["status", "addresses"], Strategy::ByKey("type")),
];

pub(super) const DIRECTIVE: &str = "$patch";
pub(super) const RETAIN_KEYS: &str = "$retainKeys";
pub(super) const DELETE_FROM_PRIMITIVE: &str = "$deleteFromPrimitiveList/";
pub(super) const SET_ELEMENT_ORDER: &str = "$setElementOrder/";

/// The fields tagged `patchStrategy:"retainKeys"` (apps/v1 types.go `DeploymentSpec.Strategy`)
/// or `"merge,retainKeys"` (core/v1 types.go `PodSpec.Volumes`): a diff of such a map, or of an
/// item of such a list, names the keys it keeps in `$retainKeys`, so the server clears the
/// others (a `rollingUpdate` left behind by a switch to `Recreate`).
const RETAIN_KEYS_FIELDS: &[&[&str]] = &[&["spec", "strategy"], &["spec", "volumes"]];

fn ends_with(path: &[String], suffix: &[&str]) -> bool {
    path.len() >= suffix.len()
        && path[path.len() - suffix.len()..].iter().zip(suffix.iter()).all(|(a, b)| a == b)
}

/// The strategy of the list at `path` (field names from the root, list items not counted).
pub(super) fn strategy(path: &[String]) -> Strategy {
    RULES.iter().find(|(suffix, _)| ends_with(path, suffix)).map_or(Strategy::Replace, |(_, s)| *s)
}

/// Whether the field at `path` carries the `retainKeys` strategy.
pub(super) fn retains_keys(path: &[String]) -> bool {
    RETAIN_KEYS_FIELDS.iter().any(|suffix| ends_with(path, suffix))
}
