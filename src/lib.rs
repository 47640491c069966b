//! The kubeloop web page. It owns presentation only; every Kubernetes behaviour lives in the
//! `kubeloop` engine crate, which knows nothing about the browser.

mod app;
pub mod components;
pub mod selection;

pub use app::App;
