//! The page's own words, in the class's language. Every button, panel, label and sentence the
//! page writes is a Fluent message in `locales/<lang>/*.ftl`, formatted by `fluent-bundle`
//! (projectfluent/fluent-rs `fluent-bundle/src/bundle.rs`). What kubectl prints stays
//! English, as kubectl's own does: the terminal and the YAML are the cluster's, not the page's.
//! The loops' decisions are typed phrases (`kubeloop::controllers::Said`): English is the
//! engine's own wording, another language formats each phrase's message (`Words::said`).
//!
//! Components read the words through Yew's context (`use_words`), so choosing a language
//! re-renders every component that shows any; code outside a component is handed `&Words`.
//! English is compiled in; another language is fetched when it is first chosen (`urls`,
//! `provide`), and until it has arrived the page speaks English.

mod choice;
mod files;
mod said;
// Native only: it reads the source tree.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod said_tests;
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;

use std::cell::RefCell;
use std::rc::Rc;

use fluent_bundle::{FluentArgs, FluentBundle, FluentResource, FluentValue};

pub use choice::{fetch, lang_in, load_choice, save_choice, show_choice, LANG_KEY, LANG_PARAM};

/// A language the page ships in full. English is the one every other falls back to, message
/// by message, should one be missing (a test keeps them complete).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    #[default]
    En,
    De,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::En, Lang::De];

    /// The BCP 47 tag: `<html lang>`, `?lang=`, and what is stored.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::De => "de",
        }
    }

    /// The language's name in itself, as a picker lists it.
    pub fn endonym(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::De => "Deutsch",
        }
    }

    /// The language a tag asks for: `de`, `de-AT` and `DE_ch` are German. Only the primary
    /// subtag counts, as the page has one German.
    pub fn from_tag(tag: &str) -> Option<Lang> {
        let primary = tag.trim().split(['-', '_']).next()?.to_ascii_lowercase();
        Lang::ALL.into_iter().find(|l| l.code() == primary)
    }

    /// The language to show: the link's `?lang=` first, then the one chosen in this browser
    /// before, then the browser's own preferences in order, then English.
    pub fn pick(query: Option<&str>, stored: Option<&str>, browser: &[String]) -> Lang {
        query
            .and_then(Lang::from_tag)
            .or_else(|| stored.and_then(Lang::from_tag))
            .or_else(|| browser.iter().find_map(|t| Lang::from_tag(t)))
            .unwrap_or_default()
    }

    /// Where the page fetches this language's messages from, beside itself (English has
    /// none: it is compiled in).
    pub fn urls(self) -> Vec<String> {
        match self {
            Lang::En => Vec::new(),
            _ => files::names(self)
                .iter()
                .map(|n| format!("./locales/{}/{n}.ftl", self.code()))
                .collect(),
        }
    }
}

type Bundle = FluentBundle<FluentResource>;

thread_local! {
    /// Each language's messages, parsed on first use.
    static BUNDLES: RefCell<Vec<(Lang, Rc<Bundle>)>> = const { RefCell::new(Vec::new()) };
}

/// The language's messages, if the page has them: English always, another once provided.
fn bundle(lang: Lang) -> Option<Rc<Bundle>> {
    BUNDLES.with(|b| {
        if let Some((_, found)) = b.borrow().iter().find(|(l, _)| *l == lang) {
            return Some(found.clone());
        }
        let texts: Vec<String> = match lang {
            Lang::En => files::EN.iter().map(|t| t.to_string()).collect(),
            // Tests speak every language without fetching it.
            #[cfg(test)]
            Lang::De => files::DE.iter().map(|t| t.to_string()).collect(),
            #[cfg(not(test))]
            _ => return None,
        };
        let made = Rc::new(build(lang, texts).ok()?);
        b.borrow_mut().push((lang, made.clone()));
        Some(made)
    })
}

/// Whether the page can speak `lang` now.
pub fn has(lang: Lang) -> bool {
    bundle(lang).is_some()
}

