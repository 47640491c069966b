//! The page's split points: parts of the page that the release build (scripts/split) moves
//! out of the main wasm into chunks fetched on first use. Each is an `async fn` that fetches
//! its chunk (once; a failed fetch is retried on the next call) and then runs. It owns only
//! the seam; what runs behind it lives in its own module.
//!
//! On wasm32 the `wasm_split` macro turns the function into an import that the wasm-split
//! CLI links to the chunk; code reachable only from here goes to the chunk. Elsewhere (native
//! tests) the same body runs directly. A build without the split step (`trunk serve`) keeps
//! every chunk inside the one wasm, and the functions merely stay async.

use std::fmt;

use std::{future::Future, pin::Pin};

use yew::Callback;

use crate::boot::Shared;
use crate::export::{self, Picture};
use crate::live::Request;
use crate::view::ViewModel;

/// A chunk that could not be fetched: the network failed, or the server no longer has it (a
/// newer build was published). Nothing ran and nothing changed; the next call fetches again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unfetched;

impl fmt::Display for Unfetched {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("could not fetch its code (offline, or the site was updated): try again")
    }
}

#[cfg(target_arch = "wasm32")]
impl From<wasm_split_helpers::SplitLoaderError> for Unfetched {
    fn from(_: wasm_split_helpers::SplitLoaderError) -> Self {
        // The loader's error carries nothing more; the browser's console says why it failed.
        Unfetched
    }
}

/// The graph as an SVG picture (`export::svg`), from the export chunk.
#[cfg(target_arch = "wasm32")]
#[wasm_split_helpers::wasm_split(export, fallible)]
pub fn svg_picture(view: &ViewModel, title: &str, sim_ms: i64) -> Result<Picture, Unfetched> {
    Ok(export::svg(view, title, sim_ms))
}

/// The graph as an SVG picture (`export::svg`); natively there is nothing to fetch.
#[cfg(not(target_arch = "wasm32"))]
pub async fn svg_picture(view: &ViewModel, title: &str, sim_ms: i64) -> Result<Picture, Unfetched> {
    Ok(export::svg(view, title, sim_ms))
}

/// Carries out one of live mode's requests (`live::net::carry_one`), from the live chunk: the
/// page's fetches, its watch streams and the answers' decoding.
#[cfg(target_arch = "wasm32")]
#[wasm_split_helpers::wasm_split(live, fallible)]
pub fn live_request(
    page: Shared,
    redraw: Callback<()>,
    request: Request,
) -> Result<Pin<Box<dyn Future<Output = ()>>>, Unfetched> {
    Ok(crate::live::net::carry_one(page, redraw, request))
}

/// Carries out one of live mode's requests (`live::net::carry_one`); natively, directly.
#[cfg(not(target_arch = "wasm32"))]
pub async fn live_request(
    page: Shared,
    redraw: Callback<()>,
    request: Request,
) -> Result<Pin<Box<dyn Future<Output = ()>>>, Unfetched> {
    Ok(crate::live::net::carry_one(page, redraw, request))
}
