//! The property a two-way patch exists for, over generated pairs of objects:
//! `apply(original, create_two_way(original, modified)) == modified`, and no change is `{}`.
//! The objects mix every kind of field the rules know: keyed lists nested in keyed lists
//! (containers, their env and ports), a list of primitives, maps, a replaced list, scalars.

use super::{apply, create_two_way};
use proptest::prelude::*;
use serde_json::{json, Map, Value};

/// Some of `names`, each at most once, in any order.
fn subset(names: &'static [&'static str]) -> impl Strategy<Value = Vec<&'static str>> {
    proptest::sample::subsequence(names.to_vec(), 0..=names.len()).prop_shuffle()
}

fn container() -> impl Strategy<Value = Map<String, Value>> {
    (
        prop::option::of(prop::sample::select(vec!["nginx:1.27", "nginx:1.28"])),
        prop::option::of(subset(&["A", "B", "C"])),
        prop::option::of(proptest::sample::subsequence(vec![80, 443, 8080], 0..=3).prop_shuffle()),
        prop::option::of(prop::sample::select(vec!["100m", "200m"])),
        any::<bool>(),
    )
        .prop_map(|(image, env, ports, cpu, value)| {
            let mut c = Map::new();
            if let Some(image) = image {
                c.insert("image".into(), json!(image));
            }
            if let Some(env) = env {
                let env: Vec<Value> =
                    env.iter().map(|n| json!({"name": n, "value": value.to_string()})).collect();
                c.insert("env".into(), Value::Array(env));
            }
            if let Some(ports) = ports {
                let ports: Vec<Value> = ports.iter().map(|p| json!({"containerPort": p})).collect();
                c.insert("ports".into(), Value::Array(ports));
            }
            if let Some(cpu) = cpu {
                c.insert("resources".into(), json!({"limits": {"cpu": cpu}}));
            }
            c
        })
}

fn object() -> impl Strategy<Value = Value> {
    let containers = subset(&["web", "log", "proxy"])
        .prop_flat_map(|names| {
            let n = names.len();
            (Just(names), prop::collection::vec(container(), n))
        })
        .prop_map(|(names, bodies)| {
            let list: Vec<Value> = names
                .into_iter()
                .zip(bodies)
                .map(|(name, mut c)| {
                    c.insert("name".into(), json!(name));
                    Value::Object(c)
                })
                .collect();
            list
        });
    (
        containers,
        // Upstream sends no order for a list of primitives that is only out of sort order
        // (see `a_primitive_list_reordered_into_sort_order_sends_nothing`), so the generated
        // finalizers keep theirs.
        proptest::sample::subsequence(vec!["a.io/x", "b.io/y", "c.io/z"], 0..=3),
        prop::option::of(subset(&["app", "tier", "track"])),
        prop::option::of(any::<bool>()),
        prop::option::of(subset(&["t1", "t2"])),
    )
        .prop_map(|(containers, finalizers, labels, unschedulable, tolerations)| {
            let mut metadata = json!({"name": "web", "finalizers": finalizers});
            if let Some(labels) = labels {
                metadata["labels"] = labels.iter().map(|l| (l.to_string(), json!("v"))).collect();
            }
            let mut spec = json!({"template": {"spec": {"containers": containers}}});
            if let Some(u) = unschedulable {
                spec["unschedulable"] = json!(u);
            }
            if let Some(t) = tolerations {
                let t: Vec<Value> = t.iter().map(|k| json!({"key": k})).collect();
                spec["tolerations"] = Value::Array(t);
            }
            json!({"kind": "Deployment", "metadata": metadata, "spec": spec})
        })
}

proptest! {
    #[test]
    fn a_two_way_patch_turns_original_into_modified(original in object(), modified in object()) {
        let patch = create_two_way(&original, &modified).unwrap();
        prop_assert_eq!(apply(&original, &patch).unwrap(), modified, "patch {}", patch);
        prop_assert_eq!(create_two_way(&original, &original).unwrap(), json!({}));
    }
}

/// Upstream's `diffListsOfScalars` sorts `original` in place before `diffLists` asks whether
/// the lists differ, so a merging list of primitives changed only into sort order sends no
/// order at all, and the server keeps the old one; an unchanged list out of sort order sends
/// its order. kubectl sends these bytes, so this does too (the fix proposed upstream,
/// kubernetes/kubernetes pull 103797, was closed unmerged).
#[test]
fn a_primitive_list_reordered_into_sort_order_sends_nothing() {
    let original = json!({"metadata": {"finalizers": ["b", "a"]}});
    let sorted = json!({"metadata": {"finalizers": ["a", "b"]}});
    assert_eq!(create_two_way(&original, &sorted).unwrap(), json!({}));
    // Out of sort order the other way, the order is sent (and an unchanged list out of sort
    // order sends its order too).
    assert_eq!(
        create_two_way(&sorted, &original).unwrap(),
        json!({"metadata": {"$setElementOrder/finalizers": ["b", "a"]}})
    );
    assert_eq!(
        create_two_way(&original, &original).unwrap(),
        json!({"metadata": {"$setElementOrder/finalizers": ["b", "a"]}})
    );
}
