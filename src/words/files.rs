//! The message files, one per part of the page, compiled in: the page must speak before it
//! can fetch anything. Each language has the same files holding the same messages.

macro_rules! files {
    ($lang:literal) => {
        &[
            include_str!(concat!("../../locales/", $lang, "/shell.ftl")),
            include_str!(concat!("../../locales/", $lang, "/graph.ftl")),
            include_str!(concat!("../../locales/", $lang, "/inspector.ftl")),
            include_str!(concat!("../../locales/", $lang, "/feed.ftl")),
            include_str!(concat!("../../locales/", $lang, "/missions.ftl")),
        ]
    };
}

pub const EN: &[&str] = files!("en");
pub const DE: &[&str] = files!("de");

/// The files' names, in the order of `EN` and `DE`, for the tests' messages.
#[cfg(all(test, not(target_arch = "wasm32")))]
pub const NAMES: [&str; 5] = ["shell", "graph", "inspector", "feed", "missions"];
