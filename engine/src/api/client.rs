//! The client side of the API: one typed request (`Call`), one answer (`Answer`), and the
//! `Api` a transport implements. kubectl builds calls as upstream's kubectl builds REST
//! requests (client-go rest/request.go: verb, namespace, resource, name, subresource, query
//! parameters, body) and reads answers as client-go does (a 2xx body is the object, anything
//! else a `metav1.Status`). Where the answer comes from is the transport's business:
//! in-process (`local.rs`, the built-in cluster), or over HTTP (live mode, `kubeloop serve`,
//! a real cluster through `kubectl proxy`).

use serde_json::Value;

use crate::model::{Kind, Object};

use super::patch::PatchType;

/// The User-Agent the command box's kubectl sends, as rest.DefaultKubernetesUserAgent
/// forms it: a write that names no `fieldManager` is recorded under its first word.
pub const USER_AGENT: &str = "kubectl/v1.34.1 (linux/amd64) kubernetes/kubeloop";

pub use super::answer::{Answer, Refusal};

/// What a request does, as client-go's verbs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verb {
    Get,
    List,
    Create,
    Update,
    Patch(PatchType),
    Delete,
    /// A DELETE of a collection, filtered as a list is (client-go's `DeleteCollection`;
    /// `DeleteOptions` in the body, selectors in the query).
    DeleteCollection,
    /// A list's changes from a resourceVersion on (`?watch=true`), as client-go's `Watch`.
    Watch,
}

/// One request to the API server, typed. `path()`, `method()` and the headers give its HTTP
/// form for the transports that send bytes.
#[derive(Clone, Debug, PartialEq)]
pub struct Call {
    pub verb: Verb,
    pub kind: Kind,
    /// The namespace of a namespaced kind; `None` across namespaces or for cluster scope.
    pub namespace: Option<String>,
    pub name: Option<String>,
    /// `scale`, `status`, `eviction`, `log`, ...
    pub subresource: Option<&'static str>,
    pub query: Vec<(String, String)>,
    pub body: Option<Value>,
    /// Ask for a `meta.k8s.io/v1` Table rather than the objects (`Accept`), as `kubectl get`
    /// does for its human-readable output.
    pub as_table: bool,
    /// A resource no `Kind` describes (kubeloop's own group, `kubeloop.dev/v1`, or the
    /// resource metrics): the path names it, and `kind` is not read.
    pub extension: Option<Extension>,
}

/// A resource outside the kind registry, by group version and plural.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Extension {
    pub group_version: &'static str,
    pub plural: &'static str,
}

/// The group version of kubeloop's own resources (the sandbox's machines, loops, faults and
/// workload users; `api::sandbox`).
pub const EXTENSION_GROUP_VERSION: &str = "kubeloop.dev/v1";

/// The `Accept` header kubectl's get sends for a Table (get.go, with the JSON fallback).
pub const TABLE_ACCEPT: &str =
    "application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json";

impl Call {
    fn new(verb: Verb, kind: Kind, namespace: &str, name: Option<&str>) -> Call {
        let namespace = (kind.namespaced() && !namespace.is_empty()).then(|| namespace.to_string());
        Call {
            verb,
            kind,
            namespace,
            name: name.map(String::from),
            subresource: None,
            query: Vec::new(),
            body: None,
            as_table: false,
            extension: None,
        }
    }

    /// A request to a `kubeloop.dev/v1` resource (`plural`), in `namespace` when it is not
    /// empty, for one object when `name` is given.
    pub fn extension(
        verb: Verb,
        plural: &'static str,
        namespace: &str,
        name: Option<&str>,
        body: Option<Value>,
    ) -> Call {
        let group_version = EXTENSION_GROUP_VERSION;
        Call { body, ..Call::outside(verb, Extension { group_version, plural }, namespace, name) }
    }

