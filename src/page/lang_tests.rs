//! The language picker through the reducer: the choice is remembered, English needs nothing
//! fetched, and a language that cannot be fetched says so and leaves the page in English.

use super::*;
use crate::words::Lang;

#[test]
fn a_language_is_remembered_and_a_failed_fetch_says_so_and_keeps_english() {
    let mut p = Page::new(Sim::new(1), false, false);
    let fx = p.update(Msg::Lang(Lang::En));
    assert_eq!((fx.save_lang, fx.fetch_lang), (Some(Lang::En), None), "English is compiled in");
    let fx = p.update(Msg::Lang(Lang::De));
    assert_eq!(fx.save_lang, Some(Lang::De));
    assert_eq!(p.lang, Lang::De);
    let before = p.sim.log.len();
    p.update(Msg::LangArrived { lang: Lang::De, outcome: Err("HTTP 404".into()) });
    let said: Vec<&str> = p.sim.log[before..].iter().map(|l| l.text.as_str()).collect();
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(
        said[0].contains("the page's words in Deutsch could not be fetched (HTTP 404)"),
        "{said:?}"
    );
    assert!(!Msg::Lang(Lang::De).saves(), "a language is not part of the session");
}
