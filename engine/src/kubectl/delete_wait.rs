//! `kubectl delete --wait`: the objects a DELETE left in place (going gracefully or held by
//! finalizers) followed until they are gone, as delete.go's `waitForDeletion` runs wait's
//! `IsDeleted` on each: a LIST by name, then WATCHes until its DELETED event
//! (`observe.rs`). Also drain's check that an evicted pod has gone.

use crate::api::client::Api;
use crate::clock::Time;
use crate::model::Kind;

use super::observe::Observed;
use super::Output;

/// `--wait`: the objects deleted (with the UID each had) until they are gone from storage.
pub struct DeleteWait {
    targets: Vec<Gone>,
    deadline: Time,
    /// The exit status so far (objects not found), kept when the wait succeeds.
    status: i32,
}

/// One object waited for: gone once no object of that name has its UID (a new one of the
/// same name is not it, as `IsDeleted` compares UIDs).
pub struct Gone {
    kind: Kind,
    name: String,
    uid: String,
    seen: Observed,
    gone: bool,
}

impl Gone {
    pub fn new(kind: Kind, namespace: &str, name: String, uid: String) -> Gone {
        Gone { seen: Observed::new(kind, namespace, &name), kind, name, uid, gone: false }
    }
}

impl DeleteWait {
    pub fn new(targets: Vec<Gone>, deadline: Time, status: i32) -> DeleteWait {
        DeleteWait { targets, deadline, status }
    }

    /// `Some(status)` once every object is gone, or with kubectl's error at the deadline (or
    /// when the server refuses to say).
    pub fn poll(&mut self, api: &mut dyn Api, now: Time, out: &mut Output) -> Option<i32> {
        for t in self.targets.iter_mut().filter(|t| !t.gone) {
            match t.seen.poll(api) {
                Ok(current) => t.gone = current.is_none_or(|o| o.meta().uid != t.uid),
                Err(refusal) => {
                    out.err(format!("{refusal}\n"));
                    return Some(1);
                }
            }
        }
        if self.targets.iter().all(|t| t.gone) {
            return Some(self.status);
        }
        if now < self.deadline {
            return None;
        }
        for t in self.targets.iter().filter(|t| !t.gone) {
            out.err(format!(
                "error: timed out waiting for the condition on {}/{}\n",
                t.kind.plural(),
                t.name
            ));
        }
        Some(1)
    }

    pub fn describe(&self) -> String {
        let names: Vec<String> =
            self.targets.iter().map(|t| format!("{}/{}", t.kind.kind_group(), t.name)).collect();
        format!("waiting for {} to be deleted", names.join(", "))
    }
}

impl super::waiting::Wait for DeleteWait {
    fn poll(&mut self, api: &mut dyn Api, now: Time, out: &mut Output) -> Option<i32> {
        DeleteWait::poll(self, api, now, out)
    }

    fn describe(&self) -> String {
        DeleteWait::describe(self)
    }
}