    /// A request to a resource outside the registry (`metrics.k8s.io/v1beta1` `pods`), in
    /// `namespace` when it is not empty, for one object when `name` is given.
    pub fn outside(verb: Verb, ext: Extension, namespace: &str, name: Option<&str>) -> Call {
        Call {
            verb,
            // Not read: the path is the extension's.
            kind: Kind::Node,
            namespace: (!namespace.is_empty()).then(|| namespace.to_string()),
            name: name.map(String::from),
            subresource: None,
            query: Vec::new(),
            body: None,
            as_table: false,
            extension: Some(ext),
        }
    }

    /// A list of a kind in `namespace`, or across namespaces when it is empty.
    pub fn list(kind: Kind, namespace: &str) -> Call {
        Call::new(Verb::List, kind, namespace, None)
    }

    /// A watch of a kind in `namespace` (or across namespaces when it is empty) from
    /// `resource_version`, as client-go's `ListWatch` sends it after its list: `watch=true`,
    /// the version, and `allowWatchBookmarks=true` (reflector.go `watchList`'s options), so a
    /// quiet watch still learns the newest version and its place does not age out of the
    /// server's window. A name is a `metadata.name` field selector, as kubectl's
    /// `WatchSingle` and wait.go send it.
    pub fn watch(kind: Kind, namespace: &str, resource_version: &str) -> Call {
        let mut call = Call::new(Verb::Watch, kind, namespace, None);
        call.query.push(("watch".into(), "true".into()));
        call.query.push(("resourceVersion".into(), resource_version.into()));
        call.query.push(("allowWatchBookmarks".into(), "true".into()));
        call
    }

    /// `timeoutSeconds`: the server ends the watch after this long (reflector.go sends a
    /// random 5-10 minutes; wait.go its own `--timeout`).
    pub fn timeout_seconds(mut self, seconds: u64) -> Call {
        self.query.push(("timeoutSeconds".into(), seconds.to_string()));
        self
    }

    /// The same call asking for a Table, with each row's whole object when `objects`
    /// (`includeObject=Object`, which `--sort-by` needs).
    pub fn table(mut self, objects: bool) -> Call {
        self.as_table = true;
        if objects {
            self.query.push(("includeObject".into(), "Object".into()));
        }
        self
    }

    /// `labelSelector` and `fieldSelector`, when given.
    pub fn selectors(mut self, labels: Option<&str>, fields: Option<&str>) -> Call {
        for (key, value) in [("labelSelector", labels), ("fieldSelector", fields)] {
            if let Some(v) = value.filter(|v| !v.is_empty()) {
                self.query.push((key.into(), v.into()));
            }
        }
        self
    }

