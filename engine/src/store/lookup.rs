//! The store's lookups of a kind learnt at run time (a `Kind` value rather than a type): an
//! object by key, the objects a selector matches, an object's metadata.
//!
//! In the page's split build only the lesson's kinds are looked up directly; the others go
//! through `LATER_LOOKUPS`, which the course part sets (`crate::kinds::link`), so their
//! table code ships with it. Before it arrives no object of them exists to find. Every other
//! build looks every kind up directly.

use super::{Key, Store, Tabled};
use crate::labels::selector::Selector;
use crate::model::*;

/// `$body` with `$T` the model type of `$kind`; in the split build only for the lesson's
/// kinds, `$later` for the others, given the later lookups (`None` before the part).
macro_rules! lookup {
    ($kind:expr, $T:ident => $body:expr, $l:ident => $later:expr) => {{
        #[cfg(kubeloop_split)]
        {
            match $kind {
                Kind::Deployment => {
                    type $T = Deployment;
                    $body
                }
                Kind::ReplicaSet => {
                    type $T = ReplicaSet;
                    $body
                }
                Kind::Pod => {
                    type $T = Pod;
                    $body
                }
                Kind::Node => {
                    type $T = Node;
                    $body
                }
                Kind::Event => {
                    type $T = Event;
                    $body
                }
                _ => {
                    let $l = LATER_LOOKUPS.get();
                    $later
                }
            }
        }
        #[cfg(not(kubeloop_split))]
        {
            crate::with_kind!($kind, $T => $body)
        }
    }};
}

impl Store {
    pub fn get_object(&self, kind: Kind, key: &Key) -> Option<Object> {
        lookup!(kind, T => T::table(self).get_rc(key).cloned().map(T::rc_into_object),
            later => later.and_then(|l| (l.get)(self, kind, key)))
    }

    /// The objects of a kind (in `ns`, for a namespaced kind), whose labels `sel` matches.
    /// For what reads the cluster itself rather than through the API: the missions' probes.
    pub fn objects(&self, kind: Kind, ns: Option<&str>, sel: &Selector) -> Vec<Object> {
        let ns = ns.filter(|_| kind.namespaced());
        lookup!(kind, T => self.list::<T>(ns, Some(sel)).map(|o| o.clone().into_object()).collect(),
            later => later.map_or_else(Vec::new, |l| (l.objects)(self, kind, ns, sel)))
    }

    pub fn meta_of(&self, kind: Kind, key: &Key) -> Option<&ObjectMeta> {
        lookup!(kind, T => T::table(self).get(key).map(|o| o.meta()),
            later => later.and_then(|l| (l.meta)(self, kind, key)))
    }
}

/// The lookups of a kind learnt at run time, for every kind.
pub struct Lookups {
    pub get: fn(&Store, Kind, &Key) -> Option<Object>,
    pub objects: fn(&Store, Kind, Option<&str>, &Selector) -> Vec<Object>,
    pub meta: for<'a> fn(&'a Store, Kind, &Key) -> Option<&'a ObjectMeta>,
}

pub const EVERY_KIND: Lookups = Lookups {
    get: |s, kind, key| crate::with_kind!(kind, T => T::table(s).get_rc(key).cloned().map(T::rc_into_object)),
    objects: |s, kind, ns, sel| crate::with_kind!(kind, T => s.list::<T>(ns, Some(sel)).map(|o| o.clone().into_object()).collect()),
    meta: |s, kind, key| crate::with_kind!(kind, T => T::table(s).get(key).map(|o| o.meta())),
};

/// In the page's split build the kinds beyond the first lesson are looked up through the
/// course part, which sets this (`crate::kinds::link`); before it arrives no object of them
/// exists to find. Every other build looks every kind up directly.
#[cfg(kubeloop_split)]
pub static LATER_LOOKUPS: std::sync::OnceLock<&'static Lookups> = std::sync::OnceLock::new();
