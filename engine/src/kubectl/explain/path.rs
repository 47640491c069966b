//! Splitting `TYPE.FIELD.FIELD` the way kubectl/pkg/explain/explain.go does: through
//! client-go's JSONPath parser, so `pods..spec` and `deployments.apps.spec` mean what they
//! mean to kubectl, and `pods.spec.containers[0]` is refused with its words.

use crate::model::Kind;

use super::KubectlError;

#[derive(Debug, PartialEq)]
enum Node {
    Field(String),
    /// `..`, JSONPath's recursive descent.
    Recursive,
    /// `[...]`: anything that is not a field.
    Other,
}

/// client-go jsonpath `Parse("{." + text + "}")` reduced to the node kinds explain tells
/// apart, after `jsonPathParse`'s trimming of one trailing dot.
fn nodes(text: &str) -> Result<Vec<Node>, KubectlError> {
    let text = text.strip_suffix('.').unwrap_or(text);
    let body = format!(".{text}");
    let mut out = Vec::new();
    let mut rest = body.as_str();
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("..") {
            out.push(Node::Recursive);
            rest = after;
            continue;
        }
        if rest.starts_with('[') {
            out.push(Node::Other);
            break;
        }
        let after = rest.strip_prefix('.').unwrap_or(rest);
        let end = after.find(['.', '[', '*']).unwrap_or(after.len());
        if after[end..].starts_with('*') {
            // parse.go parseInsideAction: a wildcard outside brackets.
            return Err(KubectlError::Usage("unrecognized character in action: U+002A '*'".into()));
        }
        out.push(Node::Field(after[..end].to_string()));
        rest = &after[end..];
    }
    Ok(out)
}

fn fields(nodes: &[Node], message: &str) -> Result<Vec<String>, KubectlError> {
    nodes
        .iter()
        .map(|n| match n {
            Node::Field(f) => Ok(f.clone()),
            _ => Err(KubectlError::Usage(message.into())),
        })
        .collect()
}

/// The resource named by the first node.
fn first(
    all: &[Node],
    resolve: impl Fn(&str) -> Result<Kind, KubectlError>,
) -> Result<Kind, KubectlError> {
    match all.first() {
        Some(Node::Field(resource)) => resolve(resource),
        _ => Err(KubectlError::Usage(
            "invalid jsonpath syntax, first node must be field node".into(),
        )),
    }
}

/// `SplitAndParseResourceRequest` (with `--api-version`): every node after the resource is
/// a field.
pub fn split(
    arg: &str,
    resolve: impl Fn(&str) -> Result<Kind, KubectlError>,
) -> Result<(Kind, Vec<String>), KubectlError> {
    let all = nodes(arg)?;
    let kind = first(&all, resolve)?;
    Ok((kind, fields(&all[1..], "invalid jsonpath syntax, all nodes must be field nodes")?))
}

/// `SplitAndParseResourceRequestWithMatchingPrefix`: when the argument starts with the
/// resource's `plural.group` (case as typed), the fields are what follows it; otherwise
/// every node after the first.
pub fn split_with_matching_prefix(
    arg: &str,
    resolve: impl Fn(&str) -> Result<Kind, KubectlError>,
) -> Result<(Kind, Vec<String>), KubectlError> {
    let all = nodes(arg)?;
    let kind = first(&all, resolve)?;
    const NOT_FIELD: &str = "invalid jsonpath syntax, first node must be field node";
    let group_resource = match kind.group() {
        "" => kind.plural().to_string(),
        g => format!("{}.{g}", kind.plural()),
    };
    if let Some(suffix) = arg.strip_prefix(group_resource.as_str()) {
        let trimmed = suffix.strip_suffix('.').unwrap_or(suffix);
        if trimmed.is_empty() {
            return Ok((kind, Vec::new()));
        }
        let suffix_nodes = nodes(suffix)?;
        return Ok((kind, fields(suffix_nodes.get(1..).unwrap_or_default(), NOT_FIELD)?));
    }
    Ok((kind, fields(&all[1..], NOT_FIELD)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn go(arg: &str) -> Result<(Kind, Vec<String>), String> {
        split_with_matching_prefix(arg, |r| {
            Kind::from_resource(r).ok_or_else(|| KubectlError::Plain(format!("no {r}")))
        })
        .map_err(|e| e.to_string())
    }

    fn strs(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn aliases_and_dotted_paths_split_into_kind_and_fields() {
        assert_eq!(go("po.spec.containers"), Ok((Kind::Pod, strs(&["spec", "containers"]))));
        assert_eq!(go("deployments.apps.spec"), Ok((Kind::Deployment, strs(&["spec"]))));
        assert_eq!(go("endpointslices.discovery.k8s.io"), Ok((Kind::EndpointSlice, vec![])));
        assert_eq!(go("pods."), Ok((Kind::Pod, vec![])));
        assert_eq!(go("pods.spec."), Ok((Kind::Pod, strs(&["spec"]))));
    }

    #[test]
    fn a_group_after_a_short_name_is_a_field_as_in_kubectl() {
        // No `deployments.apps` prefix to match: every node after the first is a field.
        assert_eq!(go("deploy.apps.spec"), Ok((Kind::Deployment, strs(&["apps", "spec"]))));
        // The prefix match skips the recursive-descent node a double dot makes.
        assert_eq!(go("pods..spec"), Ok((Kind::Pod, strs(&["spec"]))));
        assert_eq!(
            go("po..spec").unwrap_err(),
            "error: invalid jsonpath syntax, first node must be field node"
        );
    }

    #[test]
    fn brackets_and_wildcards_are_refused_with_jsonpath_words() {
        assert_eq!(
            go("pods.spec.containers[0]").unwrap_err(),
            "error: invalid jsonpath syntax, first node must be field node"
        );
        assert_eq!(
            go("pods.*").unwrap_err(),
            "error: unrecognized character in action: U+002A '*'"
        );
        assert_eq!(go("nope.spec").unwrap_err(), "no nope");
    }
}
