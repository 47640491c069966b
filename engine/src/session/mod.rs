//! The sandbox's terminal: the built-in cluster and the kubectl shell that talks to it.
//! kubectl (`kubectl/`) knows a cluster only as `kubectl::Cluster`, the API plus a clock;
//! this is where the world is put behind it (`host.rs`), with the sandbox's time commands,
//! which act on the world itself rather than through the API.

mod export;
mod host;

pub use export::export_yaml;
