//! A mission or course in more languages than its own. A file is written in one language;
//! `translations:` lays other languages' words over it, field by field, so a teacher can
//! hand one file to a class whose page speaks German and to one whose page speaks English.
//! Only words are translated: the setup, the solution and what a check measures stay one.
//!
//! ```yaml
//! translations:
//!   de:
//!     title: Lösche einen Pod
//!     hints: ["…"]
//!     checks:
//!       - explain: die drei Pods laufen wieder
//! ```

use std::collections::BTreeMap;
use std::fmt;

use serde::de::{self, MapAccess, Visitor};
use serde::{Deserialize, Deserializer};

use super::{Mission, Verdict};

/// A mission's words in one more language. A field left out keeps the file's own words; a
/// list may be shorter than the mission's, and its missing items keep theirs.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MissionText {
    #[serde(default)]
    pub title: Option<String>,
    #[serde(default)]
    pub goal: Option<String>,
    #[serde(default)]
    pub hints: Option<Vec<String>>,
    #[serde(default)]
    pub predict: Vec<PredictionText>,
    #[serde(default)]
    pub checks: Vec<CheckText>,
}

#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PredictionText {
    #[serde(default)]
    pub question: Option<String>,
    #[serde(default)]
    pub answer: Option<String>,
    #[serde(default)]
    pub explain: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckText {
    #[serde(default)]
    pub explain: Option<String>,
    #[serde(default)]
    pub hint: Option<String>,
}

/// A course's title and about-text in one more language.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CourseText {
    #[serde(default)]
    pub title: Option<String>,
    #[serde(default)]
    pub about: Option<String>,
}

/// Translations by language tag.
pub type Translations<T> = BTreeMap<String, T>;

/// The entry for `lang` (a page's `de`, or `de-AT`): the tag itself, else one with the same
/// primary language.
pub fn pick<'a, T>(translations: &'a Translations<T>, lang: &str) -> Option<&'a T> {
    let primary = |tag: &str| tag.split(['-', '_']).next().unwrap_or("").to_ascii_lowercase();
    translations
        .get(lang)
        .or_else(|| translations.iter().find(|(t, _)| primary(t) == primary(lang)).map(|(_, v)| v))
}

impl Mission {
    /// The mission as a page in `lang` shows it: the file's words where it has none in that
    /// language. What the mission runs and checks is the same in every language.
    pub fn in_language(&self, lang: &str) -> Mission {
        let mut m = self.clone();
        let Some(text) = pick(&self.translations, lang) else { return m };
        let set = |to: &mut String, from: &Option<String>| {
            if let Some(from) = from {
                to.clone_from(from);
            }
        };
        set(&mut m.title, &text.title);
        set(&mut m.goal, &text.goal);
        if let Some(hints) = &text.hints {
            m.hints.clone_from(hints);
        }
        for (p, t) in m.predict.iter_mut().zip(&text.predict) {
            set(&mut p.question, &t.question);
            set(&mut p.answer, &t.answer);
            set(&mut p.explain, &t.explain);
        }
        for (c, t) in m.checks.iter_mut().zip(&text.checks) {
            set(&mut c.explain, &t.explain);
            set(&mut c.hint, &t.hint);
        }
        m
    }

    /// The title alone in `lang`, for a list of many missions.
    pub fn title_in(&self, lang: &str) -> &str {
        pick(&self.translations, lang).and_then(|t| t.title.as_deref()).unwrap_or(&self.title)
    }

    /// A translation with more predictions or checks than the mission has would translate
    /// nothing: it is a mistake, and said so.
    pub(super) fn check_translations(&self) -> Result<(), String> {
        for (lang, text) in &self.translations {
            for (field, theirs, ours) in [
                ("predict", text.predict.len(), self.predict.len()),
                ("checks", text.checks.len(), self.checks.len()),
            ] {
                if theirs > ours {
                    return Err(format!(
                        "translations.{lang}.{field}: {theirs} items, but the mission has {ours}"
                    ));
                }
            }
        }
        Ok(())
    }
}

impl Verdict {
    /// This verdict of `mission` in `lang`: each check's meaning and hint in that language
    /// where the file has them; what was found is the cluster's, as it is.
    pub fn in_language(&self, mission: &Mission, lang: &str) -> Verdict {
        let mut v = self.clone();
        let Some(text) = pick(&mission.translations, lang) else { return v };
        for (r, t) in v.results.iter_mut().zip(&text.checks) {
            if let Some(explain) = &t.explain {
                r.explain.clone_from(explain);
            }
            if let Some(hint) = &t.hint {
                r.hint.clone_from(hint);
            }
        }
        v
    }
}

/// The language tags a file may use: `de`, `pt-BR`, `zh-Hant`: a primary language of two or
/// three letters, then subtags of letters and digits (BCP 47's shape, not its registry).
fn is_tag(tag: &str) -> bool {
    let mut parts = tag.split('-');
    let primary = parts.next().unwrap_or("");
    (2..=3).contains(&primary.len())
        && primary.bytes().all(|b| b.is_ascii_lowercase())
        && parts.all(|p| (1..=8).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_alphanumeric()))
}

/// `translations:` read with its tags checked where they stand.
pub(super) fn translations<'de, D, T>(d: D) -> Result<Translations<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    struct Tags<T>(std::marker::PhantomData<T>);
    impl<'de, T: Deserialize<'de>> Visitor<'de> for Tags<T> {
        type Value = Translations<T>;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("a mapping of language tags to words")
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
            let mut out = Translations::new();
            while let Some(tag) = map.next_key::<String>()? {
                if !is_tag(&tag) {
                    return Err(de::Error::custom(format!(
                        "{tag:?} is not a language tag: write it as `de`, `fr` or `pt-BR`"
                    )));
                }
                let value = map.next_value()?;
                if out.insert(tag.clone(), value).is_some() {
                    return Err(de::Error::custom(format!("{tag:?} is translated twice")));
                }
            }
            Ok(out)
        }
    }
    d.deserialize_map(Tags(std::marker::PhantomData))
}
