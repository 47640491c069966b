//! JSONPath vectors ported from client-go jsonpath_test.go and parser_test.go.

use super::*;
use proptest::prelude::*;
use serde_json::json;

fn ok(template: &str, data: &Value) -> String {
    render(template, data).unwrap_or_else(|e| panic!("{template}: {e}"))
}

fn err(template: &str, data: &Value) -> String {
    match render(template, data) {
        Ok(out) => panic!("{template}: expected an error, got {out:?}"),
        Err(e) => e.to_string(),
    }
}

fn check(data: &Value, cases: &[(&str, &str)]) {
    for (template, want) in cases {
        assert_eq!(ok(template, data), *want, "template {template}");
    }
}

fn pods() -> Value {
    json!({"kind": "List", "items": [
        {"metadata": {"name": "web-1", "labels": {"app": "web"}},
         "spec": {"nodeName": "node-a", "replicas": 3}, "status": {"phase": "Running"}},
        {"metadata": {"name": "web-2", "labels": {"app": "web"}},
         "spec": {"replicas": 1}, "status": {"phase": "Pending"}},
    ]})
}

#[test]
fn owner_reference_lesson_prints_kind_slash_name() {
    let list = json!({"kind": "List", "items": [{"metadata": {"ownerReferences": [
        {"kind": "ReplicaSet", "name": "web-7d9f5cbb6d"}]}}]});
    let template = concat!(
        "{.items[0].metadata.ownerReferences[0].kind}/",
        r#"{.items[0].metadata.ownerReferences[0].name}{"\n"}"#
    );
    assert_eq!(ok(template, &list), "ReplicaSet/web-7d9f5cbb6d\n");
}

#[test]
fn range_prints_one_line_per_item() {
    let template = r#"{range .items[*]}{.metadata.name}{"\t"}{.status.phase}{"\n"}{end}"#;
    assert_eq!(ok(template, &pods()), "web-1\tRunning\nweb-2\tPending\n");
}

