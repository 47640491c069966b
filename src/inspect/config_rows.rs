//! What the inspector shows of a ConfigMap or Secret: its keys (a Secret's values stay
//! hidden, as `kubectl describe` hides them, with their sizes) and the pods that read it, so
//! a teacher can follow the chip on the graph to what depends on it.

use kubeloop::model::{ConfigMap, Kind, Object, Pod, Secret};
use kubeloop::store::Store;

use super::compare::compare;
use super::Compare;
use crate::view::read_by;
use crate::words::Words;

// In the page's split build the rows ship with the course part (`crate::lazy::course`):
// only its commands make a ConfigMap or Secret.
type Rows = fn(&Store, &Object, &Words) -> Vec<Compare>;

crate::lazy::seam!(Rows = rows_of);

/// The rows of a ConfigMap or Secret; none of another kind.
pub(super) fn rows(store: &Store, obj: &Object, w: &Words) -> Vec<Compare> {
    linked().map_or_else(Vec::new, |rows| rows(store, obj, w))
}

fn rows_of(store: &Store, obj: &Object, w: &Words) -> Vec<Compare> {
    match obj {
        Object::ConfigMap(c) => config_map_rows(store, c, w),
        Object::Secret(s) => secret_rows(store, s, w),
        _ => Vec::new(),
    }
}

fn config_map_rows(store: &Store, c: &ConfigMap, w: &Words) -> Vec<Compare> {
    let keys: Vec<String> = c.data.keys().chain(c.binary_data.keys()).map(String::clone).collect();
    vec![
        compare(&w.t("insp-row-keys"), "", listed(keys, w.t("insp-word-none")), true),
        readers(store, Kind::ConfigMap, &c.metadata.namespace, &c.metadata.name, w),
    ]
}

fn secret_rows(store: &Store, s: &Secret, w: &Words) -> Vec<Compare> {
    let keys: Vec<String> = s
        .data
        .iter()
        .map(|(k, v)| {
            w.with("insp-secret-key", &[("key", k.as_str().into()), ("size", v.0.len().into())])
        })
        .collect();
    vec![
        compare(&w.t("insp-row-type"), "", s.type_.clone(), true),
        compare(&w.t("insp-row-keys"), "", listed(keys, w.t("insp-word-none")), true),
        readers(store, Kind::Secret, &s.metadata.namespace, &s.metadata.name, w),
    ]
}

fn listed(items: Vec<String>, none: String) -> String {
    if items.is_empty() {
        none
    } else {
        items.join(", ")
    }
}

/// The pods in `ns` whose spec reads the object (`env`, `envFrom`, volumes).
fn readers(store: &Store, kind: Kind, ns: &str, name: &str, w: &Words) -> Compare {
    let pods: Vec<String> = store
        .list::<Pod>(Some(ns), None)
        .filter(|p| read_by(&p.spec).iter().any(|(k, n)| *k == kind && n == name))
        .map(|p| p.metadata.name.clone())
        .collect();
    compare(&w.t("insp-row-read-by"), "", listed(pods, w.t("insp-no-pod")), true)
}

#[cfg(test)]
mod tests {
    use kubeloop::kubectl::Mode;
    use kubeloop::model::Kind;
    use kubeloop::session::Session;
    use kubeloop::world::World;

    use crate::inspect::inspect;
    use crate::selection::ObjRef;

    #[test]
    fn a_config_map_lists_its_keys_and_the_pods_that_read_it() {
        let mut s = Session::new(World::new(1), Mode::Script);
        let lines = [
            "k create configmap settings --from-literal=mode=fast --from-literal=size=large",
            "k create secret generic db --from-literal=password=s3cret",
            "k create deployment web --image=nginx:1.27",
            "k set env deploy/web --from=configmap/settings",
        ];
        for line in lines {
            assert_eq!(s.run(line).status, 0, "{line}");
        }
        s.world.settle();
        let rows = |kind: Kind, name: &str| -> Vec<(String, String)> {
            let i = inspect(&s.world, &ObjRef::new(kind, "default", name)).expect("inspected");
            i.rows.iter().map(|r| (r.field.clone(), r.observed.clone())).collect()
        };
        let cm = rows(Kind::ConfigMap, "settings");
        assert_eq!(cm[0], ("Keys".to_string(), "mode, size".to_string()));
        assert!(cm[1].0 == "Read by" && cm[1].1.starts_with("web-"), "{cm:?}");
        let secret = rows(Kind::Secret, "db");
        assert_eq!(secret[1], ("Keys".to_string(), "password (6 bytes)".to_string()));
        assert_eq!(secret[2], ("Read by".to_string(), "no pod".to_string()));
    }
}
