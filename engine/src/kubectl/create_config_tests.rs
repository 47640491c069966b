//! Each expected text is what `kubectl.1.33 create ... --dry-run=client` printed for the same
//! sources (the env file written to disk for the real one).
use crate::session::Session;

fn run(line: &str) -> String {
    Session::script(1).run(line).text()
}

#[test]
fn literals_make_the_config_map_kubectl_prints() {
    assert_eq!(
        run("k create configmap app --from-literal=greeting=hello --from-literal=x=y --dry-run=client -o yaml"),
        "apiVersion: v1\ndata:\n  greeting: hello\n  x: \"y\"\nkind: ConfigMap\nmetadata:\n  creationTimestamp: null\n  name: app\n"
    );
}

#[test]
fn an_env_file_on_stdin_gives_one_key_per_line() {
    assert_eq!(
        run("k create cm app --from-env-file=/dev/stdin --dry-run=client -o json <<EOF\nA=1\n# c\nB=two=2\nEOF"),
        "{\n    \"kind\": \"ConfigMap\",\n    \"apiVersion\": \"v1\",\n    \"metadata\": {\n        \"name\": \"app\",\n        \"creationTimestamp\": null\n    },\n    \"data\": {\n        \"A\": \"1\",\n        \"B\": \"two=2\"\n    }\n}\n"
    );
}

#[test]
fn a_file_on_stdin_is_one_key_and_the_hash_matches_kubectls() {
    assert_eq!(
        run("k create configmap app --from-file=app.env=/dev/stdin --append-hash --dry-run=client -o yaml <<EOF\nA=1\n# c\nB=two=2\nEOF"),
        "apiVersion: v1\ndata:\n  app.env: |\n    A=1\n    # c\n    B=two=2\nkind: ConfigMap\nmetadata:\n  creationTimestamp: null\n  name: app-bt4t7t46m7\n"
    );
}

#[test]
fn generic_and_docker_registry_secrets_match_kubectl() {
    assert_eq!(
        run("k create secret generic db --from-literal=password=s3cret --dry-run=client -o yaml"),
        "apiVersion: v1\ndata:\n  password: czNjcmV0\nkind: Secret\nmetadata:\n  creationTimestamp: null\n  name: db\n"
    );
    assert_eq!(
        run("k create secret generic db --from-literal=password=s3cret --append-hash --dry-run=client -o name"),
        "secret/db-4gfhb7c4m4\n"
    );
    let docker = run("k create secret docker-registry reg --docker-username=u --docker-password=p --docker-email=e@x --dry-run=client -o json");
    assert!(docker.contains("\".dockerconfigjson\": \"eyJhdXRocyI6eyJodHRwczovL2luZGV4LmRvY2tlci5pby92MS8iOnsidXNlcm5hbWUiOiJ1IiwicGFzc3dvcmQiOiJwIiwiZW1haWwiOiJlQHgiLCJhdXRoIjoiZFRwdyJ9fX0=\""), "{docker}");
    assert!(docker.ends_with("\"type\": \"kubernetes.io/dockerconfigjson\"\n}\n"), "{docker}");
}

#[test]
fn stored_objects_print_their_table_rows() {
    let mut s = Session::script(1);
    assert_eq!(
        s.run("k create cm app --from-literal=a=1 --from-literal=b=2").text(),
        "configmap/app created\n"
    );
    assert_eq!(
        s.run("k create secret generic db --from-literal=password=s3cret").text(),
        "secret/db created\n"
    );
    assert_eq!(
        s.run("k get cm,secret").text(),
        "NAME            DATA   AGE\nconfigmap/app   2      0s\n\nNAME        TYPE     DATA   AGE\nsecret/db   Opaque   1      0s\n"
    );
    assert_eq!(
        s.run("k describe secret db").text(),
        "Name:         db\nNamespace:    default\nLabels:       <none>\nAnnotations:  <none>\n\nType:  Opaque\n\nData\n====\npassword:  6 bytes\n"
    );
}

#[test]
fn bad_sources_are_refused_in_kubectls_words() {
    for (line, err) in [
        ("k create cm a --from-literal==x", "error: invalid literal source =x, expected key=value\n"),
        ("k create cm a --from-file=app.env", "error: error reading app.env: no such file or directory\n"),
        ("k create cm a --from-file==/dev/stdin", "error: key name for file path /dev/stdin missing\n"),
        ("k create cm a --from-literal='bad key=1'", "error: \"bad key\" is not a valid key name for a ConfigMap: a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')\n"),
        ("k create cm a --from-literal=k=1 --from-literal=k=2", "error: cannot add key \"k\", another key by that name already exists in Data for ConfigMap \"a\"\n"),
        ("k create cm a --from-env-file=/dev/stdin --from-literal=a=b", "error: from-env-file cannot be combined with from-file or from-literal\n"),
        ("k create secret generic s --from-literal=k=1 --from-literal=k=2", "error: cannot add key k, another key by that name already exists\n"),
        ("k create secret tls t --cert=tls.crt", "error: key and cert must be specified\n"),
        ("k create secret tls t --cert=tls.crt --key=tls.key", "error: Cannot read file tls.crt, open tls.crt: no such file or directory\n"),
        ("k create secret docker-registry r --docker-username=u", "error: either --from-file or the combination of --docker-username, --docker-password and --docker-server is required\n"),
        ("k create secret opaque s", "error: unknown command \"opaque s\"\nSee 'kubectl create secret -h' for help and examples\n"),
        ("k create cm", "error: exactly one NAME is required, got 0\nSee 'kubectl create configmap -h' for help and examples\n"),
    ] {
        let mut s = Session::script(1);
        assert_eq!(s.run(line).text(), err, "{line}");
        assert_eq!(s.run("k get cm,secret").text(), "No resources found in default namespace.\n", "{line}");
    }
}