/// Gives the page a fetched language's files (`Lang::urls`, in that order). A file that does
/// not parse is refused whole, with where it breaks, and the page stays in English.
pub fn provide(lang: Lang, texts: Vec<String>) -> Result<(), String> {
    let made = Rc::new(build(lang, texts)?);
    BUNDLES.with(|b| {
        let mut b = b.borrow_mut();
        b.retain(|(l, _)| *l != lang);
        b.push((lang, made));
    });
    Ok(())
}

/// One language's files in one bundle.
fn build(lang: Lang, texts: Vec<String>) -> Result<Bundle, String> {
    let tag = lang.code().parse().unwrap_or_default();
    let mut bundle = FluentBundle::new(vec![tag]);
    // Isolation marks (U+2068/U+2069) around each argument are for mixing scripts of both
    // directions; both languages here run left to right, and the marks would reach the
    // clipboard and the tests' text.
    bundle.set_use_isolating(false);
    for (name, text) in files::names(lang).iter().zip(texts) {
        let resource = FluentResource::try_new(text).map_err(|(_, errors)| {
            let first = errors.first().map(|e| e.to_string()).unwrap_or_default();
            format!("locales/{}/{name}.ftl: {first}", lang.code())
        })?;
        // A message defined twice keeps its first wording; the tests refuse such files.
        let _ = bundle.add_resource(resource);
    }
    Ok(bundle)
}

/// The page's words in one language. Cheap to clone and compared by language, so it can be a
/// Yew context and a prop.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Words {
    /// The language shown: the one asked for once it has arrived, English until then.
    lang: Lang,
}

/// A message's argument: text or a number (a number chooses plural forms). The page's own
/// type rather than `FluentValue`, which is large: made at a few hundred call sites, it would
/// put its number options' set-up into each of them; this is turned into one in `format` only.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg<'a> {
    Text(std::borrow::Cow<'a, str>),
    Number(f64),
}

impl<'a> From<&'a str> for Arg<'a> {
    fn from(s: &'a str) -> Self {
        Arg::Text(s.into())
    }
}

impl<'a> From<&'a String> for Arg<'a> {
    fn from(s: &'a String) -> Self {
        Arg::Text(s.as_str().into())
    }
}

impl From<String> for Arg<'_> {
    fn from(s: String) -> Self {
        Arg::Text(s.into())
    }
}

macro_rules! number_args {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg<'_> {
            fn from(n: $t) -> Self {
                Arg::Number(n as f64)
            }
        }
    )*};
}
number_args!(i32, i64, u32, u64, usize, f64);

impl Words {
    pub fn new(lang: Lang) -> Words {
        Words { lang: if has(lang) { lang } else { Lang::En } }
    }

    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// The message `id`, with no arguments.
    #[inline(never)]
    pub fn t(&self, id: &str) -> String {
        self.with(id, &[])
    }

    /// The message `id` with its arguments, as `(name, value)` pairs: `("age", "5s".into())`.
    /// A message this language lacks comes from English; one neither has is shown as its id,
    /// which a test makes impossible for every id the page uses.
    #[inline(never)]
    pub fn with(&self, id: &str, args: &[(&str, Arg<'_>)]) -> String {
        format(self.lang, id, args)
            .or_else(|| (self.lang != Lang::En).then(|| format(Lang::En, id, args)).flatten())
            .unwrap_or_else(|| id.to_string())
    }
}

fn format(lang: Lang, id: &str, args: &[(&str, Arg<'_>)]) -> Option<String> {
    let bundle = bundle(lang)?;
    let pattern = bundle.get_message(id)?.value()?;
    let mut fluent_args = FluentArgs::with_capacity(args.len());
    for (name, value) in args {
        let value = match value {
            Arg::Text(s) => FluentValue::from(s.as_ref()),
            Arg::Number(n) => FluentValue::from(*n),
        };
        fluent_args.set(*name, value);
    }
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, Some(&fluent_args), &mut errors);
    Some(text.into_owned())
}

/// The words of the page's language, for a component: re-rendered when the language changes.
#[yew::hook]
pub fn use_words() -> Words {
    yew::use_context::<Words>().unwrap_or_default()
}
