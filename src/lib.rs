//! The kubeloop web page. It owns presentation only; every Kubernetes behaviour lives in the
//! `kubeloop` engine crate, which knows nothing about the browser.

mod app;
pub mod boot;
pub mod components;
pub mod explain_docs;
pub mod export;
pub mod frames;
pub mod inspect;
pub mod journal;
pub mod lazy;
pub mod live;
pub mod page;
pub mod parts;
pub mod presenter;
pub mod selection;
pub mod sim;
pub mod storage;
pub mod view;
pub mod words;

pub use app::{App, AppProps};
