//! The loops' phrases (`kubeloop::controllers::Said`) in the page's language. English is the
//! engine's own wording (`Display`); another language formats the phrase's message,
//! `said-<loop>-<phrase>` in `locales/<lang>/decisions.ftl`, with the phrase's fields as its
//! arguments and its nested phrases said first.
//!
//! In the page's split build the formatting for another language ships in its own chunk
//! (`crate::lazy::link_phrases`), fetched with that language's messages: a class that reads
//! English never downloads it.

use kubeloop::controllers::said::Arg as SaidArg;
use kubeloop::controllers::Said;

use super::{format, Arg, Lang, Words};

#[cfg(kubeloop_split)]
static LINKED: std::sync::OnceLock<fn(&Words, &Said) -> Option<String>> =
    std::sync::OnceLock::new();

impl Words {
    /// A loop's phrase in the page's language. What Kubernetes itself wrote stays as written,
    /// and so does a phrase whose language has not arrived.
    pub fn said(&self, said: &Said) -> String {
        if self.lang == Lang::En {
            return said.to_string();
        }
        #[cfg(kubeloop_split)]
        let translated = LINKED.get().and_then(|f| f(self, said));
        #[cfg(not(kubeloop_split))]
        let translated = translate(self, said);
        translated.unwrap_or_else(|| said.to_string())
    }
}

/// Makes other languages' phrases reachable: called from their chunk.
pub fn link() {
    #[cfg(kubeloop_split)]
    let _ = LINKED.set(translate);
}

fn translate(w: &Words, said: &Said) -> Option<String> {
    let id = said.id()?;
    let mut args: Vec<(&str, Arg<'_>)> = Vec::new();
    said.each_arg(&mut |name, arg| {
        let value = match arg {
            SaidArg::Num(n) => Arg::Number(n as f64),
            SaidArg::Text(t) => Arg::Text(t.to_string().into()),
            SaidArg::Said(p) => Arg::Text(w.said(p).into()),
            SaidArg::List(list) => {
                let said: Vec<String> = list.iter().map(|p| w.said(p)).collect();
                Arg::Text(said.join(", ").into())
            }
        };
        args.push((name, value));
    });
    format(w.lang, id, &args)
}
