//! The `pods/log` subresource the REST API serves (pkg/registry/core/pod/rest/log.go, the
//! kubelet's `GetContainerLogs`), on the same reading of a container's history as
//! `kubectl logs`.

use crate::clock::Time;
use crate::model::Pod;
use crate::store::ApiError;
use crate::world::World;

use super::{read, KubectlError, Target};

/// A container's log as the API's `pods/log` subresource serves it: the container named, or
/// the pod's only one (pkg/registry/core/pod/rest/log.go, the kubelet's `GetContainerLogs`).
pub(crate) fn pod_log(
    world: &World,
    ns: &str,
    pod: &str,
    container: Option<&str>,
    previous: bool,
) -> Result<Vec<(Time, String)>, ApiError> {
    let Some(p) = world.store.get::<Pod>(ns, pod) else {
        return Err(ApiError::NotFound { kind: crate::model::Kind::Pod, name: pod.into() });
    };
    let container = match container {
        Some(c) => c.to_string(),
        None => match p.spec.containers.as_slice() {
            [only] => only.name.clone(),
            all => {
                let names: Vec<&str> = all.iter().map(|c| c.name.as_str()).collect();
                return Err(ApiError::BadRequest {
                    message: format!(
                        "a container name must be specified for pod {pod}, choose one of: [{}]",
                        names.join(" ")
                    ),
                });
            }
        },
    };
    if !p.spec.containers.iter().any(|c| c.name == container) {
        return Err(ApiError::BadRequest {
            message: format!("container {container} is not valid for pod {pod}"),
        });
    }
    let t =
        Target { ns: ns.into(), pod: pod.into(), uid: p.metadata.uid.clone(), container, previous };
    read(world, &t).map_err(|e| match e {
        KubectlError::Api(api) => api,
        KubectlError::Usage(m) | KubectlError::Plain(m) | KubectlError::Help(m) => {
            ApiError::BadRequest { message: m }
        }
    })
}
