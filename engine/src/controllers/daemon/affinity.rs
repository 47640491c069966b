//! Whether a node satisfies a pod's `nodeSelector` and required node affinity: the half of
//! the DaemonSet controller's `predicates` that reads labels. Taints are `predicates.rs`.
//!
//! Models staging/src/k8s.io/component-helpers/scheduling/corev1/nodeaffinity/nodeaffinity.go
//! (`GetRequiredNodeAffinity`, `RequiredNodeAffinity.Match`, `NodeSelector.Match`) and the
//! requirement semantics of apimachinery/pkg/labels/selector.go. Both fields are JSON in the
//! model (`spec.nodeSelector`, `spec.affinity`), so they are read here as JSON; preferred
//! affinity and pod (anti-)affinity are the scheduler's business and are not read.

use serde_json::Value;

use crate::model::{Node, PodSpec};

/// `metav1.ObjectNameField`: the one field `matchFields` may name.
const OBJECT_NAME_FIELD: &str = "metadata.name";

/// `GetRequiredNodeAffinity(pod).Match(node)`: every `nodeSelector` label matches, and when
/// required node affinity is set, at least one of its terms matches.
///
/// The DaemonSet controller ignores parse errors "for backwards compatibility": a malformed
/// term simply matches nothing, and so does a malformed `nodeSelector`.
pub fn required_node_affinity_matches(spec: &PodSpec, node: &Node) -> bool {
    if let Some(selector) = spec.node_selector.as_deref() {
        let Some(map) = selector.as_object() else { return false };
        let labels = &node.metadata.labels;
        let all = map
            .iter()
            .all(|(k, v)| v.as_str().is_some_and(|v| labels.get(k).map(String::as_str) == Some(v)));
        if !all {
            return false;
        }
    }
    let required = spec
        .affinity
        .as_deref()
        .and_then(|a| a.get("nodeAffinity"))
        .and_then(|n| n.get("requiredDuringSchedulingIgnoredDuringExecution"));
    match required {
        None | Some(Value::Null) => true,
        Some(selector) => node_selector_matches(selector, node),
    }
}

/// `NodeSelector.Match`: the terms are ORed. A term with neither expressions nor fields
/// matches nothing (`nodeSelectorTerms: [{}]` selects no node).
fn node_selector_matches(selector: &Value, node: &Node) -> bool {
    let terms = selector.get("nodeSelectorTerms").and_then(Value::as_array);
    terms.is_some_and(|terms| terms.iter().any(|t| term_matches(t, node)))
}

fn term_matches(term: &Value, node: &Node) -> bool {
    let list = |field: &str| -> Option<Vec<&Value>> {
        match term.get(field) {
            None | Some(Value::Null) => Some(Vec::new()),
            Some(Value::Array(items)) => Some(items.iter().collect()),
            Some(_) => None,
        }
    };
    let (Some(expressions), Some(fields)) = (list("matchExpressions"), list("matchFields")) else {
        return false;
    };
    if expressions.is_empty() && fields.is_empty() {
        return false;
    }
    expressions.iter().all(|r| label_requirement_matches(r, node) == Some(true))
        && fields.iter().all(|r| field_requirement_matches(r, node) == Some(true))
}

/// The parts of a `NodeSelectorRequirement`, or `None` when malformed.
fn parts(req: &Value) -> Option<(&str, &str, Vec<&str>)> {
    let key = req.get("key")?.as_str()?;
    let op = req.get("operator")?.as_str()?;
    let values = match req.get("values") {
        None | Some(Value::Null) => Vec::new(),
        Some(v) => v.as_array()?.iter().map(Value::as_str).collect::<Option<Vec<_>>>()?,
    };
    Some((key, op, values))
}

/// One `matchExpressions` entry against the node's labels: `Some(matches)`, or `None` when
/// the requirement would not parse (In/NotIn without values, Exists with values, Gt/Lt
/// without exactly one integer).
fn label_requirement_matches(req: &Value, node: &Node) -> Option<bool> {
    let (key, op, values) = parts(req)?;
    let label = node.metadata.labels.get(key).map(String::as_str);
    match op {
        "In" | "NotIn" if values.is_empty() => None,
        "In" => Some(label.is_some_and(|l| values.contains(&l))),
        "NotIn" => Some(!label.is_some_and(|l| values.contains(&l))),
        "Exists" | "DoesNotExist" if !values.is_empty() => None,
        "Exists" => Some(label.is_some()),
        "DoesNotExist" => Some(label.is_none()),
        "Gt" | "Lt" => {
            let [bound] = values[..] else { return None };
            let bound: i64 = bound.parse().ok()?;
            // A label that is not an integer fails the requirement; it is not a parse error.
            let Some(have) = label.and_then(|l| l.parse::<i64>().ok()) else { return Some(false) };
            Some(if op == "Gt" { have > bound } else { have < bound })
        }
        _ => None,
    }
}