#[rustfmt::skip]
#[test]
fn everyday_kubectl_templates_select_and_join_with_spaces() {
    check(&pods(), &[
        ("{.items[*].metadata.name}", "web-1 web-2"),
        (r#"{.items[?(@.status.phase=="Running")].metadata.name}"#, "web-1"),
        (r#"{.items[?(@.status.phase != 'Running')].metadata.name}"#, "web-2"),
        ("{.items[?(@.spec.nodeName)].metadata.name}", "web-1"),
        ("{.items[?(@.spec.replicas>1)].metadata.name}", "web-1"),
        ("{.items[?(@.spec.replicas<=1)].metadata.name}", "web-2"),
        ("{.items[?(@.spec.replicas>=1)].metadata.name}", "web-1 web-2"),
        ("{.items[?(@.spec.replicas<3)].metadata.name}", "web-2"),
        ("{.items[-1:].metadata.name} {.items[-1].metadata.name}", "web-2 web-2"),
        ("{.items[1:2].metadata.name}", "web-2"),
        ("{..name}", "web-1 web-2"),
        ("{.items[0].metadata.labels}", r#"{"app":"web"}"#),
        ("{.items[0].metadata['name','labels']}", r#"web-1 {"app":"web"}"#),
        ("{.items[0].status.missing}{.nope.nope[3]}", ""),
        ("{.kind}: {.items[0].spec.replicas} {true} {1.5} {-2}", "List: 3 true 1.5 -2"),
        // Inside a range `$` is the item, as in Go.
        ("{range .items[*]}{$.metadata.name},{end}", "web-1,web-2,"),
        ("text } outside {.kind}", "text } outside List"),
    ]);
}

#[rustfmt::skip]
#[test]
fn current_object_and_empty_action_print_sorted_json() {
    let data = json!({"b": 1, "a": [true, null]});
    let whole = r#"{"a":[true,null],"b":1}"#;
    check(&data, &[("{@}", whole), ("{$}", whole), ("{}", whole)]);
}

#[rustfmt::skip]
#[test]
fn escaped_dots_reach_dotted_keys_but_bracket_keys_split_on_dots() {
    let data = json!({"metadata": {"name": "x", "labels": {"app.kubernetes.io/name": "web"}}});
    check(&data, &[
        (r"{.metadata.labels.app\.kubernetes\.io/name}", "web"),
        (r"{.metadata.labels['app\.kubernetes\.io/name']}", "web"),
        // Go re-parses a bracket key as `.key`, so unescaped dots split it.
        ("{['metadata.name']}", "x"),
        ("{.metadata.labels['app.kubernetes.io/name']}", ""),
    ]);
}

#[rustfmt::skip]
#[test]
fn scalars_print_like_go_and_maps_like_encoding_json() {
    let data = json!({"null": null, "small": 1.5e-7, "big": 1234567.5, "whole": 3.0, "int": 42,
                      "html": {"t": "<b>&</b>", "n": [1e21, 1.5e-7, 0.25]}, "s": "ab"});
    check(&data, &[
        ("{.null}", "<nil>"),
        ("{.small} {.big} {.whole} {.int}", "1.5e-07 1.2345675e+06 3 42"),
        ("{.html}", r#"{"n":[1e+21,1.5e-7,0.25],"t":"\u003cb\u003e\u0026\u003c/b\u003e"}"#),
        // Go walks a string's bytes.
        ("{.s.*}", "97 98"),
    ]);
}

#[rustfmt::skip]
#[test]
fn string_literals_use_go_escapes() {
    check(&Value::Null, &[
        (r#"{"\n"}{"\t"}{"\u00e9"}{'it\'s'}{"\x41\101"}"#, "\n\téit'sAA"),
        (r#"{"{"}"#, "{"),
        (r#"{"a}b"}"#, "a}b"),
        (r#"{"say \"hi\""}"#, "say \"hi\""),
    ]);
}

#[rustfmt::skip]
#[test]
fn parse_errors_use_client_go_wording() {
    for (template, want) in [
        ("{.hello", "unclosed action"),
        ("{.a\n}", "unclosed action"),
        ("{!}", "unrecognized character in action: U+0021 '!'"),
        ("{*}", "unrecognized character in action: U+002A '*'"),
        ("{.a,.b}", "unrecognized character in action: U+002C ','"),
        ("{\t}", "unrecognized character in action: U+0009"),
        (r"{\\\}", r"unrecognized character in action: U+005C '\'"),
        ("{+12.3.0}", "cannot parse number +12.3.0"),
        ("{[1}", "unterminated array"),
        ("{[a]}", "invalid array index a"),
        ("{[1:2:3:4]}", "invalid array index 1:2:3:4"),
        ("{[-]}", "array index - is not a number"),
        ("{[99999999999999999999]}", "array index 99999999999999999999 is not a number"),
        ("{[?(.price]}", "unterminated filter"),
        ("{[?(@.a)}", "unclosed array expect ]"),
        (r#"{"abc}"#, "unterminated quoted string"),
        (r#"{"\q"}"#, r#"unquote string "\q" error invalid syntax"#),
        ("{....Price}", "invalid multiple recursive descent"),
    ] {
        let got = parse(template).map(|_| ()).unwrap_err().to_string();
        assert_eq!(got, want, "template {template:?}");
    }
}

#[rustfmt::skip]
#[test]
fn execution_errors_use_client_go_wording() {
    let data = json!({"items": [1, 2, 3], "spec": {"a": 1, "b": ["x", null]}, "f": [{"x": 2.5}]});
    for (template, want) in [
        ("{.items[5]}", "array index out of bounds: index 5, length 3"),
        ("{.items[-5]}", "array index out of bounds: index -2, length 3"),
        ("{.items[1:9]}", "array index out of bounds: index 8, length 3"),
        ("{.items[2:1]}", "starting index 2 is greater than ending index 1"),
        ("{.items[0:3:0]}", "step must be > 0"),
        ("{.spec[0]}", "map[string]interface {} is not array or slice"),
        ("{.spec.a[0]}", "int64 is not array or slice"),
        ("{.spec[?(@.a)]}", "map[a:1 b:[x <nil>]] is not array or slice and cannot be filtered"),
        ("{.f[?(@.x<3)]}", "incompatible types for comparison"),
        ("{.f[?(@<3)]}", "invalid type for comparison"),
        ("{.f[?(@.x<>3)]}", "unrecognized filter operator <>"),
        ("{hello}", "unrecognized identifier hello"),
        ("{end}", "not in range, nothing to end"),
    ] {
        assert_eq!(err(template, &data), want, "template {template}");
    }
    // A float literal does compare with float data.
    assert_eq!(ok("{.f[?(@.x<3.0)].x}", &data), "2.5");
}

#[rustfmt::skip]
#[test]
fn client_go_type_vectors_print_slices_as_json() {
    let types = json!({
        "bools": [true, false, true, false], "integers": [1, 2, 3, 4],
        "floats": [1.0, 2.2, 3.3, 4.0], "strings": ["one", "two", "three", "four"],
        "interfaces": [true, "one", 1, 1.1],
        "maps": [{"name": "one", "value": 1}, {"name": "two", "value": 2.02},
                 {"name": "three", "value": 3.03}, {"name": "four", "value": 4.04}]});
    check(&types, &[
        ("{ .bools }", "[true,false,true,false]"),
        ("{ .bools[-1] }", "false"),
        ("{ .bools[:4:2] }", "true true"),
        ("{ .integers[-2] }", "3"),
        ("{ .integers[:4:2] }", "1 3"),
        ("{ .floats }", "[1,2.2,3.3,4]"),
        ("{ .floats[0:2] }", "1 2.2"),
        ("{ .strings }", r#"["one","two","three","four"]"#),
        ("{ .strings[-2] }", "three"),
        ("{ .interfaces }", r#"[true,"one",1,1.1]"#),
        ("{ .interfaces[:4:2] }", "true 1"),
        ("{ .maps[0] }", r#"{"name":"one","value":1}"#),
        ("{ .maps[1::2] }", r#"{"name":"two","value":2.02} {"name":"four","value":4.04}"#),
    ]);
}

#[rustfmt::skip]
#[test]
fn client_go_store_vectors_with_maps_in_key_order() {
    let store = json!({"Name": "jsonpath",
        "Book": [
            {"Category": "reference", "Author": "Nigel Rees", "Title": "Sayings of the Centurey", "Price": 8.95},
            {"Category": "fiction", "Author": "Evelyn Waugh", "Title": "Sword of Honour", "Price": 12.99},
            {"Category": "fiction", "Author": "Herman Melville", "Title": "Moby Dick", "Price": 8.99}],
        "Bicycle": [{"Color": "red", "Price": 19.95, "IsNew": true},
                    {"Color": "green", "Price": 20.01, "IsNew": false}],
        "Labels": {"engieer": 10, "web/html": 15, "k8s-app": 20},
        "Employees": {"jason": "manager", "dan": "clerk"}});
    let moby = r#"{"Author":"Herman Melville","Category":"fiction","Price":8.99,"Title":"Moby Dick"}"#;
    let red = r#"{"Color":"red","IsNew":true,"Price":19.95}"#;
    let green = r#"{"Color":"green","IsNew":false,"Price":20.01}"#;
    check(&store, &[
        ("hello jsonpath", "hello jsonpath"),
        ("hello {.Name}", "hello jsonpath"),
        ("{$.Labels.web/html}", "15"),
        ("{$.Employees.jason}", "manager"),
        ("{.Labels.k8s-app}", "20"),
        ("{.Bicycle[*].Color}", "red green"),
        ("{.Book[*].Author}", "Nigel Rees Evelyn Waugh Herman Melville"),
        (r#"{range .Bicycle[*]}{ "{" }{ @.* }{ "} " }{end}"#, "{red true 19.95} {green false 20.01} "),
        ("{..Price}", "19.95 20.01 8.95 12.99 8.99"),
        ("{...Price}", "19.95 20.01 8.95 12.99 8.99"),
        ("{.Bicycle}", &format!("[{red},{green}]")),
        (r#"{range .Bicycle[*]}{ @ }{ " " }{end}"#, &format!("{red} {green} ")),
        ("{.Book[-1:]}", moby),
        ("{..Book[2]}", moby),
        ("{.Bicycle[?(@.IsNew==true)]}", red),
        ("{.hello}", ""),
    ]);
    assert_eq!(err("{range .Labels.*}{@}{end}{end}", &store), "not in range, nothing to end");
    check(&json!([1, 2, 3]), &[("{..}", "[1,2,3]")]);
    check(&json!([2, 6, 3, 7]), &[("{[?(@<5)]}", "2 3")]);
    check(&json!([0, 1, 2, 3, 4]), &[("{[1,3,4]}", "1 3 4")]);
    check(&json!(["Monday", "Tudesday"]), &[("{[0:2]}", "Monday Tudesday")]);
    let points = json!([{"id": "i1", "x": 4, "y": -5}, {"id": "i2", "x": -2, "y": -5, "z": 1},
                        {"id": "i3", "x": 8, "y": 3}, {"id": "i5", "x": 0, "y": 2, "z": 1}]);
    check(&points, &[("{[?(@.z)].id}", "i2 i5"), ("{[0]['id']}", "i1")]);
}

#[rustfmt::skip]
#[test]
fn client_go_kubernetes_vectors() {
    let nodes = json!({"kind": "List", "items": [
        {"kind": "None", "metadata": {"name": "127.0.0.1", "labels": {"kubernetes.io/hostname": "127.0.0.1"}},
         "status": {"capacity": {"cpu": "4"}, "ready": true,
                    "addresses": [{"type": "LegacyHostIP", "address": "127.0.0.1"}]}},
        {"kind": "None", "metadata": {"name": "127.0.0.2", "labels": {"kubernetes.io/hostname": "127.0.0.2"}},
         "status": {"capacity": {"cpu": "8"}, "ready": false,
                    "addresses": [{"type": "LegacyHostIP", "address": "127.0.0.2"},
                                  {"type": "another", "address": "127.0.0.3"}]}},
    ], "users": [{"name": "myself", "user": {}},
                 {"name": "e2e", "user": {"username": "admin", "password": "secret"}}]});
    check(&nodes, &[
        ("{range .items[*]}{.metadata.name}, {end}{.kind}", "127.0.0.1, 127.0.0.2, List"),
        (r#"{range .items[*]}{.metadata.name}{"\t"}{end}"#, "127.0.0.1\t127.0.0.2\t"),
        ("{.items[*].status.addresses[*].address}", "127.0.0.1 127.0.0.2 127.0.0.3"),
        ("{range .items[*]}{range .status.addresses[*]}{.address}, {end}{end}",
         "127.0.0.1, 127.0.0.2, 127.0.0.3, "),
        ("{.items[*]['metadata.name', 'status.capacity']}",
         r#"127.0.0.1 127.0.0.2 {"cpu":"4"} {"cpu":"8"}"#),
        ("{range .items[*]}[{.metadata.name}, {.status.capacity}] {end}",
         r#"[127.0.0.1, {"cpu":"4"}] [127.0.0.2, {"cpu":"8"}] "#),
        (r#"{.users[?(@.name=="e2e")].user.password}"#, "secret"),
        (r"{.items[0].metadata.labels.kubernetes\.io/hostname}", "127.0.0.1"),
        (r#"{.items[?(@.metadata.labels.kubernetes\.io/hostname=="127.0.0.1")].kind}"#, "None"),
        ("{.items[?(@..ready==true)].metadata.name}", "127.0.0.1"),
        ("{..name}", "127.0.0.1 127.0.0.2 myself e2e"),
    ]);
}

#[rustfmt::skip]
#[test]
fn nested_empty_and_unclosed_ranges_follow_client_go() {
    let empty = json!({"items": []});
    check(&empty, &[
        ("{range .items[*]}{.metadata.name}{end}", ""),
        (r#"{range .items[*]}{.metadata.name}{":"}{range @.spec.containers[*]}{.name}{","}{end}{"+"}{end}"#, ""),
    ]);
    let pod = |name: &str, containers: &[&str]| {
        let another = json!([{"name": "value1"}, {"name": "value2"}]);
        let cs: Vec<Value> = containers.iter().map(|c| json!({"name": c, "another": another})).collect();
        json!({"metadata": {"name": name}, "spec": {"containers": cs}})
    };
    let data = json!({"items": [pod("pod1", &["foo", "bar"]), pod("pod2", &["baz"])]});
    check(&data, &[
        (r#"{range .items[*]}{.metadata.name}{":"}{range @.spec.containers[*]}{.name}{","}{end}{"+"}{end}"#,
         "pod1:foo,bar,+pod2:baz,+"),
        (concat!(r#"{range .items[*]}{.metadata.name}{"~"}{range @.spec.containers[*]}{.name}{":"}"#,
                 r##"{range @.another[*]}{.name}{","}{end}{"+"}{end}{"#"}{end}"##),
         "pod1~foo:value1,value2,+bar:value1,value2,+#pod2~baz:value1,value2,+#"),
        (concat!(r#"{range .items[*]}{.metadata.name}{"\t"}{range @.spec.containers[*]}{.name}{" "}{end}"#,
                 r#"{"\t"}{range @.spec.containers[*]}{.name}{" "}{end}{"\n"}{end}"#),
         "pod1\tfoo bar \tfoo bar \npod2\tbaz \tbaz \n"),
        // An unclosed range runs to the end of the template.
        ("{range .items[*]}{.metadata.name};", "pod1;pod2;"),
    ]);
}

#[rustfmt::skip]
#[test]
fn filters_skip_items_missing_the_field_and_respect_quotes() {
    let data = json!({"items": [
        {"metadata": {"name": "pod1", "annotations": {"color": "blue"}}}, {"metadata": {"name": "pod2"}},
        {"metadata": {"name": "pod3", "annotations": {"color": "green"}}},
        {"metadata": {"name": "pod4", "annotations": {"color": "blue"}}}]});
    check(&data, &[(r#"{.items[?(@.metadata.annotations.color=="blue")].metadata.name}"#, "pod1 pod4")]);
    // Parentheses inside the first quoted string do not close the filter.
    check(&json!([{"t": "())("}, {"t": "x"}]), &[(r#"{[?(@.t == "())(")].t}"#, "())(")]);
}

#[rustfmt::skip]
#[test]
fn negative_indices_and_steps_follow_client_go() {
    let names = |n: usize| {
        let cs: Vec<Value> = (0..n).map(|i| json!({"name": format!("fake{i}")})).collect();
        json!({"spec": {"containers": cs}})
    };
    check(&names(4), &[
        ("{.spec.containers[0:0].name}", ""),
        ("{.spec.containers[0:-1].name}", "fake0 fake1 fake2"),
        ("{.spec.containers[-1].name}", "fake3"),
        ("{.spec.containers[-2:].name}", "fake2 fake3"),
        ("{.spec.containers[-4].name}", "fake0"),
        ("{.spec.containers[5:5].name}", ""),
        ("{.spec.containers[-5:-5].name}", ""),
    ]);
    for bad in ["[-1:0]", "[-5]", "[3:1]", "[-1:-2]"] {
        err(&format!("{{.spec.containers{bad}.name}}"), &names(4));
    }
    check(&names(6), &[
        ("{.spec.containers[0:6:].name}", "fake0 fake1 fake2 fake3 fake4 fake5"),
        ("{.spec.containers[1:4:2].name}", "fake1 fake3"),
        ("{.spec.containers[1:4:4].name}", "fake1"),
        ("{.spec.containers[0:6:5].name}", "fake0 fake5"),
    ]);
    err("{.spec.containers[0:6:-1].name}", &names(6));
}

#[test]
fn huge_and_deeply_nested_templates_do_not_panic() {
    let data = json!({"a": [{"a": [1]}]});
    let ranges = format!("{}x{}", "{range .a[*]}".repeat(5000), "{end}".repeat(5000));
    assert_eq!(ok(&ranges, &data), "");
    assert_eq!(ok(&format!("{}y", "{range .a[*]}".repeat(2)), &data), "y");
    assert!(parse(&"{[".repeat(20_000)).is_err());
    assert!(parse(&format!("{{{}}}", "[?(@".repeat(20_000))).is_err());
    assert_eq!(ok(&format!("{{{}}}", "..a".repeat(5000)), &data), "");
    let unions = format!("{{.a{}}}", "[0,0]".repeat(20));
    let nested = json!({"a": [[[1]]]});
    assert_eq!(err(&unions, &nested), "int64 is not array or slice");
}

#[test]
fn runaway_templates_stop_with_an_error() {
    let mut data = json!("leaf");
    for _ in 0..60 {
        data = json!({ "a": data });
    }
    let template = "{range ..}{range ..}{range ..}{range ..}{..}{end}{end}{end}{end}";
    assert_eq!(render(template, &data), Err(JsonPathError::TooLarge));
}

fn arb_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        (-1e9f64..1e9).prop_map(Value::from),
        "[a-c<&. ]{0,4}".prop_map(Value::String),
    ];
    leaf.prop_recursive(4, 40, 5, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
            prop::collection::vec(("a|b|c|items|name", inner), 0..5)
                .prop_map(|kv| Value::Object(kv.into_iter().collect())),
        ]
    })
}

#[rustfmt::skip]
fn arb_template() -> impl Strategy<Value = String> {
    let token = prop::sample::select(vec![
        "{", "}", "[", "]", "(", ")", "[?(", "..", ".", "@", "$", "*", ",", ":", "'", "\"", "\\",
        "-", "+", "0", "1", "-1", "=", "==", "!=", "<", ">=", " ", "\n", "\t", "range ", "end",
        "a", "b", "items", "name", "true", "é", "x", "\\n", "{range .items[*]}", "{end}", "{.a}",
        "[*]", "[0]", "[-1:]",
    ]);
    prop::collection::vec(token, 0..40).prop_map(|tokens| tokens.concat())
}

proptest! {
    #[test]
    fn arbitrary_templates_and_data_never_panic(template in arb_template(), data in arb_json()) {
        if let Ok(parsed) = parse(&template) {
            let _ = parsed.execute(&data);
        }
    }

    #[test]
    fn arbitrary_strings_never_panic(template in any::<String>(), data in arb_json()) {
        let _ = render(&template, &data);
    }
}

#[test]
fn go_syntax_prints_values_as_go_sharp_v() {
    let v: Value =
        serde_json::from_str(r#"{"b":[1,2.5,true,null],"a":{"s":"x\"y\n"},"items":[]}"#).unwrap();
    assert_eq!(
        super::go_syntax(&v),
        r#"map[string]interface {}{"a":map[string]interface {}{"s":"x\"y\n"}, "b":[]interface {}{1, 2.5, true, interface {}(nil)}, "items":[]interface {}{}}"#
    );
}
