//! Templates against outputs taken from kubectl v1.32's go-template printer.

use serde_json::json;

use super::parse;

fn run(t: &str) -> String {
    let data = json!({
        "kind": "Deployment",
        "metadata": {"name": "web", "labels": {"app": "web", "tier": "front"}, "creationTimestamp": null},
        "spec": {"replicas": 3, "ratio": 0.5, "big": 1000000.0,
                 "containers": [{"name": "a", "image": "nginx"}, {"name": "b", "image": "redis"}]},
        "data": {"token": "aGVsbG8="},
    });
    match parse(t) {
        Ok(tpl) => match tpl.execute(&data) {
            Ok(s) => s,
            Err((s, e)) => format!("{s}ERR {e}"),
        },
        Err(e) => format!("PARSE {e}"),
    }
}

#[test]
fn fields_and_missing_keys_print_as_kubectl_does() {
    assert_eq!(run("{{.metadata.name}} {{.spec.replicas}}"), "web 3");
    assert_eq!(
        run("{{.nope}} {{.nope.x}} {{.metadata.creationTimestamp}}"),
        "<no value> <no value> <no value>"
    );
    assert_eq!(run("{{.metadata.labels}}"), "map[app:web tier:front]");
    assert_eq!(run("{{.spec.containers}}"), "[map[image:nginx name:a] map[image:redis name:b]]");
    assert_eq!(run("{{.spec.ratio}} {{.spec.big}}"), "0.5 1e+06");
    assert_eq!(
        run("{{.metadata.name.x}}"),
        "ERR template: output:1:11: executing \"output\" at <.metadata.name.x>: can't evaluate field x in type interface {}"
    );
}

#[test]
fn range_if_with_and_variables() {
    assert_eq!(run("{{range .spec.containers}}{{.name}}={{.image}};{{end}}"), "a=nginx;b=redis;");
    assert_eq!(run("{{range $i, $c := .spec.containers}}{{$i}}:{{$c.name}} {{end}}"), "0:a 1:b ");
    assert_eq!(
        run("{{range $k, $v := .metadata.labels}}{{$k}}={{$v}},{{end}}"),
        "app=web,tier=front,"
    );
    assert_eq!(run("{{range .nope}}x{{else}}empty{{end}}"), "empty");
    assert_eq!(
        run(
            "{{if eq .spec.replicas 3}}three{{else if gt .spec.replicas 3}}more{{else}}less{{end}}"
        ),
        "three"
    );
    assert_eq!(
        run("{{with .metadata.labels}}{{.app}}{{end}}{{with .nope}}x{{else}}none{{end}}"),
        "webnone"
    );
    assert_eq!(
        run("{{$n := .metadata.name}}{{range .spec.containers}}{{$n}}/{{.name}} {{end}}{{$.kind}}"),
        "web/a web/b Deployment"
    );
    assert_eq!(run("{{range .spec.containers}}{{if eq .name \"a\"}}{{continue}}{{end}}{{.name}}{{break}}{{end}}"), "b");
    assert_eq!(run("  {{- .metadata.name -}}  \n {{/* note */}}!"), "web!");
}

#[test]
fn functions_follow_go_and_kubectl() {
    assert_eq!(run("{{printf \"%d|%v|%s|%q|%5s|%-5s|\" .spec.replicas .spec.replicas .metadata.name .metadata.name \"a\" \"b\"}}"), "3|3|web|\"web\"|    a|b    |");
    assert_eq!(run("{{printf \"%d %s\" 1}}"), "1 %!s(MISSING)");
    assert_eq!(run("{{printf \"%d\" 1 2}}"), "1%!(EXTRA int=2)");
    assert_eq!(run("{{printf \"%d\" .metadata.name}}"), "%!d(string=web)");
    assert_eq!(run("{{printf \"%.2f\" .spec.ratio}}"), "0.50");
    assert_eq!(run("{{print 1 2 \"a\" \"b\" 3}}"), "1 2ab3");
    assert_eq!(run("{{len .spec.containers}} {{index .spec.containers 1 \"name\"}} {{index .metadata.labels \"zz\"}}"), "2 b <no value>");
    assert_eq!(run("{{exists . \"spec\" \"replicas\"}}{{exists . \"x\"}}"), "truefalse");
    assert_eq!(run("{{base64decode .data.token}}"), "hello");
    assert_eq!(run("{{and 1 0}} {{or 0 \"x\"}} {{not .nope}}"), "0 x true");
    assert_eq!(run("{{.metadata.name | printf \"<%s>\"}}"), "<web>");
    assert_eq!(
        run("{{eq .spec.replicas 3.0}}"),
        "ERR template: output:1:2: executing \"output\" at <eq .spec.replicas 3.0>: error calling eq: incompatible types for comparison"
    );
    assert_eq!(
        run("{{len .nope}}"),
        "ERR template: output:1:2: executing \"output\" at <len .nope>: error calling len: reflect: call of reflect.Value.Type on zero Value"
    );
    assert_eq!(
        run("{{len .spec.containers}}{{len 3}}"),
        "2ERR template: output:1:26: executing \"output\" at <len 3>: error calling len: len of type int"
    );
    assert_eq!(
        run("{{base64decode \"!!\"}}"),
        "ERR template: output:1:2: executing \"output\" at <base64decode \"!!\">: error calling base64decode: base64 decode failed: illegal base64 data at input byte 0"
    );
}

