//! The message files, one per part of the page. English is compiled in: the page must speak
//! before it can fetch anything. Every other language is fetched on first use from beside the
//! page (`locales/<lang>/<name>.ftl`, copied there by index.html), so a class that reads
//! English downloads no other language's words; the service worker keeps them for offline.

/// The files' names, the same for every language.
pub const NAMES: [&str; 5] = ["shell", "graph", "inspector", "feed", "missions"];

/// The loops' phrases (`kubeloop::controllers::Said`), in every language but English: the
/// engine says them in English itself (`Display`), for the CLI and the API as for the page.
pub const DECISIONS: &str = "decisions";

/// The files a language has: English the page's own, another also the loops' phrases.
pub fn names(lang: super::Lang) -> Vec<&'static str> {
    let mut names = NAMES.to_vec();
    if lang != super::Lang::En {
        names.push(DECISIONS);
    }
    names
}

macro_rules! files {
    ($lang:literal $(, $extra:literal)*) => {
        &[
            include_str!(concat!("../../locales/", $lang, "/shell.ftl")),
            include_str!(concat!("../../locales/", $lang, "/graph.ftl")),
            include_str!(concat!("../../locales/", $lang, "/inspector.ftl")),
            include_str!(concat!("../../locales/", $lang, "/feed.ftl")),
            include_str!(concat!("../../locales/", $lang, "/missions.ftl")),
            $( include_str!(concat!("../../locales/", $lang, "/", $extra, ".ftl")), )*
        ]
    };
}

pub const EN: &[&str] = files!("en");
/// German as the page fetches it, for the native tests.
#[cfg(test)]
pub const DE: &[&str] = files!("de", "decisions");
