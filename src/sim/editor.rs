//! The `k edit` editor and YAML import of the page's session: opening an object's YAML,
//! saving it as `kubectl edit` does, cancelling, and pasted YAML run as `k apply -f -`.

use kubeloop::kubectl::{printers, Output};
use kubeloop::model::Kind;

use super::{EditorState, LineKind, Sim};
use crate::journal::Input;
use crate::selection::ObjRef;

impl Sim {
    pub(super) fn object(&self, target: &ObjRef) -> Option<kubeloop::model::Object> {
        let ns = if target.kind.namespaced() { target.namespace.as_str() } else { "" };
        self.session
            .world
            .store
            .get_object(target.kind, &kubeloop::store::Key::new(ns, &target.name))
    }

    pub(super) fn open_editor(&mut self, target: ObjRef) {
        match self.object(&target) {
            Some(obj) => {
                self.editor =
                    Some(EditorState { initial: printers::to_yaml(&obj), target, error: None })
            }
            None => self.push_lines(
                LineKind::Error,
                &kubeloop::store::ApiError::NotFound {
                    kind: target.kind,
                    name: target.name.clone(),
                }
                .to_string(),
            ),
        }
    }

    /// Applies the editor's text. On error the editor stays open with kubectl's message.
    pub fn save_editor(&mut self, text: &str) {
        let Some(state) = self.editor.clone() else { return };
        let ns = if state.target.namespace.is_empty() {
            "default".to_string()
        } else {
            state.target.namespace.clone()
        };
        self.record(Input::Edit(text.to_string()));
        let out = self.apply_edit(text, &ns);
        if out.status != 0 {
            // The log is the terminal: it gets what `kubectl edit` prints there. kubectl then
            // reopens the file headed with the reasons; here the editor stays open with the
            // same words and the learner's text.
            self.push_output(&out);
            let msg = out.text().trim_end().to_string();
            self.editor = Some(EditorState { error: Some(msg), ..state });
            return;
        }
        self.editor = None;
        // A saved edit, or "Edit cancelled, no changes made." (which kubectl writes to stderr,
        // but which is no failure, so it is not shown as one).
        self.push_lines(LineKind::Output, &out.text());
    }

    /// Saves edited YAML the way `k edit` does: in place, like apply, without recording it in
    /// last-applied-configuration.
    pub(super) fn apply_edit(&mut self, text: &str, ns: &str) -> Output {
        self.session.edit(text, ns)
    }

    /// Imports pasted or dropped YAML: `k apply -f -` with the text as a heredoc (or `k
    /// mission load -f -`, for a mission or course file), echoed and recorded like a typed
    /// command.
    pub fn import_yaml(&mut self, text: &str) {
        self.run_command(&import_line(text));
    }

    /// Closes the editor. After a save that failed, kubectl words it as an error
    /// (`editoptions.go`: "Edit cancelled, no valid changes were saved.").
    pub fn cancel_editor(&mut self) {
        match self.editor.take() {
            Some(EditorState { error: Some(_), .. }) => self
                .push_lines(LineKind::Error, "error: Edit cancelled, no valid changes were saved."),
            Some(_) => self.push_lines(LineKind::Output, "Edit cancelled, no changes made."),
            None => {}
        }
    }
}

/// A heredoc delimiter that no line of `text` equals.
pub(super) fn heredoc_delimiter(text: &str, base: &str) -> String {
    std::iter::once(base.to_string())
        .chain((0..).map(|i| format!("{base}_{i}")))
        .find(|d| !text.lines().any(|l| l.trim() == d))
        .unwrap_or_default()
}

/// `k edit TYPE/NAME`, `k edit TYPE NAME [-n NS]`: the object to open, or kubectl's error.
pub(super) fn edit_target(line: &str) -> Option<Result<ObjRef, String>> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if !matches!(words.as_slice(), ["k" | "kubectl", "edit", ..]) {
        return None;
    }
    let mut ns = "default".to_string();
    let mut rest = Vec::new();
    let mut i = 2;
    while i < words.len() {
        match words[i] {
            "-n" | "--namespace" if i + 1 < words.len() => {
                ns = words[i + 1].to_string();
                i += 1;
            }
            w if w.starts_with("--namespace=") => ns = w["--namespace=".len()..].to_string(),
            w => rest.push(w),
        }
        i += 1;
    }
    let (ty, name) = match rest.as_slice() {
        [one] if one.contains('/') => one.split_once('/').unwrap_or((one, "")),
        [ty, name] => (*ty, *name),
        _ => return Some(Err("error: edit needs one object: k edit TYPE/NAME".into())),
    };
    let Some(kind) = Kind::from_resource(ty) else {
        return Some(Err(format!("error: the server doesn't have a resource type \"{ty}\"")));
    };
    if matches!(kind, Kind::Event) {
        return Some(Err("kubeloop: events cannot be edited here".into()));
    }
    let ns = if kind.namespaced() { ns } else { String::new() };
    Some(Ok(ObjRef::new(kind, &ns, name)))
}

/// The line a dropped or opened manifest runs: `kubectl apply` with it as a heredoc; a
/// mission or course file is loaded instead.
pub fn import_line(text: &str) -> String {
    if super::is_mission_file(text) {
        return super::load_line(text);
    }
    let delim = heredoc_delimiter(text, "EOF");
    format!("k apply -f - <<{delim}\n{}\n{delim}", text.trim_end())
}
