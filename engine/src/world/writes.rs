//! The world's writes as a user's client makes them (kubectl, the API, the page's buttons):
//! straight to the store, at the world's time, with its RNG.

use std::rc::Rc;

use super::World;
use crate::model::Object;
use crate::store::{ApiError, DeleteOptions, DeleteOutcome, Tabled};

impl World {
    pub fn create<T: Tabled>(&mut self, obj: T) -> Result<Rc<T>, ApiError> {
        self.store.create(obj, self.now, &mut self.rng)
    }

    /// Creates an object of any kind (or checks that it could be, when `dry`), through its
    /// kind's vtable (`kinds.rs`).
    pub fn create_object(&mut self, obj: Object, dry: bool) -> Result<Object, ApiError> {
        let ops = crate::kinds::ops(obj.kind());
        ops.create(&mut self.store, obj, self.now, &mut self.rng, dry)
    }

    pub fn update<T: Tabled>(&mut self, obj: T) -> Result<Rc<T>, ApiError> {
        self.store.update(obj, self.now)
    }

    pub fn modify<T: Tabled>(
        &mut self,
        ns: &str,
        name: &str,
        f: impl FnOnce(&mut T),
    ) -> Result<Rc<T>, ApiError> {
        self.store.modify(ns, name, self.now, f)
    }

    pub fn delete<T: Tabled>(
        &mut self,
        ns: &str,
        name: &str,
        opts: &DeleteOptions,
    ) -> Result<DeleteOutcome, ApiError> {
        self.store.delete::<T>(ns, name, opts, self.now)
    }
}
