//! OpenAPI for `kubeloop serve`: `/openapi/v2` and `/openapi/v3` with each group version's
//! document, upstream's release-1.32 documents filtered by scripts/openapi-docs to the paths
//! kubeloop serves and the definitions they reference (data in serve/openapi/, compiled
//! into the native binary only, never the wasm).
//!
//! Models kube-openapi pkg/handler3/handler.go for v3: the index (`paths` →
//! `serverRelativeURL` with `?hash=` the upper-case hex SHA-512 of the document) and the
//! documents as JSON; and pkg/handler/handler.go for v2, as protobuf only. The forms left
//! out are the ones no client reads: client-go asks v3 for JSON (openapi/groupversion.go
//! `Schema(runtime.ContentTypeJSON)`, from openapi3/root.go and kubectl explain) and v2 for
//! protobuf only (discovery/discovery_client.go `OpenAPISchema`, Accept
//! `application/com.github.proto-openapi.spec.v2@v1.0+protobuf`, which `proto.Unmarshal`s
//! the body; on 404 or 406 it tries `/swagger-2.0.0.pb-v1`, then fails).
//!
//! What kubectl 1.27 to 1.33 need (kubectl/pkg/cmd/util/factory_client_access.go
//! `Validator`; cli-runtime/pkg/resource query_param_verifier_v3.go,
//! fallback_query_param_verifier.go; kubectl/pkg/validation/schema.go; serve/tests/
//! discovery.rs logs each command's requests):
//! - `create`/`apply -f` under the default `--validate=strict` ask the v3 document of the
//!   object's group version whether its PATCH takes `fieldValidation`. It does for every
//!   kind here, so kubectl leaves validation to the server and checks no schema itself; a
//!   client-side dry run then passes an unknown field, as against a real cluster.
//! - A `kind: List`, or a group version without a v3 document (autoscaling/v1, after a
//!   look for a CRD), is "unsupported", and kubectl validates it itself against v2.
//! - 1.27 and 1.28 also fetch v2 up front for every `create`, `apply` and `explain`, and
//!   fail with "the server could not find the requested resource" without it; 1.29 and
//!   later fetch it only for the case above. `explain` reads v3 in all seven.
//!
//! The v2 protobuf is made offline by gnostic's own `ParseDocument` and `proto.Marshal`
//! (scripts/openapi-v2-pb), the steps kube-openapi's `ToProtoBinary` takes, rather than by
//! an encoder here.

use std::sync::OnceLock;

use serde_json::Value;

pub const JSON: &str = "application/json";
/// The v2 protobuf's media type, which kube-openapi's handler.go answers with whichever
/// spelling was asked for (`subTypeProtobuf`): Go's `mime.ParseMediaType`, which client-go
/// applies to the response, rejects the `@` of the older one.
pub const PROTOBUF_V2: &str = "application/com.github.proto-openapi.spec.v2.v1.0+protobuf";
/// The spelling client-go asks for (`subTypeProtobufDeprecated`).
const PROTOBUF_V2_ASKED: &str = "application/com.github.proto-openapi.spec.v2@v1.0+protobuf";

/// The v2 document as protobuf, zlib-compressed.
const V2: &[u8] = include_bytes!("../openapi/v2.pb.zz");

/// The `/openapi/v3` index, as scripts/openapi-docs wrote it.
const INDEX: &str = include_str!("../openapi/v3/index.json");