/// One `matchFields` entry: only `metadata.name` with In/NotIn and exactly one value.
fn field_requirement_matches(req: &Value, node: &Node) -> Option<bool> {
    let (key, op, values) = parts(req)?;
    let [value] = values[..] else { return None };
    if key != OBJECT_NAME_FIELD {
        return None;
    }
    match op {
        "In" => Some(node.metadata.name == value),
        "NotIn" => Some(node.metadata.name != value),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn node(labels: &[(&str, &str)]) -> Node {
        let mut n = Node::default();
        n.metadata.name = "test-node".into();
        for (k, v) in labels {
            n.metadata.labels.insert(k.to_string(), v.to_string());
        }
        n
    }

    fn spec(selector: Option<Value>, affinity: Option<Value>) -> PodSpec {
        PodSpec {
            node_selector: selector.map(Box::new),
            affinity: affinity.map(Box::new),
            ..Default::default()
        }
    }

    fn required(terms: Value) -> Value {
        json!({"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": terms}}})
    }

    fn expr(key: &str, op: &str, values: &[&str]) -> Value {
        json!({"key": key, "operator": op, "values": values})
    }

    #[test]
    fn no_selector_and_no_affinity_match_every_node() {
        assert!(required_node_affinity_matches(&spec(None, None), &node(&[])));
    }

    #[test]
    fn every_node_selector_label_must_match() {
        let n = node(&[("name", "simple-daemon"), ("type", "production")]);
        let sel = |v| spec(Some(v), None);
        assert!(required_node_affinity_matches(&sel(json!({"type": "production"})), &n));
        assert!(!required_node_affinity_matches(&sel(json!({"type": "test"})), &n));
        assert!(!required_node_affinity_matches(&sel(json!({"zone": "a"})), &n));
        assert!(required_node_affinity_matches(&sel(json!({})), &n));
    }

    #[test]
    fn terms_are_ored_and_expressions_within_a_term_anded() {
        let n = node(&[("type", "production"), ("cores", "8")]);
        let aff = |terms| spec(None, Some(required(terms)));
        let yes = expr("type", "In", &["production"]);
        let no = expr("type", "In", &["test"]);
        assert!(required_node_affinity_matches(
            &aff(json!([{"matchExpressions": [no]}, {"matchExpressions": [yes]}])),
            &n
        ));
        assert!(!required_node_affinity_matches(
            &aff(json!([{"matchExpressions": [yes, no]}])),
            &n
        ));
        assert!(
            !required_node_affinity_matches(&aff(json!([{}])), &n),
            "an empty term selects nothing"
        );
        assert!(!required_node_affinity_matches(&aff(json!([])), &n), "no terms select nothing");
    }

    #[test]
    fn each_operator_reads_the_label_as_upstream() {
        let n = node(&[("type", "production"), ("cores", "8"), ("odd", "x")]);
        let one = |e: Value| {
            required_node_affinity_matches(
                &spec(None, Some(required(json!([{"matchExpressions": [e]}])))),
                &n,
            )
        };
        assert!(one(expr("type", "NotIn", &["test"])));
        assert!(one(expr("zone", "NotIn", &["a"])), "NotIn matches an absent label");
        assert!(one(json!({"key": "type", "operator": "Exists"})));
        assert!(!one(json!({"key": "type", "operator": "DoesNotExist"})));
        assert!(one(json!({"key": "zone", "operator": "DoesNotExist"})));
        assert!(one(expr("cores", "Gt", &["4"])));
        assert!(!one(expr("cores", "Lt", &["4"])));
        assert!(!one(expr("odd", "Gt", &["4"])), "a non-integer label fails Gt");
        assert!(!one(expr("type", "In", &[])), "In without values does not parse");
        assert!(!one(expr("type", "Exists", &["x"])), "Exists with values does not parse");
        assert!(!one(expr("cores", "Gt", &["4", "5"])));
        assert!(!one(expr("type", "Near", &["production"])));
    }

    #[test]
    fn match_fields_select_by_node_name_only() {
        let n = node(&[]);
        let one = |e: Value| {
            required_node_affinity_matches(
                &spec(None, Some(required(json!([{"matchFields": [e]}])))),
                &n,
            )
        };
        assert!(one(expr("metadata.name", "In", &["test-node"])));
        assert!(!one(expr("metadata.name", "In", &["other"])));
        assert!(one(expr("metadata.name", "NotIn", &["other"])));
        assert!(!one(expr("metadata.name", "In", &["test-node", "other"])), "one value only");
        assert!(!one(expr("metadata.labels", "In", &["test-node"])));
    }

    #[test]
    fn selector_and_affinity_must_both_hold() {
        let n = node(&[("type", "production")]);
        let aff = required(json!([{"matchExpressions": [expr("type", "In", &["production"])]}]));
        assert!(required_node_affinity_matches(
            &spec(Some(json!({"type": "production"})), Some(aff.clone())),
            &n
        ));
        assert!(!required_node_affinity_matches(
            &spec(Some(json!({"type": "test"})), Some(aff)),
            &n
        ));
        // Affinity without a nodeAffinity (only pod affinity, say) does not restrict nodes.
        assert!(required_node_affinity_matches(&spec(None, Some(json!({"podAffinity": {}}))), &n));
    }
}
