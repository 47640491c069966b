//! GET: one object, a list (label and field selectors, `limit` and `continue`), or a watch
//! (apiserver handlers/get.go `ListResource`, registry store.go `List`, storage's
//! `SelectionPredicate`; continue tokens from storage/etcd3's `encodeContinue`).
//!
//! A list is served from the current state, ordered by namespace and name as etcd keys are.
//! A continue token holds the resourceVersion and the last key served; the next page starts
//! after that key in the state of its own moment (etcd would serve the old snapshot).

use serde_json::{json, Value};

use crate::labels::selector::{self, Selector};
use crate::model::{Kind, Object};
use crate::store::Key;
use crate::world::World;

use super::conversion::object_json;
use super::fields::FieldSelector;
use super::path::Resource;
use super::table::{self, Include};
use super::{Query, Request, Response, Status, WatchSpec};

/// Every object of `kind`, in `ns` or everywhere, in key order.
pub(super) fn all(world: &World, kind: Kind, ns: Option<&str>) -> Vec<Object> {
    crate::kinds::ops(kind).list(&world.store, ns, None)
}

pub(super) fn one(world: &World, kind: Kind, ns: &str, name: &str) -> Option<Object> {
    let ns = if kind.namespaced() { ns } else { "" };
    world.store.get_object(kind, &Key::new(ns, name))
}

/// The object a request on `res` names, or its 404.
pub(super) fn current(
    world: &World,
    kind: Kind,
    res: &Resource,
    name: &str,
) -> Result<Object, Status> {
    let ns = res.namespace.as_deref().unwrap_or("");
    one(world, kind, ns, name).ok_or_else(|| Status::not_found(kind, name))
}

fn table_include(req: &Request, q: &Query) -> Result<Option<Include>, Status> {
    if !table::wanted(req.accept) {
        return Ok(None);
    }
    Include::parse(q.include_object.as_deref()).map(Some).map_err(Status::bad_request)
}

pub(super) fn get(
    world: &World,
    req: &Request,
    kind: Kind,
    res: &Resource,
    name: &str,
) -> Result<Response, Status> {
    let obj = current(world, kind, res, name)?;
    let q = Query::default();
    if let Some(include) = table_include(req, &q)? {
        let rv = obj.meta().resource_version.clone();
        return Ok(Response::ok(table::table(kind, &[&obj], include, &rv, world.now())));
    }
    Ok(Response::ok(object_json(&obj, res.api_version == "autoscaling/v1")))
}

/// The label and field selectors of a list or watch, or the 400 the API server gives.
fn selectors(q: &Query, kind: Kind) -> Result<(Selector, FieldSelector), Status> {
    let labels = match q.label_selector.as_deref().map(str::trim) {
        None | Some("") => Selector::everything(),
        Some(raw) => selector::parse(raw).map_err(|e| Status::bad_request(e.to_string()))?,
    };
    let fields = FieldSelector::new(q.field_selector.as_deref());
    fields.check(kind).map_err(Status::bad_request)?;
    Ok((labels, fields))
}

fn continue_after(token: &str) -> Result<(u64, Key), Status> {
    let bad = || Status::bad_request(format!("continue key is not valid: {token:?}"));
    let (rv, key) = token.split_once(':').ok_or_else(bad)?;
    let (ns, name) = key.split_once('/').ok_or_else(bad)?;
    Ok((rv.parse().map_err(|_| bad())?, Key::new(ns, name)))
}

pub(super) fn list(
    world: &World,
    req: &Request,
    q: &Query,
    kind: Kind,
    res: &Resource,
) -> Result<Response, Status> {
    let (labels, fields) = selectors(q, kind)?;
    let include = table_include(req, q)?;
    let filtered = q.label_selector.is_some() || q.field_selector.is_some();
    // The fields the API server indexes (events by `involvedObject.uid`, as describe searches
    // them; pods by `spec.nodeName`, as describe node and drain list them): objects that
    // cannot match are passed over before their JSON is built for the full match.
    let uid = fields.equal_to("involvedObject.uid");
    let node = fields.equal_to("spec.nodeName");
    let indexed = |o: &Object| match o {
        Object::Event(e) => uid.is_none_or(|u| e.involved_object.uid == u),
        Object::Pod(p) => node.is_none_or(|n| p.spec.node_name.as_deref().unwrap_or("") == n),
        _ => true,
    };
    let mut objects: Vec<Object> = all(world, kind, res.namespace.as_deref())
        .into_iter()
        .filter(indexed)
        .filter(|o| labels.matches(&o.meta().labels))
        .filter(|o| !fields.given() || fields.matches(kind, &o.to_json()))
        .collect();
    let rv = world.store.resource_version();
    if let Some(token) = &q.continue_token {
        let (_, after) = continue_after(token)?;
        objects.retain(|o| Key::of(o.meta(), kind) > after);
    }
    let mut metadata = json!({ "resourceVersion": rv.to_string() });
    if let Some(limit) = q.limit.map(|l| l as usize).filter(|&l| l < objects.len()) {
        let rest = objects.len() - limit;
        objects.truncate(limit);
        if let Some(last) = objects.last() {
            let key = Key::of(last.meta(), kind);
            metadata["continue"] = format!("{rv}:{}/{}", key.ns, key.name).into();
        }
        if !filtered {
            metadata["remainingItemCount"] = rest.into();
        }
    }
    if let Some(include) = include {
        let refs: Vec<&Object> = objects.iter().collect();
        let mut t = table::table(kind, &refs, include, &rv.to_string(), world.now());
        t["metadata"] = metadata;
        return Ok(Response::ok(t));
    }
    let v1 = res.api_version == "autoscaling/v1";
    // List items carry no kind or apiVersion of their own: the list says them once.
    let items: Vec<Value> = objects
        .iter()
        .map(|o| {
            let mut v = object_json(o, v1);
            if let Some(m) = v.as_object_mut() {
                m.shift_remove("kind");
                m.shift_remove("apiVersion");
            }
            v
        })
        .collect();
    Ok(Response::ok(json!({
        "kind": format!("{}List", kind.as_str()),
        "apiVersion": res.api_version,
        "metadata": metadata,
        "items": items,
    })))
}

pub(super) fn watch(
    world: &World,
    req: &Request,
    q: &Query,
    kind: Kind,
    res: &Resource,
) -> Result<WatchSpec, Status> {
    let (labels, fields) = selectors(q, kind)?;
    let include = table_include(req, q)?;
    let current = all(world, kind, res.namespace.as_deref());
    WatchSpec::objects(
        world,
        kind,
        res.namespace.clone(),
        labels,
        fields,
        current,
        q,
        res.api_version == "autoscaling/v1",
        include,
    )
}
