//! A command's writes, as requests to the real API server. The command runs against the
//! mirror, as the built-in cluster runs it (same parser, same checks, same output); what it
//! wrote there, the user's entries in the mirror's watch log, becomes the requests a kubectl
//! would have sent, and the mirror is put back: the truth comes back through the watch.
//! Models the requests of kubectl's resource helper (cli-runtime/pkg/resource/helper.go
//! `Create`, `Replace`, `DeleteWithOptions`) and of `kubectl scale` (the scale subresource).

use std::collections::BTreeMap;

use kubeloop::model::{Kind, Object, FINALIZER_FOREGROUND, FINALIZER_ORPHAN};
use kubeloop::store::Key;
use kubeloop::world::World;
use serde_json::{json, Value};

use super::resources;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    Post,
    Put,
    Patch,
    Delete,
}

impl Method {
    pub fn as_str(self) -> &'static str {
        match self {
            Method::Post => "POST",
            Method::Put => "PUT",
            Method::Patch => "PATCH",
            Method::Delete => "DELETE",
        }
    }
}

/// One request to send.
#[derive(Clone, Debug, PartialEq)]
pub struct Call {
    pub method: Method,
    pub path: String,
    /// JSON; a PATCH's is a JSON merge patch.
    pub body: String,
}

impl Call {
    pub fn content_type(&self) -> &'static str {
        match self.method {
            Method::Patch => "application/merge-patch+json",
            _ => "application/json",
        }
    }
}

/// The mirror's objects before a command, to compare with and to put back.
#[derive(Default)]
pub struct Before {
    objects: BTreeMap<(Kind, Key), Object>,
    /// Where the command's entries in the watch log begin.
    from: u64,
}

pub fn snapshot(world: &World) -> Before {
    let mut objects = BTreeMap::new();
    for kind in Kind::ALL {
        for key in world.mirror_keys(kind, None) {
            if let Some(obj) = world.store.get_object(kind, &key) {
                objects.insert((kind, key), obj);
            }
        }
    }
    Before { objects, from: world.store.watch.end() }
}

/// The requests for what the user wrote since `before`, in the order first written, and the
/// objects touched.
pub fn writes(world: &World, before: &Before) -> (Vec<Call>, Vec<(Kind, Key)>) {
    let mut touched: Vec<(Kind, Key)> = Vec::new();
    for e in world.store.watch.since(before.from).filter(|e| e.by.is_none()) {
        let kind = e.object.kind();
        // Events are the server's to write.
        let key = Key::of(e.object.meta(), kind);
        if kind != Kind::Event && !touched.iter().any(|(k, t)| *k == kind && *t == key) {
            touched.push((kind, key));
        }
    }
    let calls = touched
        .iter()
        .filter_map(|(kind, key)| {
            let old = before.objects.get(&(*kind, key.clone()));
            call(*kind, key, old, world.store.get_object(*kind, key).as_ref())
        })
        .collect();
    (calls, touched)
}

/// Puts the touched objects back as they were.
pub fn restore(world: &mut World, before: &Before, touched: &[(Kind, Key)]) {
    for (kind, key) in touched {
        match before.objects.get(&(*kind, key.clone())) {
            Some(obj) => world.mirror_restore(obj.clone()),
            None => {
                world.mirror_remove(*kind, &key.ns, &key.name);
            }
        }
    }
}

fn call(kind: Kind, key: &Key, old: Option<&Object>, new: Option<&Object>) -> Option<Call> {
    let ns = if key.ns.is_empty() { "default" } else { &key.ns };
    let item = || resources::item(kind, ns, &key.name);
    match (old, new) {
        (None, None) => None,
        (None, Some(new)) => Some(Call {
            method: Method::Post,
            path: resources::collection(kind, ns),
            body: created(new).to_string(),
        }),
        (Some(_), None) => Some(delete(item(), "Background")),
        (Some(old), Some(new)) => {
            let (was, now) = (old.meta(), new.meta());
            if was.deletion_timestamp.is_none() && now.deletion_timestamp.is_some() {
                // The finalizer the store's DELETE added says which propagation was asked.
                let policy = if now.has_finalizer(FINALIZER_ORPHAN)
                    && !was.has_finalizer(FINALIZER_ORPHAN)
                {
                    "Orphan"
                } else if now.has_finalizer(FINALIZER_FOREGROUND)
                    && !was.has_finalizer(FINALIZER_FOREGROUND)
                {
                    "Foreground"
                } else {
                    "Background"
                };
                return Some(delete(item(), policy));
            }
            let (old_v, new_v) = (to_json(old), to_json(new));
            if let Some(replicas) = only_replicas_changed(&old_v, &new_v) {
                return Some(Call {
                    method: Method::Patch,
                    path: format!("{}/scale", item()),
                    body: json!({"spec": {"replicas": replicas}}).to_string(),
                });
            }
            let mut body = new_v;
            // The server's version the change was made to: a PUT over a newer one is a
            // Conflict, as it is for kubectl.
            body["metadata"]["resourceVersion"] = json!(was.resource_version);
            // The server keeps its own record of writers when a PUT names none.
            if let Some(meta) = body.get_mut("metadata").and_then(Value::as_object_mut) {
                meta.shift_remove("managedFields");
            }
            if comparable(&body) == comparable(&old_v) {
                return None;
            }
            Some(Call { method: Method::Put, path: item(), body: body.to_string() })
        }
    }
}

fn delete(path: String, policy: &str) -> Call {
    Call {
        method: Method::Delete,
        path,
        body: json!({"kind": "DeleteOptions", "apiVersion": "v1", "propagationPolicy": policy})
            .to_string(),
    }
}

fn to_json(obj: &Object) -> Value {
    serde_json::to_value(obj).unwrap_or(Value::Null)
}

/// A new object as a client sends it: without what the server sets.
fn created(obj: &Object) -> Value {
    let mut v = to_json(obj);
    if let Some(meta) = v.get_mut("metadata").and_then(Value::as_object_mut) {
        for field in ["uid", "resourceVersion", "creationTimestamp", "generation", "managedFields"]
        {
            meta.remove(field);
        }
    }
    if let Some(map) = v.as_object_mut() {
        map.remove("status");
    }
    v
}

/// What an update compares: not the fields the mirror's store bumps itself.
fn comparable(v: &Value) -> Value {
    let mut v = v.clone();
    if let Some(meta) = v.get_mut("metadata").and_then(Value::as_object_mut) {
        meta.remove("generation");
        meta.remove("resourceVersion");
        meta.shift_remove("managedFields");
    }
    v
}

/// The new replica count when nothing else changed: `kubectl scale`'s write.
fn only_replicas_changed(old: &Value, new: &Value) -> Option<Value> {
    let replicas = new.pointer("/spec/replicas")?.clone();
    if old.pointer("/spec/replicas") == Some(&replicas) {
        return None;
    }
    let mut scaled = comparable(old);
    *scaled.pointer_mut("/spec/replicas")? = replicas.clone();
    (scaled == comparable(new)).then_some(replicas)
}