    /// The `Accept` header.
    pub fn accept(&self) -> &'static str {
        if self.as_table {
            TABLE_ACCEPT
        } else {
            "application/json"
        }
    }

    pub fn get(kind: Kind, namespace: &str, name: &str) -> Call {
        Call::new(Verb::Get, kind, namespace, Some(name))
    }

    /// A POST of `body`, the object, to its namespace's collection (cli-runtime
    /// resource/helper.go `Create`).
    pub fn create(kind: Kind, namespace: &str, body: Value) -> Call {
        Call { body: Some(body), ..Call::new(Verb::Create, kind, namespace, None) }
    }

    /// A DELETE of the kind's collection in `namespace` (every object, or those the
    /// selectors pick), with `options`, a `DeleteOptions`.
    pub fn delete_collection(kind: Kind, namespace: &str, options: Value) -> Call {
        Call { body: Some(options), ..Call::new(Verb::DeleteCollection, kind, namespace, None) }
    }

    /// A PATCH of `body`, the patch document, in the given type.
    pub fn patch(kind: Kind, namespace: &str, name: &str, ty: PatchType, body: Value) -> Call {
        Call { body: Some(body), ..Call::new(Verb::Patch(ty), kind, namespace, Some(name)) }
    }

    /// The same call against a subresource (named as client-go's `SubResource`).
    #[allow(clippy::should_implement_trait)]
    pub fn sub(mut self, subresource: &'static str) -> Call {
        self.subresource = Some(subresource);
        self
    }

    /// `?dryRun=All` when `dry` (the server judges the write and stores nothing).
    pub fn dry_run(mut self, dry: bool) -> Call {
        if dry {
            self.query.push(("dryRun".into(), "All".into()));
        }
        self
    }

    /// `?fieldManager=NAME`, which kubectl's writing verbs send (cmdutil.AddFieldManagerFlagVar
    /// defaults, such as `kubectl-label`).
    pub fn field_manager(mut self, manager: &str) -> Call {
        self.query.push(("fieldManager".into(), manager.into()));
        self
    }

    /// `?force=true`: a server-side apply that takes the fields other managers own.
    pub fn force(mut self, force: bool) -> Call {
        if force {
            self.query.push(("force".into(), "true".into()));
        }
        self
    }

    pub fn method(&self) -> &'static str {
        match self.verb {
            Verb::Get | Verb::List | Verb::Watch => "GET",
            Verb::Create => "POST",
            Verb::Update => "PUT",
            Verb::Patch(_) => "PATCH",
            Verb::Delete | Verb::DeleteCollection => "DELETE",
        }
    }

    /// The `Content-Type` of the body, when there is one.
    pub fn content_type(&self) -> &'static str {
        match self.verb {
            Verb::Patch(PatchType::Json) => "application/json-patch+json",
            Verb::Patch(PatchType::Merge) => "application/merge-patch+json",
            Verb::Patch(PatchType::Strategic) => "application/strategic-merge-patch+json",
            Verb::Patch(PatchType::Apply) => "application/apply-patch+yaml",
            _ => "application/json",
        }
    }

    /// The REST path, as client-go's `Request.URL` builds it from the kind's group, version
    /// and plural (the registry's).
    pub fn path(&self) -> String {
        let info = self.kind.info();
        let (mut p, plural) = match (self.extension, info.group()) {
            // The core group's resources outside the registry (`namespaces`) sit under /api.
            (Some(ext), _) if ext.group_version == "v1" => ("/api/v1".to_string(), ext.plural),
            (Some(ext), _) => (format!("/apis/{}", ext.group_version), ext.plural),
            (None, "") => (format!("/api/{}", info.version()), info.plural),
            (None, g) => (format!("/apis/{g}/{}", info.version()), info.plural),
        };
        if let Some(ns) = &self.namespace {
            p.push_str("/namespaces/");
            p.push_str(ns);
        }
        p.push('/');
        p.push_str(plural);
        if let Some(name) = &self.name {
            p.push('/');
            p.push_str(name);
        }
        if let Some(sub) = self.subresource {
            p.push('/');
            p.push_str(sub);
        }
        p
    }
}

/// A transport: sends one call and returns the server's answer. Never panics; a transport
/// that cannot reach the server answers with a Status of its own.
pub trait Api {
    fn send(&mut self, call: &Call) -> Answer;
}

/// Sends `call` and reads a 2xx answer as one object of the call's kind.
pub fn object(api: &mut dyn Api, call: &Call) -> Result<Object, Refusal> {
    let answer = api.send(call);
    if !(200..300).contains(&answer.code) {
        return Err(Refusal::of(&answer));
    }
    decode(call.kind, &answer.body).ok_or_else(|| Refusal {
        code: answer.code,
        reason: String::new(),
        message: format!("the server's answer is not a {}", call.kind.as_str()),
        details: Box::default(),
    })
}

/// A 2xx body read back into the model (what the server printed from its own types reads
/// back; nothing strict is needed).
fn decode(kind: Kind, body: &Value) -> Option<Object> {
    crate::kinds::ops(kind).read(body)
}

/// `GET` one object.
pub fn get(api: &mut dyn Api, kind: Kind, namespace: &str, name: &str) -> Result<Object, Refusal> {
    object(api, &Call::get(kind, namespace, name))
}

