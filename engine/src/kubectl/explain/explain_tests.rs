//! The verb end to end on the bundled docs; the layout itself is in the golden transcript.

use std::sync::Arc;

use crate::kubectl::Mode;
use crate::session::Session;

use super::*;

fn session(with_docs: bool) -> Session {
    let mut s = Session::script(1);
    s.mode = Mode::Interactive;
    if with_docs {
        s.set_explain_docs(bundled());
    }
    s
}

#[test]
fn explain_uses_the_docs_it_was_handed() {
    let mut s = session(true);
    let out = s.run("k explain deploy.spec.replicas");
    assert_eq!(out.status, 0);
    assert!(out.text().starts_with(
        "GROUP:      apps\nKIND:       Deployment\nVERSION:    v1\n\nFIELD: replicas <integer>\n"
    ));
}

#[test]
fn without_docs_explain_says_so_and_the_session_asks_for_them() {
    let mut s = session(false);
    assert!(s.wants_explain_docs("k explain pods"));
    assert!(s.wants_explain_docs("k get pods && kubectl explain svc | head -3"));
    assert!(s.wants_explain_docs("echo $(k explain pods)"));
    assert!(!s.wants_explain_docs("k get pods"));
    assert!(!s.wants_explain_docs("echo explain"));
    let out = s.run("echo x; k explain pods");
    assert_eq!(out.status, 1);
    assert_eq!(out.text(), format!("x\n{DOCS_NOT_LOADED}\n"));
    s.set_explain_docs(Arc::new(ExplainDocs::clone(&bundled())));
    assert!(!s.wants_explain_docs("k explain pods"));
}

#[test]
fn output_formats_other_than_plaintext_are_refused() {
    let mut s = session(true);
    assert_eq!(s.run("k explain pods -o yaml").text(), "error: unrecognized format: yaml\n");
    assert!(s.run("k explain pods -o plaintext-openapiv2").text().contains("OpenAPI v3"));
    assert_eq!(s.run("k explain pods -o plaintext").status, 0);
}
