//! The loops' phrases (`kubeloop::controllers::Said`) in the page's language. English is the
//! engine's own wording (`Display`); another language formats the phrase's message,
//! `said-<loop>-<phrase>` in `locales/<lang>/decisions.ftl`, with the phrase's fields as its
//! arguments and its nested phrases said first. (No chunk of its own: the arguments' visitor
//! is in the first load anyway, for the decisions API, and what is left is a few hundred
//! bytes.)

use kubeloop::controllers::said::Arg as SaidArg;
use kubeloop::controllers::Said;

use super::{format, Arg, Lang, Words};

impl Words {
    /// A loop's phrase in the page's language. What Kubernetes itself wrote stays as written,
    /// and so does a phrase whose language has not arrived.
    pub fn said(&self, said: &Said) -> String {
        if self.lang == Lang::En {
            return said.to_string();
        }
        translate(self, said).unwrap_or_else(|| said.to_string())
    }
}

fn translate(w: &Words, said: &Said) -> Option<String> {
    let id = said.id()?;
    let mut args: Vec<(&str, Arg<'_>)> = Vec::new();
    said.each_arg(&mut |name, arg| {
        let value = match arg {
            SaidArg::Num(n) => Arg::Number(n as f64),
            SaidArg::Text(t) => Arg::Text(t.into()),
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
