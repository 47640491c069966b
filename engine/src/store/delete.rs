//! DELETE as the API server does it: propagation policy to GC finalizers, graceful pod
//! deletion, and objects with finalizers only marked as deleting.
//!
//! Models apiserver/pkg/registry/generic/registry/store.go (`Delete`,
//! `deletionFinalizersForGarbageCollection`, `markAsDeleting`) and
//! pkg/registry/core/pod/strategy.go `CheckGracefulDelete`.

use crate::clock::Time;
use crate::model::*;

use super::{ApiError, Key, Store, Tabled, WatchEventType};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Propagation {
    Background,
    Foreground,
    Orphan,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct DeleteOptions {
    pub propagation: Option<Propagation>,
    /// `gracePeriodSeconds`; `None` uses the object's own value.
    pub grace_period_seconds: Option<i64>,
    /// Delete only if the object still has this UID.
    pub precondition_uid: Option<String>,
}

impl DeleteOptions {
    pub fn background() -> Self {
        DeleteOptions { propagation: Some(Propagation::Background), ..Default::default() }
    }

    pub fn with(propagation: Propagation) -> Self {
        DeleteOptions { propagation: Some(propagation), ..Default::default() }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeleteOutcome {
    /// Gone from storage; a DELETED event was written.
    Removed,
    /// Still stored with a deletionTimestamp: waiting on finalizers or a grace period.
    Deleting,
}

impl Store {
    pub fn delete<T: Tabled>(
        &mut self,
        ns: &str,
        name: &str,
        opts: &DeleteOptions,
        now: Time,
    ) -> Result<DeleteOutcome, ApiError> {
        let key = Key::new(T::scoped_ns(ns), name);
        let Some(current) = T::table(self).get(&key) else {
            return Err(ApiError::NotFound { kind: T::KIND, name: name.to_string() });
        };
        if let Some(uid) = &opts.precondition_uid {
            if *uid != current.meta().uid {
                return Err(ApiError::Conflict {
                    kind: T::KIND,
                    name: name.to_string(),
                    message: format!(
                        "Precondition failed: UID in precondition: {uid}, UID in object meta: {}",
                        current.meta().uid
                    ),
                });
            }
        }
        if let Some(deleting) = T::begin_delete(self, current, now)? {
            return Ok(self.write_deleting(deleting, now));
        }
        let mut obj = current.clone();
        let meta = obj.meta();
        let orphan = match opts.propagation {
            Some(p) => p == Propagation::Orphan,
            None => meta.has_finalizer(FINALIZER_ORPHAN),
        };
        let foreground = match opts.propagation {
            Some(p) => p == Propagation::Foreground,
            None => !orphan && meta.has_finalizer(FINALIZER_FOREGROUND),
        };
        let mut finalizers: Vec<String> = meta
            .finalizers
            .iter()
            .filter(|f| *f != FINALIZER_ORPHAN && *f != FINALIZER_FOREGROUND)
            .cloned()
            .collect();
        if orphan {
            finalizers.push(FINALIZER_ORPHAN.into());
        }
        if foreground {
            finalizers.push(FINALIZER_FOREGROUND.into());
        }

        let grace = T::grace_period(&obj, opts.grace_period_seconds);
        let m = obj.meta_mut();
        m.finalizers = finalizers;
        if let Some(period) = grace.filter(|p| *p > 0) {
            // A graceful delete may shorten a running grace period, never lengthen it.
            let until = now.plus_secs(period);
            if m.deletion_timestamp.is_none_or(|t| until < t) {
                // The first graceful delete bumps a tracked generation, so the kubelet's
                // observedGeneration shows it saw the deletion (apiserver
                // pkg/registry/rest/delete.go `BeforeDelete`).
                if m.deletion_timestamp.is_none() && m.generation > 0 {
                    m.generation += 1;
                }
                m.deletion_timestamp = Some(until);
                m.deletion_grace_period_seconds = Some(period);
            }
            return Ok(self.write_deleting(obj, now));
        }
        if !m.finalizers.is_empty() {
            // markAsDeleting: keep an earlier deletionTimestamp, bump generation.
            if m.deletion_timestamp.is_none_or(|t| t > now) {
                m.deletion_timestamp = Some(now);
                if m.generation > 0 {
                    m.generation += 1;
                }
            }
            m.deletion_grace_period_seconds = Some(0);
            return Ok(self.write_deleting(obj, now));
        }
        self.remove::<T>(&key, now);
        Ok(DeleteOutcome::Removed)
    }

    fn write_deleting<T: Tabled>(&mut self, mut obj: T, now: Time) -> DeleteOutcome {
        let key = Key::of(obj.meta(), T::KIND);
        if T::table(self).get(&key) != Some(&obj) {
            obj.meta_mut().resource_version = self.next_rv().to_string();
            self.store(obj, WatchEventType::Modified, now);
        }
        DeleteOutcome::Deleting
    }
}
