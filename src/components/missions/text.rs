//! Mission prose as the page shows it. A mission's YAML keeps the author's hard line breaks
//! ("Stop it in a\nway the loops agree with"); a browser should wrap to the panel's width
//! instead. This module reflows the text into blocks and renders them; it keeps lists and
//! code as written, and never interprets markup (mission text is always text).

use yew::prelude::*;

/// One block of mission text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Block {
    /// Lines of one paragraph, joined with single spaces.
    Para(String),
    /// `- item` / `* item` (unordered) or `1. item` / `1) item` (ordered) lines; an indented
    /// line after an item continues it.
    List { ordered: bool, items: Vec<String> },
    /// Lines indented by two or more spaces, or shell lines starting with `$ `, verbatim.
    Code(String),
}

/// The marker of a list item and the text after it, if `line` starts one.
fn item(line: &str) -> Option<(bool, &str)> {
    if let Some(rest) = line.strip_prefix("- ").or_else(|| line.strip_prefix("* ")) {
        return Some((false, rest));
    }
    let digits = line.len() - line.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 || digits > 3 {
        return None;
    }
    let rest = &line[digits..];
    rest.strip_prefix(". ").or_else(|| rest.strip_prefix(") ")).map(|r| (true, r))
}

fn is_code(line: &str) -> bool {
    line.starts_with("  ") || line.starts_with('\t') || line.starts_with("$ ")
}

fn join(into: &mut String, line: &str) {
    if !into.is_empty() {
        into.push(' ');
    }
    into.push_str(line.trim());
}

/// Splits mission text into paragraphs, lists and code, joining the lines of paragraphs and
/// list items so the browser wraps them.
pub fn reflow(text: &str) -> Vec<Block> {
    let mut blocks: Vec<Block> = Vec::new();
    // Whether the last block may take the next line (a blank line ends every block).
    let mut open = false;
    for line in text.lines() {
        let line = line.trim_end();
        if line.trim().is_empty() {
            open = false;
            continue;
        }
        let last = if open { blocks.last_mut() } else { None };
        match (last, item(line)) {
            (Some(Block::List { ordered, items }), Some((o, rest))) if *ordered == o => {
                items.push(rest.trim().to_string())
            }
            (_, Some((ordered, rest))) => {
                blocks.push(Block::List { ordered, items: vec![rest.trim().to_string()] })
            }
            // An indented line after an item continues the item, not a code block.
            (Some(Block::List { items, .. }), None) if line.starts_with(' ') => {
                join(items.last_mut().expect("a list has an item"), line)
            }
            (Some(Block::Code(code)), None) if is_code(line) => {
                code.push('\n');
                code.push_str(line);
            }
            (_, None) if is_code(line) => blocks.push(Block::Code(line.to_string())),
            (Some(Block::Para(p)), None) => join(p, line),
            (_, None) => blocks.push(Block::Para(line.trim().to_string())),
        }
        open = true;
    }
    blocks
}

/// The blocks as HTML: `<p>`, `<ol>`/`<ul>` and `<pre>`.
pub fn render(text: &str) -> Html {
    html! {
        { for reflow(text).into_iter().map(|b| match b {
            Block::Para(p) => html! { <p>{ p }</p> },
            Block::List { ordered: true, items } => html! {
                <ol>{ for items.into_iter().map(|i| html! { <li>{ i }</li> }) }</ol>
            },
            Block::List { ordered: false, items } => html! {
                <ul>{ for items.into_iter().map(|i| html! { <li>{ i }</li> }) }</ul>
            },
            Block::Code(c) => html! { <pre class="mission-code">{ c }</pre> },
        }) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn para(s: &str) -> Block {
        Block::Para(s.into())
    }

    #[test]
    fn lines_of_a_paragraph_join_and_blank_lines_separate_paragraphs() {
        let text =
            "The web app must stop. Stop it in a\nway the loops agree with.\n\nThen look again.\n";
        assert_eq!(
            reflow(text),
            vec![
                para("The web app must stop. Stop it in a way the loops agree with."),
                para("Then look again.")
            ]
        );
    }

    #[test]
    fn lists_keep_their_items_and_an_indented_line_continues_an_item() {
        let text = "Do this:\n1. scale the\n   ReplicaSet\n2. look again\n- one\n- two\n";
        assert_eq!(
            reflow(text),
            vec![
                para("Do this:"),
                Block::List {
                    ordered: true,
                    items: vec!["scale the ReplicaSet".into(), "look again".into()]
                },
                Block::List { ordered: false, items: vec!["one".into(), "two".into()] },
            ]
        );
    }

    #[test]
    fn code_keeps_its_lines_and_indentation() {
        let text = "Run:\n$ k get pods\n  -l app=web\nthen read it.\n";
        assert_eq!(
            reflow(text),
            vec![
                para("Run:"),
                Block::Code("$ k get pods\n  -l app=web".into()),
                para("then read it.")
            ]
        );
    }

    #[test]
    fn a_number_alone_or_a_version_is_not_a_list_item() {
        assert_eq!(reflow("1.27 is the image\n10 pods"), vec![para("1.27 is the image 10 pods")]);
    }

    #[test]
    fn every_built_in_goal_reflows_to_paragraphs_without_hard_breaks() {
        for m in kubeloop::mission::builtin() {
            for b in reflow(&m.goal) {
                if let Block::Para(p) = b {
                    assert!(!p.contains('\n'), "{}: {p}", m.name);
                }
            }
        }
        let m = kubeloop::mission::find("stop-for-real").unwrap();
        assert_eq!(
            reflow(&m.goal),
            vec![para("The web app must stop: no web pod may run. Deleting the pods will not do it. Stop it in a way the loops agree with.")]
        );
    }
}
