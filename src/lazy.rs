//! The page's split points: parts of the page that the release build (scripts/split) moves
//! out of the main wasm into chunks fetched on first use. Each is an `async fn` that fetches
//! its chunk (once; a failed fetch is retried on the next call) and then runs. It owns only
//! the seam; what runs behind it lives in its own module.
//!
//! Only scripts/dist's build sets `--cfg kubeloop_split`: there the `wasm_split` macro turns
//! each function into an import that the wasm-split CLI links to its chunk, and code reachable
//! only from here goes to the chunk. That import cannot be resolved without the CLI, so every
//! other build (native tests, browser tests, `trunk serve`) runs the same body directly, in
//! the one module, and the functions merely stay async.

use std::fmt;

use std::{future::Future, pin::Pin};

use yew::Callback;

use crate::boot::Shared;
use crate::export::{self, Picture};
use crate::live::Request;
use crate::view::ViewModel;
use crate::words::Words;

/// A chunk that could not be fetched: the network failed, or the server no longer has it (a
/// newer build was published). Nothing ran and nothing changed; the next call fetches again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unfetched;

impl fmt::Display for Unfetched {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("could not fetch its code (offline, or the site was updated): try again")
    }
}

#[cfg(kubeloop_split)]
impl From<wasm_split_helpers::SplitLoaderError> for Unfetched {
    fn from(_: wasm_split_helpers::SplitLoaderError) -> Self {
        // The loader's error carries nothing more; the browser's console says why it failed.
        Unfetched
    }
}

/// A seam the course chunk links: `seam!(Type = value)` declares the pointer (or the table of
/// pointers) to code only the course part's commands reach, `link()`, which `course` below
/// calls from inside the chunk, and `linked()`, which the module reads. In the split build
/// `linked()` is `None` until the chunk has run; every other build holds the code itself.
macro_rules! seam {
    ($ty:ty = $value:expr) => {
        fn shipped() -> $ty {
            $value
        }

        #[cfg(kubeloop_split)]
        static LINKED: std::sync::OnceLock<$ty> = std::sync::OnceLock::new();

        /// Makes what this module reaches through its seam runnable: called from the course
        /// chunk (`crate::lazy::course`).
        pub fn link() {
            #[cfg(kubeloop_split)]
            let _ = LINKED.set(shipped());
        }

        fn linked() -> Option<$ty> {
            #[cfg(kubeloop_split)]
            return LINKED.get().copied();
            #[cfg(not(kubeloop_split))]
            Some(shipped())
        }
    };
}
pub(crate) use seam;

/// Declares a split point: in the split build, a function in chunk `$chunk` that the
/// `wasm_split` macro makes async; elsewhere the same body as a plain async function.
macro_rules! split_point {
    ($(#[$doc:meta])* $chunk:ident: fn $name:ident($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty $body:block) => {
        $(#[$doc])*
        #[cfg(kubeloop_split)]
        #[wasm_split_helpers::wasm_split($chunk, fallible)]
        pub fn $name($($arg: $ty),*) -> Result<$ret, Unfetched> $body

        $(#[$doc])*
        #[cfg(not(kubeloop_split))]
        pub async fn $name($($arg: $ty),*) -> Result<$ret, Unfetched> $body
    };
}

split_point! {
    /// The graph as an SVG picture (`export::svg`) in the page's words, from the export chunk.
    export: fn svg_picture(view: &ViewModel, title: &str, sim_ms: i64, words: &Words) -> Picture {
        Ok(export::svg(view, title, sim_ms, words))
    }
}

split_point! {
    /// The YAML panel's export (`kubeloop::session::export_yaml`), from the export chunk.
    export: fn link_yaml() -> () {
        kubeloop::session::link_yaml();
        Ok(())
    }
}

split_point! {
    /// Carries out one of live mode's requests (`live::net::carry_one`), from the live chunk:
    /// the page's fetches, its watch streams and the reading of the answers.
    live: fn live_request(page: Shared, redraw: Callback<()>, request: Request) -> Running {
        Ok(crate::live::net::carry_one(page, redraw, request))
    }
}

/// A request under way, as the live chunk hands it back (a split function cannot be async).
pub type Running = Pin<Box<dyn Future<Output = ()>>>;

split_point! {
    /// The engine's commands and loops beyond the first lesson (`kubeloop::parts`), from the
    /// course chunk: linking them, and reading the built-in missions' file (`missions`, empty
    /// where they are compiled in), so the engine code they reach comes along.
    course: fn course(missions: String) -> Result<(), String> {
        kubeloop::parts::link();
        crate::view::link_configs();
        crate::inspect::link_config_rows();
        crate::view::link_pdbs();
        crate::view::link_ingresses();
        crate::components::graph::link_ingress_cards();
        crate::components::graph::link_service_cards();
        crate::view::link_services();
        crate::view::link_workloads();
        crate::components::graph::link_workload_cards();
        crate::inspect::link_pdb_rows();
        crate::inspect::link_workload_rows();
        crate::components::shipped::link();
        crate::components::shipped::link_live();
        crate::page::link_live();
        crate::view::budget::link();
        crate::components::budget::link();
        Ok(kubeloop::mission::provide_builtin(&missions))
    }
}
