//! `kubectl apply --server-side` (and `diff --server-side`, its dry run): each object of the
//! manifest is sent whole as an apply patch, and the API server merges it (`api::apply`). Models kubectl pkg/cmd/apply/apply.go
//! (`Validate`'s flag checks, `applyOneObject`'s `ServerSideApply` branch: the manager
//! `kubectl` unless `--field-manager` names another, `force` from `--force-conflicts`, a
//! conflict's explanation, `serverside-applied`).
//!
//! Not modelled: the migration of client-side apply's managed fields to the server-side
//! manager that kubectl sends after an apply (`migrateToSSAIfNecessary`); the API server's
//! leave for kubectl's manager to take what client-side apply set covers the common case.

use serde_json::Value;

use super::config::{modified, stored_version};
use super::{namespace_of, warn_if_deleting, Failure, How, Verb};
use crate::api::client::{self, Call};
use crate::api::patch::PatchType;
use crate::kubectl::args::Args;
use crate::kubectl::dry_run::DryRun;
use crate::kubectl::{Kubectl, KubectlError, Output};
use crate::model::Object;

/// `fieldManagerServerSideApply`.
const MANAGER: &str = "kubectl";

/// What kubectl adds to a conflict (apply.go).
const CONFLICT_HELP: &str =
    "Please review the fields above--they currently have other managers. Here
are the ways you can resolve this warning:
* If you intend to manage all of these fields, please re-run the apply
  command with the `--force-conflicts` flag.
* If you do not intend to manage all of the fields, please edit your
  manifest to remove references to the fields that should keep their
  current managers.
* You may co-own fields by updating your manifest to match the existing
  value; in this case, you'll become the manager if the other manager(s)
  stop managing the field (remove it from their configuration).
See https://kubernetes.io/docs/reference/using-api/server-side-apply/#conflicts";

/// `--server-side` and `--force-conflicts`. The write goes by pointer: `apply::write` ships
/// in the page's first load (the inspector's editor saves through it), and server-side apply
/// should not, so only the verbs that take `--server-side` name it.
#[derive(Clone, Copy)]
pub struct ServerSide {
    pub force: bool,
    pub(super) write: Write,
}

type Write = fn(
    &mut Kubectl,
    &Object,
    &Value,
    &How,
    ServerSide,
    &mut Output,
) -> Result<(Object, &'static str), Failure>;

impl ServerSide {
    pub fn new(force: bool) -> ServerSide {
        ServerSide { force, write }
    }
}

/// The server-side flags, refused in `Validate`'s words where they do not go together.
pub(super) fn from_args(a: &Args, dry: DryRun) -> Result<Option<ServerSide>, KubectlError> {
    let (server_side, force) = (a.has("server-side"), a.has("force-conflicts"));
    if force && !server_side {
        return Err(KubectlError::Usage("--force-conflicts only works with --server-side".into()));
    }
    if server_side && dry == DryRun::Client {
        return Err(KubectlError::Usage(
            "--dry-run=client doesn't work with --server-side (did you mean --dry-run=server instead?)".into(),
        ));
    }
    Ok(server_side.then(|| ServerSide::new(force)))
}

/// One object's apply patch, and what the server made of it.
fn write(
    s: &mut Kubectl,
    obj: &Object,
    source: &Value,
    how: &How,
    ss: ServerSide,
    out: &mut Output,
) -> Result<(Object, &'static str), Failure> {
    let (kind, ns) = (obj.kind(), namespace_of(obj, how).to_string());
    let m = obj.meta();
    if m.name.is_empty() {
        let message = match m.generate_name.as_str() {
            "" => "resource name may not be empty".to_string(),
            g => format!("from {g}: cannot use generate name with apply"),
        };
        return Err(Failure::Client(KubectlError::Usage(message)));
    }
    // The object as the manifest has it, in the command's namespace when it names none.
    let doc = stored_version(kind, modified(source, kind, &ns, Verb::Create));
    let call = Call::patch(kind, &ns, &m.name, PatchType::Apply, doc)
        .dry_run(how.dry == DryRun::Server)
        .field_manager(how.manager.unwrap_or(MANAGER))
        .force(ss.force);
    match client::object(s.api(), &call) {
        Ok(result) => {
            warn_if_deleting(&result, out);
            Ok((result, "serverside-applied"))
        }
        // apply.go explains a conflict; diff.go returns the server's error as it is.
        Err(r) if r.code == 409 && how.verb == Verb::Apply => {
            Err(Failure::Client(KubectlError::Usage(format!("{}\n{CONFLICT_HELP}", r.message))))
        }
        Err(r) => Err(Failure::Client(KubectlError::Server(r))),
    }
}