#[test]
fn execution_errors_name_the_node_as_go_does() {
    for (t, want) in [
        ("{{range .spec.replicas}}{{.}}{{end}}", "1:13: executing \"output\" at <.spec.replicas>: range can't iterate over 3"),
        ("{{.spec.replicas.x}}", "1:7: executing \"output\" at <.spec.replicas.x>: can't evaluate field x in type interface {}"),
        ("{{$x := 1}}{{$x.y}}", "1:15: executing \"output\" at <$x.y>: can't evaluate field y in type int"),
        ("{{printf .spec.replicas}}", "1:14: executing \"output\" at <.spec.replicas>: wrong type for value; expected string; got int64"),
        ("{{printf 3}}", "1:9: executing \"output\" at <3>: expected string; found 3"),
        ("{{base64decode .nope}}", "1:15: executing \"output\" at <.nope>: invalid value; expected string"),
        ("{{.metadata.name \"x\"}}", "1:11: executing \"output\" at <.metadata.name>: name is not a method but has arguments"),
        ("{{3 4}}", "1:2: executing \"output\" at <3>: can't give argument to non-function 3"),
        ("{{nil}}", "1:2: executing \"output\" at <nil>: nil is not a command"),
    ] {
        assert_eq!(run(t), format!("ERR template: output:{want}"), "{t}");
    }
    assert_eq!(run("{{printf \"%T %T\" .spec.replicas 1}}"), "int64 int");
    assert_eq!(
        run("{{printf \"%v %.3v %6.2f %x %X %o %c %q %U\" 1.5 3.14159 2.5 \"hi\" 255 8 65 66 67}}"),
        "1.5 3.14   2.50 6869 FF 10 A 'B' U+0043"
    );
    assert_eq!(run("{{printf \"%s|%v|%d\" nil .nope .nope}}"), "%!s(<nil>)|<nil>|%!d(<nil>)");
    assert_eq!(
        run("{{printf \"%d%%\" 50}} {{printf \"%!\"}} {{printf \"%z\" 1}}"),
        "50% %!!(MISSING) %!z(int=1)"
    );
    assert_eq!(run("{{and .nope 1}}|{{or .nope \"\"}}|{{and 1 2}}|{{or 0 0}}"), "<no value>||2|0");
    assert_eq!(run("{{with .nope}}x{{else with .spec}}{{.replicas}}{{end}}"), "3");
    assert_eq!(run("{{println 1 \"a\" 2}}x"), "1 a 2\nx");
    assert_eq!(
        run("{{printf \"%5.1f|%x|%08.3f|%+d|%e\" 3.14159 255 3.14159 5 123456.0}}"),
        "  3.1|ff|0003.142|+5|1.234560e+05"
    );
    assert_eq!(
        run("{{html \"<a href='x'>\"}} {{slice \"abc\" 1}} {{urlquery \"a b&c\"}}"),
        "&lt;a href=&#39;x&#39;&gt; bc a+b%26c"
    );
}

#[test]
fn parse_errors_are_worded_as_go() {
    for (t, want) in [
        ("{{.metadata.name}", "bad character U+007D '}'"),
        ("{{if}}", "missing value for if"),
        ("{{end}}", "unexpected {{end}}"),
        ("{{range .x}}", "unexpected EOF"),
        ("{{\"abc}}", "unterminated quoted string"),
        ("{{foo}}", "function \"foo\" not defined"),
        ("{{$x}}", "undefined variable \"$x\""),
        ("{{(.a}}", "unclosed left paren"),
        ("{{.a)}}", "unexpected right paren"),
        ("{{/* x }}", "unclosed comment"),
        ("{{3x}}", "bad number syntax: \"3x\""),
        ("{{#}}", "unexpected \"#\" in command"),
        ("{{.a}", "bad character U+007D '}'"),
        ("{{.a }", "unexpected \"}\" in operand"),
        ("{{break}}", "{{break}} outside {{range}}"),
    ] {
        assert_eq!(run(t), format!("PARSE template: output:1: {want}"), "{t}");
    }
    assert_eq!(run("{{.a\n}"), "PARSE template: output:2: unexpected \"}\" in operand");
    assert_eq!(
        run("{{.a | 3}}"),
        "PARSE template: output:1: non executable command in pipeline stage 2"
    );
    assert_eq!(
        run("{{if .x}}{{else}}{{else}}{{end}}"),
        "PARSE template: output:1: expected end; found {{else}}"
    );
    assert_eq!(
        run("{{with $x := 3}}{{$x}}{{end}}{{$x}}"),
        "PARSE template: output:1: undefined variable \"$x\""
    );
}

#[test]
fn deep_nesting_and_runaway_ranges_are_refused_not_overflowed() {
    let deep_if = "{{if 1}}".repeat(5000) + &"{{end}}".repeat(5000);
    assert_eq!(run(&deep_if), "PARSE template: output:1: max expression depth exceeded");
    let deep_paren = "{{".to_string() + &"(".repeat(5000) + "1" + &")".repeat(5000) + "}}";
    assert_eq!(run(&deep_paren), "PARSE template: output:1: max expression depth exceeded");
    let nested = "{{range $.spec.containers}}".repeat(40) + "x" + &"{{end}}".repeat(40);
    assert!(run(&nested).contains("kubeloop: the template did too much work"));
    // A shallow nest still parses.
    assert_eq!(run(&("{{if 1}}".repeat(50) + "y" + &"{{end}}".repeat(50))), "y");
}
