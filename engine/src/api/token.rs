//! `POST serviceaccounts/NAME/token`: a TokenRequest (authentication.k8s.io/v1) answered
//! with a bound service account token, as `kubectl create token` asks for one.
//!
//! Models pkg/registry/core/serviceaccount/storage/token.go (`Create`: the account must
//! exist; audiences default to the API server's; `expirationSeconds` defaults to an hour and
//! may not be under ten minutes) and pkg/serviceaccount/claims.go (the claims a token
//! carries). The token has a JWT's shape and claims, but no cluster signs it: its signature
//! is random bytes, since nothing here verifies one.

use base64::Engine as _;
use serde_json::{json, Value};

use super::write;
use super::{Query, Request, Response, Status};
use crate::model::{Kind, ServiceAccount};
use crate::rng::SimRng;
use crate::store::ApiError;
use crate::world::World;

/// The audience kubeadm and kind clusters' API servers issue for (`--api-audiences`).
const AUDIENCE: &str = "https://kubernetes.default.svc.cluster.local";
/// `spec.expirationSeconds` when unset, and the least the registry accepts.
const DEFAULT_SECONDS: i64 = 3600;
const LEAST_SECONDS: i64 = 600;

/// The route: in the split build the course part sets the handler (`crate::kinds::link`),
/// as only its commands (`create token`) ask for a token.
pub(super) fn serve(
    world: &mut World,
    req: &Request,
    q: &Query,
    ns: &str,
    name: &str,
) -> Result<Response, Status> {
    #[cfg(kubeloop_split)]
    return match LATER_TOKEN.get() {
        Some(token) => token(world, req, q, ns, name),
        None => Err(ApiError::BadRequest {
            message: format!(
                "kubeloop: tokens are part of {}, which has not been fetched yet",
                crate::parts::Part::Course.describe()
            ),
        }
        .into()),
    };
    #[cfg(not(kubeloop_split))]
    token(world, req, q, ns, name)
}

/// Set by the course part in the split build.
#[cfg(kubeloop_split)]
pub static LATER_TOKEN: std::sync::OnceLock<Handler> = std::sync::OnceLock::new();

#[cfg(kubeloop_split)]
type Handler = fn(&mut World, &Request, &Query, &str, &str) -> Result<Response, Status>;

pub(crate) fn token(
    world: &mut World,
    req: &Request,
    q: &Query,
    ns: &str,
    name: &str,
) -> Result<Response, Status> {
    let body = write::body(req)?;
    let Some(sa) = world.store.get::<ServiceAccount>(ns, name) else {
        return Err(ApiError::NotFound { kind: Kind::ServiceAccount, name: name.into() }.into());
    };
    let uid = sa.metadata.uid.clone();
    let spec = body.get("spec").cloned().unwrap_or(Value::Null);
    let audiences: Vec<String> = match spec.get("audiences").and_then(Value::as_array) {
        Some(a) if !a.is_empty() => {
            a.iter().filter_map(Value::as_str).map(str::to_string).collect()
        }
        _ => vec![AUDIENCE.to_string()],
    };
    let seconds = spec.get("expirationSeconds").and_then(Value::as_i64).unwrap_or(DEFAULT_SECONDS);
    if seconds < LEAST_SECONDS {
        // pkg/apis/authentication/validation: ValidateTokenRequest.
        let message = format!(
            "TokenRequest.authentication.k8s.io \"{name}\" is invalid: spec.expirationSeconds: Invalid value: {seconds}: may not specify a duration less than 10 minutes"
        );
        return Err(Status::new(422, "Invalid", message));
    }
    let now = world.now();
    let expires = now.plus_secs(seconds);
    let token =
        if q.dry_run { String::new() } else { jwt(ns, name, &uid, &audiences, now, seconds) };
    let answer = json!({
        "kind": "TokenRequest",
        "apiVersion": "authentication.k8s.io/v1",
        "metadata": {"name": name, "namespace": ns, "creationTimestamp": null},
        "spec": {
            "audiences": audiences,
            "expirationSeconds": seconds,
            "boundObjectRef": spec.get("boundObjectRef").cloned().unwrap_or(Value::Null),
        },
        "status": {"token": token, "expirationTimestamp": expires.to_string()},
    });
    Ok(Response::json(201, answer))
}

/// A token with the claims of pkg/serviceaccount/claims.go `Claims`, in Go's field order.
fn jwt(
    ns: &str,
    name: &str,
    uid: &str,
    audiences: &[String],
    now: crate::clock::Time,
    seconds: i64,
) -> String {
    // Each token's random parts come from its own stream: the world's stays as it was.
    let mut rng = SimRng::new(
        now.millis() as u64 ^ uid.bytes().fold(0u64, |h, b| h.rotate_left(5) ^ u64::from(b)),
    );
    let b64 = |bytes: &[u8]| base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes);
    let kid: String = rng.string(43);
    let header = json!({"alg": "RS256", "kid": kid});
    let iat = now.unix_secs();
    let claims = json!({
        "aud": audiences,
        "exp": iat + seconds,
        "iat": iat,
        "iss": AUDIENCE,
        "jti": rng.uid(),
        "kubernetes.io": {"namespace": ns, "serviceaccount": {"name": name, "uid": uid}},
        "nbf": iat,
        "sub": format!("system:serviceaccount:{ns}:{name}"),
    });
    let signature: Vec<u8> = (0..256).map(|_| rng.next_u32() as u8).collect();
    format!(
        "{}.{}.{}",
        b64(header.to_string().as_bytes()),
        b64(claims.to_string().as_bytes()),
        b64(&signature)
    )
}
