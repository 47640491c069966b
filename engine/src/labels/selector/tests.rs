//! Selector vectors ported from apimachinery labels/selector_test.go.
use super::Operator::*;
use super::*;
use proptest::prelude::*;

const VALUE_MSG: &str = "a valid label must be an empty string or consist of alphanumeric \
    characters, '-', '_' or '.', and must start and end with an alphanumeric character \
    (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is \
    '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";

fn set(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
    pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

fn r(key: &str, op: Operator, values: &[&str]) -> Requirement {
    Requirement::new(key, op, values.iter().map(|v| v.to_string()).collect()).unwrap()
}

fn sel(requirements: Vec<Requirement>) -> Selector {
    Selector { requirements, nothing: false }
}

fn err(s: &str) -> String {
    parse(s).unwrap_err().to_string()
}

// TestSelectorParse
#[test]
fn good_selectors_restringify_without_spaces() {
    let good = ["x=a,y=b,z=c", "", "x!=a,y=b", "x=", "x= ", "x=,z= ", "x= ,z= ", "!x", "x>1"];
    for s in good.into_iter().chain(["x>1,z<5"]) {
        assert_eq!(parse(s).unwrap().to_string(), s.replace(' ', ""), "{s:?}");
    }
    for s in ["x=a||y=b", "x==a==b", "!x=a", "x<a"] {
        assert!(parse(s).is_err(), "{s:?}");
    }
}

// TestDeterministicParse
#[test]
fn parse_sorts_requirements_by_key() {
    assert_eq!(parse("x=a,a=x").unwrap().to_string(), "a=x,x=a");
    assert_eq!(parse("a=x,x=a").unwrap().to_string(), "a=x,x=a");
}

// TestSelectorMatches
#[test]
fn selector_matches_table() {
    let xy = [("x", "y")];
    type Case<'a> = (&'a str, &'a [(&'a str, &'a str)], bool);
    let cases: &[Case] = &[
        ("", &xy, true),
        ("x=y", &xy, true),
        ("x=y,z=w", &[("x", "y"), ("z", "w")], true),
        ("x!=y,z!=w", &[("x", "z"), ("z", "a")], true),
        ("notin=in", &[("notin", "in")], true),
        ("x", &[("x", "z")], true),
        ("!x", &[("y", "z")], true),
        ("x>1", &[("x", "2")], true),
        ("x<1", &[("x", "0")], true),
        ("x=z", &[], false),
        ("x=y", &[("x", "z")], false),
        ("x=y,z=w", &[("x", "w"), ("z", "w")], false),
        ("x!=y,z!=w", &[("x", "z"), ("z", "w")], false),
        ("x", &[("y", "z")], false),
        ("!x", &[("x", "z")], false),
        ("x>1", &[("x", "0")], false),
        ("x<1", &[("x", "2")], false),
    ];
    for (s, labels, want) in cases {
        assert_eq!(parse(s).unwrap().matches(&set(labels)), *want, "{s:?} on {labels:?}");
    }
    let labels = set(&[("foo", "bar"), ("baz", "blah")]);
    for s in ["foo=bar", "baz=blah", "foo=bar,baz=blah"] {
        assert!(parse(s).unwrap().matches(&labels), "{s:?}");
    }
    for s in ["foo=blah", "baz=bar", "foo=bar,foobar=bar,baz=blah"] {
        assert!(!parse(s).unwrap().matches(&labels), "{s:?}");
    }
}

// TestLexer and TestLexerSequence; in/notin are keywords only to the parser.
#[test]
fn lexer_reads_the_longest_symbol() {
    for s in [",", "=", "==", ">", "<", "!", "!=", "(", ")"] {
        assert_eq!(lex(s), vec![Token::Sym(s), Token::End]);
    }
    for s in ["notin", "in", "~", "||"] {
        assert_eq!(lex(s), vec![Token::Ident(s), Token::End]);
    }
    assert_eq!(lex(""), vec![Token::End]);
    let lits = |s| lex(s).iter().map(|t| t.lit().to_string()).collect::<Vec<_>>().join(" ");
    assert_eq!(lits("key notin ( value1, value2 )"), "key notin ( value1 , value2 ) ");
    assert_eq!(lits("== != (), = notin"), "== != ( ) , = notin ");
    assert_eq!(lits("!key>2<1===!!="), "! key > 2 < 1 == = ! != ");
}

// TestSetSelectorParser
#[test]
fn set_selector_parser_table() {
    let dns = "this-is-a-dns.domain.com/key-with-dash";
    let dns2 = "this-is-another-dns.domain.com/key-with-dash";
    let cases: Vec<(&str, Vec<Requirement>)> = vec![
        ("", vec![]),
        ("\rx", vec![r("x", Exists, &[])]),
        (dns, vec![r(dns, Exists, &[])]),
        (
            "this-is-another-dns.domain.com/key-with-dash in (so,what)",
            vec![r(dns2, In, &["so", "what"])],
        ),
        (
            "0.1.2.domain/99 notin (10.10.100.1, tick.tack.clock)",
            vec![r("0.1.2.domain/99", NotIn, &["10.10.100.1", "tick.tack.clock"])],
        ),
        ("foo  in\t (abc)", vec![r("foo", In, &["abc"])]),
        ("x notin\n (abc)", vec![r("x", NotIn, &["abc"])]),
        ("x  notin\t\t\t(abc,def)", vec![r("x", NotIn, &["abc", "def"])]),
        ("x in (abc,)", vec![r("x", In, &["abc", ""])]),
        ("x in (abc,abc)", vec![r("x", In, &["abc"])]),
        ("x in ()", vec![r("x", In, &[""])]),
        ("x in (a,,a,,a,,a,,)", vec![r("x", In, &["a", ""])]),
        (
            "x notin (abc,,def),bar,z in (),w",
            vec![
                r("bar", Exists, &[]),
                r("w", Exists, &[]),
                r("x", NotIn, &["", "abc", "def"]),
                r("z", In, &[""]),
            ],
        ),
        ("x,y in (a)", vec![r("x", Exists, &[]), r("y", In, &["a"])]),
        ("x>1", vec![r("x", GreaterThan, &["1"])]),
        ("x<7", vec![r("x", LessThan, &["7"])]),
        (
            "x=a,y!=b,z in (h,i,j)",
            vec![r("x", Equals, &["a"]), r("y", NotEquals, &["b"]), r("z", In, &["h", "i", "j"])],
        ),
        ("x notin ( )", vec![r("x", NotIn, &[""])]),
        ("x notin (, a)", vec![r("x", NotIn, &["", "a"])]),
        ("a ", vec![r("a", Exists, &[])]),
        ("a in (x,y,notin, z,in)", vec![r("a", In, &["in", "notin", "x", "y", "z"])]),
    ];
    for (s, want) in cases {
        assert_eq!(parse(s), Ok(sel(want)), "{s:?}");
    }
}

#[test]
fn errors_use_go_wording() {
    let req = "unable to parse requirement: ";
    let ops = "expected: in, notin, =, ==, !=, gt, lt";
    let cases = [
        ("x=a||y=b", format!("{req}values[0][x]: Invalid value: \"a||y\": {VALUE_MSG}")),
        ("(", "found '(', expected: !, identifier, or 'end of string'".into()),
        (",x,y", "found ',', expected: !, identifier, or 'end of string'".into()),
        ("x,,y", "found ',', expected: identifier after ','".into()),
        ("a in (xyz),", "found '', expected: identifier after ','".into()),
        ("a in (xyz)b notin ()", "found 'b', expected: ',' or 'end of string'".into()),
        ("!x=a", "found '=', expected: ',' or 'end of string'".into()),
        ("x==a==b", "found '==', expected: ',' or 'end of string'".into()),
        ("a (", format!("{req}found '(', {ops}")),
        ("x nott in (y)", format!("{req}found 'nott', {ops}")),
        ("a notin(", format!("{req}found '', expected: ',', ')' or identifier")),
        ("a in (xyz abc)", format!("{req}found 'abc', expected: ',' or ')'")),
        ("a in (x=", format!("{req}found '=', expected: ',' or ')'")),
        ("a in (=", format!("{req}found '=', expected: ',', ')' or identifier")),
        ("a in (,=", format!("{req}found '=', expected: ',', or identifier")),
        ("a in x", format!("{req}found 'x' expected: '('")),
        ("!", format!("{req}found '', expected: identifier")),
        ("x=(", format!("{req}found '(', expected: identifier")),
        ("x<a", format!("{req}values[0]: Invalid value: \"a\": for 'Gt', 'Lt' operators, the value must be an integer")),
    ];
    for (s, want) in cases {
        assert_eq!(err(s), want, "{s:?}");
    }
    // Go validates the key with the parser's nil field path.
    let key = err("Foo_");
    assert!(key.starts_with(&format!("{req}<nil>: Invalid value: \"Foo_\": name part must")));
    let two = err("x>a.");
    assert!(two.starts_with(&format!("{req}[values[0]: Invalid value: \"a.\": for 'Gt'")));
    assert!(two.contains(", values[0][x]: Invalid value: \"a.\": a valid label must"), "{two}");
}

#[test]
fn nul_byte_ends_the_input_at_a_token_start() {
    assert_eq!(parse("x\0,y"), parse("x,y"));
    assert_eq!(parse("x \0garbage((("), parse("x"));
}

// TestRequirementSelectorMatching
#[test]
fn requirement_matching_table() {
    let (xy, y) = (set(&[("x", "foo"), ("y", "baz")]), set(&[("y", "")]));
    let cases = [
        (&xy, vec![r("x", In, &["foo"]), r("y", NotIn, &["alpha"])], true),
        (&xy, vec![r("x", In, &["foo"]), r("y", In, &["alpha"])], false),
        (&y, vec![r("x", NotIn, &[""]), r("y", Exists, &[])], true),
        (&y, vec![r("x", DoesNotExist, &[]), r("y", Exists, &[])], true),
        (&y, vec![r("x", NotIn, &[""]), r("y", DoesNotExist, &[])], false),
        (&set(&[("y", "baz")]), vec![r("x", In, &[""])], false),
        (&set(&[("z", "2")]), vec![r("z", GreaterThan, &["1"])], true),
        (&set(&[("z", "v2")]), vec![r("z", GreaterThan, &["1"])], false),
    ];
    for (labels, requirements, want) in cases {
        let s = sel(requirements);
        assert_eq!(s.matches(labels), want, "{s} on {labels:?}");
    }
}

// TestRequirementConstructor
#[test]
fn requirement_constructor_validates() {
    let new = |k: &str, op, v: &[&str]| {
        Requirement::new(k, op, v.iter().map(|s| s.to_string()).collect())
    };
    assert!(new("1234", In, &["bar"]).is_ok() && new("y", GreaterThan, &["1"]).is_ok());
    assert!(new("x", Exists, &["a"]).is_err() && new("x", Equals, &["a", "b"]).is_err());
    assert!(new("foo", GreaterThan, &["bar"]).is_err());
    assert!(new(&"a".repeat(254), Exists, &[]).is_err());
    // The bad value is the []string, which field.Error prints as JSON.
    let empty = "values: Invalid value: []: for 'in', 'notin' operators, values set can't be empty";
    assert_eq!(new("x", In, &[]).unwrap_err()[0].to_string(), empty);
}

// TestToString, TestEverything, TestSetIsEmpty
#[test]
fn canonical_strings_and_special_selectors() {
    let s = sel(vec![
        r("x", NotIn, &["def", "abc"]),
        r("y", NotEquals, &["j"]),
        r("z", DoesNotExist, &[]),
    ]);
    assert_eq!(s.to_string(), "x notin (abc,def),y!=j,!z");
    let s =
        sel(vec![r("x", Equals, &["abc"]), r("y", DoubleEquals, &["jkl"]), r("z", Exists, &[])]);
    assert_eq!(s.to_string(), "x=abc,y==jkl,z");
    assert_eq!(parse("z notin (),x>2,y<8").unwrap().to_string(), "x>2,y<8,z notin ()");
    assert!(
        Selector::everything().is_empty() && Selector::everything().matches(&set(&[("x", "y")]))
    );
    assert!(!Selector::nothing().is_empty() && !Selector::nothing().matches(&set(&[])));
    assert_eq!(Selector::nothing().to_string(), "");
    let from = Selector::from_match_labels(&set(&[("tier", "web"), ("app", "a")]));
    assert_eq!(from.to_string(), "app=a,tier=web");
    assert!(from.matches(&set(&[("app", "a"), ("tier", "web"), ("x", "y")])));
    assert!(Selector::from_match_labels(&set(&[])).is_empty());
}

proptest! {
    #[test]
    fn parse_never_panics(s in any::<String>()) {
        let _ = parse(&s).map(|sel| sel.to_string()).map_err(|e| e.to_string());
    }

    #[test]
    fn canonical_form_parses_back(s in "[a-c!=,()<> 0-9]{0,24}|(in|notin|x|,|=|\\(|\\)| ){0,12}") {
        if let Ok(sel) = parse(&s) {
            prop_assert_eq!(parse(&sel.to_string()), Ok(sel));
        }
    }
}