/// Each group version's document, zlib-compressed, keyed by its index path.
const DOCUMENTS: &[(&str, &[u8])] = &[
    ("api/v1", include_bytes!("../openapi/v3/api__v1.json.zz")),
    ("apis/apps/v1", include_bytes!("../openapi/v3/apis__apps__v1.json.zz")),
    ("apis/autoscaling/v2", include_bytes!("../openapi/v3/apis__autoscaling__v2.json.zz")),
    ("apis/batch/v1", include_bytes!("../openapi/v3/apis__batch__v1.json.zz")),
    (
        "apis/networking.k8s.io/v1",
        include_bytes!("../openapi/v3/apis__networking.k8s.io__v1.json.zz"),
    ),
    ("apis/policy/v1", include_bytes!("../openapi/v3/apis__policy__v1.json.zz")),
    (
        "apis/discovery.k8s.io/v1",
        include_bytes!("../openapi/v3/apis__discovery.k8s.io__v1.json.zz"),
    ),
    (
        "apis/scheduling.k8s.io/v1",
        include_bytes!("../openapi/v3/apis__scheduling.k8s.io__v1.json.zz"),
    ),
    (
        "apis/coordination.k8s.io/v1",
        include_bytes!("../openapi/v3/apis__coordination.k8s.io__v1.json.zz"),
    ),
];

fn inflate(name: &str, zz: &[u8]) -> Vec<u8> {
    // The data is compiled in and tested; failing to inflate it is a broken build.
    miniz_oxide::inflate::decompress_to_vec_zlib(zz)
        .unwrap_or_else(|e| panic!("openapi document {name} does not inflate: {e:?}"))
}

/// The v3 documents inflated, once, on first use.
fn documents() -> &'static [(&'static str, Vec<u8>)] {
    static INFLATED: OnceLock<Vec<(&'static str, Vec<u8>)>> = OnceLock::new();
    INFLATED.get_or_init(|| DOCUMENTS.iter().map(|(gv, zz)| (*gv, inflate(gv, zz))).collect())
}

fn v2() -> &'static [u8] {
    static INFLATED: OnceLock<Vec<u8>> = OnceLock::new();
    INFLATED.get_or_init(|| inflate("v2", V2))
}

/// Whether an Accept header names a media type (parameters and spaces aside).
fn accepts(accept: Option<&str>, media: &str) -> bool {
    accept.is_some_and(|a| a.split(',').any(|p| p.split(';').next().unwrap_or("").trim() == media))
}

/// Whether an Accept header admits JSON. No header, `*/*` and `application/*` do; a
/// protobuf-only Accept does not (kube-openapi answers it 406, which client-go treats as
/// 404).
fn accepts_json(accept: Option<&str>) -> bool {
    let Some(accept) = accept else { return true };
    accept.split(',').any(|part| {
        let media = part.split(';').next().unwrap_or("").trim();
        matches!(media, "application/json" | "application/*" | "*/*" | "")
    })
}

/// The OpenAPI answer at `path` (its query, such as `?hash=`, is ignored) for a request
/// with this Accept header: the content type and the body. `None` for any other path, for
/// v2 unless protobuf is asked for (kube-openapi would answer JSON to `application/json`
/// and `*/*`, which no client of kubeloop's asks for), and for v3 unless JSON is acceptable
/// (kube-openapi answers 406 where kubeloop answers 404; client-go treats the two alike).
pub fn get(path: &str, accept: Option<&str>) -> Option<(&'static str, &'static [u8])> {
    let path = path.split('?').next().unwrap_or(path);
    if path == "/openapi/v2" {
        let pb = accepts(accept, PROTOBUF_V2_ASKED) || accepts(accept, PROTOBUF_V2);
        return pb.then(|| (PROTOBUF_V2, v2()));
    }
    if !accepts_json(accept) {
        return None;
    }
    if path == "/openapi/v3" || path == "/openapi/v3/" {
        return Some((JSON, INDEX.trim_end().as_bytes()));
    }
    let gv = path.strip_prefix("/openapi/v3/")?;
    documents().iter().find(|(g, _)| *g == gv).map(|(_, body)| (JSON, body.as_slice()))
}

/// A group version's document as JSON (for tests and callers that read it).
pub fn document(group_version_path: &str) -> Option<Value> {
    let (_, body) = get(&format!("/openapi/v3/{group_version_path}"), None)?;
    serde_json::from_slice(body).ok()
}

#[cfg(test)]
#[path = "openapi_tests.rs"]
mod tests;
