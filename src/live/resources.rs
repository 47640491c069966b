//! What live mode reads, and where each kind lives in the REST API. Paths are always from the
//! page's origin root (`/api/...`, `/apis/...`): `kubeloop serve` and `kubectl proxy --www`
//! both serve the page and the API from one origin, so no URL or credential is configured.

use kubeloop::model::Kind;

/// The kinds mirrored: every kind the engine stores but Endpoints (the graph and `describe
/// service` read EndpointSlices), in the registry's order.
pub const KINDS: [Kind; Kind::ALL.len() - 1] = mirrored();

const fn mirrored() -> [Kind; Kind::ALL.len() - 1] {
    let mut out = [Kind::Deployment; Kind::ALL.len() - 1];
    let (mut i, mut j) = (0, 0);
    while i < Kind::ALL.len() {
        if !matches!(Kind::ALL[i], Kind::Endpoints) {
            out[j] = Kind::ALL[i];
            j += 1;
        }
        i += 1;
    }
    out
}

/// Kinds watched on a connection of their own for as long as it lasts; the rest take turns
/// on one connection with short watches (`Lane::Shared`). A browser opens at most six
/// connections to one origin over HTTP/1.1, and a request beyond them waits for a free one:
/// four long watches, the decisions stream and the shared lane leave room for writes only if
/// the lane's watches are short, so a click never waits behind a watch.
pub fn is_long(kind: Kind) -> bool {
    matches!(kind, Kind::Pod | Kind::ReplicaSet | Kind::Deployment | Kind::Event)
}

/// The collection a kind's objects of namespace `ns` are listed, watched and created in.
pub fn collection(kind: Kind, ns: &str) -> String {
    let base = match kind.group() {
        "" => format!("/api/{}", kind.version()),
        g => format!("/apis/{g}/{}", kind.version()),
    };
    if kind.namespaced() {
        format!("{base}/namespaces/{ns}/{}", kind.plural())
    } else {
        format!("{base}/{}", kind.plural())
    }
}

/// One object's path.
pub fn item(kind: Kind, ns: &str, name: &str) -> String {
    format!("{}/{name}", collection(kind, ns))
}

/// A watch from `rv` on, with bookmarks; `timeout` ends it server-side after that many
/// seconds (the shared lane's turns).
pub fn watch(kind: Kind, ns: &str, rv: &str, timeout: Option<u32>) -> String {
    let mut url =
        format!("{}?watch=1&resourceVersion={rv}&allowWatchBookmarks=true", collection(kind, ns));
    if let Some(t) = timeout {
        url.push_str(&format!("&timeoutSeconds={t}"));
    }
    url
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_follow_the_api_groups_and_scopes() {
        assert_eq!(collection(Kind::Pod, "default"), "/api/v1/namespaces/default/pods");
        assert_eq!(
            item(Kind::Deployment, "default", "web"),
            "/apis/apps/v1/namespaces/default/deployments/web"
        );
        assert_eq!(collection(Kind::Node, "default"), "/api/v1/nodes");
        assert_eq!(
            collection(Kind::HorizontalPodAutoscaler, "default"),
            "/apis/autoscaling/v2/namespaces/default/horizontalpodautoscalers"
        );
        assert_eq!(
            watch(Kind::Job, "default", "42", Some(1)),
            "/apis/batch/v1/namespaces/default/jobs?watch=1&resourceVersion=42&allowWatchBookmarks=true&timeoutSeconds=1"
        );
    }
}
