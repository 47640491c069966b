//! Tests of `kubectl get` as a user sees it: streams, empty results, and the options.

use crate::kubectl::Stream;
use crate::session::Session;

fn streams(line: &str) -> (String, String) {
    let mut s = Session::script(1);
    let out = s.run(line);
    let pick = |want: Stream| {
        out.chunks.iter().filter(|(st, _)| *st == want).map(|(_, t)| t.as_str()).collect()
    };
    (pick(Stream::Stdout), pick(Stream::Stderr))
}

#[test]
fn empty_generic_output_goes_to_stdout_with_nothing_on_stderr() {
    let (out, err) = streams("k get pods -o yaml");
    assert_eq!(out, "apiVersion: v1\nitems: []\nkind: List\nmetadata:\n  resourceVersion: \"\"\n");
    assert_eq!(err, "");
    assert_eq!(streams("k get pods -o name"), (String::new(), String::new()));
}

#[test]
fn an_empty_table_says_so_on_stderr_only() {
    let (out, err) = streams("k get pods");
    assert_eq!(out, "");
    assert_eq!(err, "No resources found in default namespace.\n");
}

#[test]
fn a_bad_selector_prints_the_empty_list_then_the_server_error() {
    let (out, err) = streams("k get pods -l 'a in (' -o json");
    assert!(out.contains("\"items\": []"), "{out}");
    assert!(
        err.starts_with("Error from server (BadRequest): Unable to find \"/v1, Resource=pods\"")
    );
}

#[test]
fn custom_columns_print_nothing_for_a_missing_name_and_refuse_a_watch() {
    let (out, err) = streams("k get pod nope -o custom-columns=NAME:.metadata.name");
    assert_eq!(out, "");
    assert_eq!(err, "Error from server (NotFound): pods \"nope\" not found\n");
    let (out, err) = streams("k get pods -w -o custom-columns=NAME:.metadata.name");
    assert_eq!(out, "");
    assert_eq!(err, "kubeloop: -o custom-columns with --watch is not supported in kubeloop\n");
    let (_, err) = streams("k get pods -w --field-selector status.phase=Running");
    assert_eq!(err, "kubeloop: --field-selector with --watch is not supported in kubeloop\n");
}

#[test]
fn a_field_selector_conflicts_with_names_and_custom_columns_with_label_options() {
    let (_, err) = streams("k get nodes node-1 --field-selector metadata.name=other");
    assert_eq!(err, "error: name cannot be provided when a selector is specified\n");
    let (_, err) = streams("k get node/node-1 --field-selector metadata.name=other");
    assert_eq!(
        err,
        "error: selectors and the all flag cannot be used when passing resource/name arguments\n"
    );
    let (_, err) = streams("k get nodes -L app -o custom-columns=N:.metadata.name");
    assert_eq!(
        err,
        "error: --label-columns option cannot be used with custom-columns=N:.metadata.name printer\n"
    );
    let (_, err) = streams("k get nodes --show-labels -o custom-columns=N:.metadata.name");
    assert!(err.starts_with("error: --show-labels option cannot be used with custom-columns="));
}

#[test]
fn hostile_option_values_get_errors_not_panics() {
    // Each prints something (rows or an error) and none panics.
    for line in [
        "k get nodes --sort-by='{range .items[*]}{.x}{end}'",
        "k get nodes --sort-by=é",
        "k get nodes --field-selector 'é=é,\\'",
        "k get nodes --field-selector '=,=,!='",
        "k get nodes -o custom-columns=:,:",
        "k get nodes -o 'custom-columns=A:.x['",
        "k get nodes -L ,,,é",
        "k get nodes --sort-by=.status.capacity.cpu -o name",
    ] {
        let (out, err) = streams(line);
        assert!(!(out.is_empty() && err.is_empty()), "{line}");
    }
}

#[test]
fn the_line_between_kinds_is_on_stdout_and_gone_without_headers() {
    // get.go's separatorWriterWrapper writes it to the tables' own writer (kubectl 1.27 to
    // 1.33 against kubeloop serve print it on stdout too).
    let mut s = Session::script(1);
    assert_eq!(s.run("k create deployment web --image=nginx:1.27").status, 0);
    assert_eq!(s.run("k expose deploy web --port=80").status, 0);
    let out = s.run("k get deploy,svc");
    assert_eq!(out.stdout().lines().filter(|l| l.is_empty()).count(), 1);
    assert!(out.text().contains("\n\nNAME "), "{}", out.text());
    let out = s.run("k get deploy,svc --no-headers");
    assert!(!out.text().contains("\n\n"), "{}", out.text());
}

#[test]
fn go_templates_read_stdin_and_report_errors_on_both_streams() {
    let mut s = Session::script(1);
    assert_eq!(s.run("k create deployment web --image=nginx:1.27").status, 0);
    let out = s.run("k get deploy web -o go-template-file=/dev/stdin <<EOF\n{{.kind}}\nEOF");
    assert_eq!(out.text(), "Deployment\n");
    let out = s.run("k get deploy web -o go-template='{{.kind}}{{len 3}}'");
    assert_eq!(out.status, 1);
    assert!(out.stdout().starts_with("DeploymentError executing template: "));
    assert!(out.text().ends_with("error calling len: len of type int\n"), "{}", out.text());
}