/// `GET` a list of a kind (in `namespace`, or across namespaces when it is empty), filtered
/// by the server with `labelSelector` and `fieldSelector` when given.
pub fn list(
    api: &mut dyn Api,
    kind: Kind,
    namespace: &str,
    label_selector: Option<&str>,
    field_selector: Option<&str>,
) -> Result<Vec<Object>, Refusal> {
    let call = Call::list(kind, namespace).selectors(label_selector, field_selector);
    let answer = api.send(&call);
    if !(200..300).contains(&answer.code) {
        return Err(Refusal::of(&answer));
    }
    let items = answer.body.get("items").and_then(Value::as_array);
    Ok(items.into_iter().flatten().filter_map(|item| decode(kind, item)).collect())
}

/// Sends a list `call` and returns its objects with the list's resourceVersion, from which a
/// watch goes on (client-go's `ListWatch`).
pub fn list_at(api: &mut dyn Api, call: &Call) -> Result<(Vec<Object>, String), Refusal> {
    let answer = api.send(call);
    if !(200..300).contains(&answer.code) {
        return Err(Refusal::of(&answer));
    }
    let version = answer.body.pointer("/metadata/resourceVersion").and_then(Value::as_str);
    let version = version.unwrap_or_default().to_string();
    let items = answer.body.get("items").and_then(Value::as_array);
    let objects = items.into_iter().flatten().filter_map(|item| decode(call.kind, item)).collect();
    Ok((objects, version))
}

/// Sends `call` (a Table request) and returns the Table.
pub fn table(api: &mut dyn Api, call: &Call) -> Result<Value, Refusal> {
    body(api, call)
}

/// Sends `call` and returns a 2xx answer's body as it came (an extension resource's object
/// or list, which the model has no type for).
pub fn body(api: &mut dyn Api, call: &Call) -> Result<Value, Refusal> {
    let answer = api.send(call);
    if !(200..300).contains(&answer.code) {
        return Err(Refusal::of(&answer));
    }
    Ok(answer.body)
}

/// One event of a watch: `ADDED`, `MODIFIED`, `DELETED` or `BOOKMARK`, and the object (or
/// one-row Table) it carries, as apimachinery's `metav1.WatchEvent`.
#[derive(Clone, Debug, PartialEq)]
pub struct WatchEvent {
    pub ty: String,
    pub object: Value,
}

impl WatchEvent {
    /// The resourceVersion the event brings the watcher to.
    pub fn resource_version(&self) -> Option<&str> {
        self.object.pointer("/metadata/resourceVersion").and_then(Value::as_str)
    }
}

/// Sends a watch call and reads what arrived since its resourceVersion. The body is the
/// stream's `WatchEvent`s as a JSON array (the in-process transport answers at once with
/// what is there, not with an open stream). An `ERROR` event ends the watch with its
/// Status, as client-go's `StreamWatcher` decodes it: a 410 `Expired` means the version
/// is too old and the caller must list again.
pub fn watch(api: &mut dyn Api, call: &Call) -> Result<Vec<WatchEvent>, Refusal> {
    let answer = api.send(call);
    if !(200..300).contains(&answer.code) {
        return Err(Refusal::of(&answer));
    }
    let mut events = Vec::new();
    for e in answer.body.as_array().into_iter().flatten() {
        let ty = e.get("type").and_then(Value::as_str).unwrap_or_default().to_string();
        let object = e.get("object").cloned().unwrap_or(Value::Null);
        if ty == "ERROR" {
            let code = object.get("code").and_then(Value::as_u64).unwrap_or(500);
            let code = u16::try_from(code).unwrap_or(500);
            return Err(Refusal::of(&Answer { code, body: object, warnings: Vec::new() }));
        }
        events.push(WatchEvent { ty, object });
    }
    Ok(events)
}

/// Reads a watch event's object back into the model.
pub fn event_object(kind: Kind, event: &WatchEvent) -> Option<Object> {
    decode(kind, &event.object)
}

/// The object a Table row carries (`includeObject=Object`), read back into the model.
pub fn row_object(kind: Kind, row: &Value) -> Option<Object> {
    decode(kind, row.get("object")?)
}
