//! The template's pieces on small schemas, so each rule is checked apart from the real
//! documents (whose rendering the golden transcript `explain.sh` shows).

use serde_json::json;

use super::super::docs::ExplainDocs;
use super::*;

fn docs() -> ExplainDocs {
    let asset = json!({
        "resources": [{"group": "x.io", "version": "v1", "kind": "Thing", "resource": "things",
                       "schema": "io.x.Thing"}],
        "schemas": {
            "io.x.Thing": {
                "description": "Thing is a test kind.",
                "type": "object",
                "required": ["spec"],
                "properties": {
                    "spec": {"allOf": [{"$ref": "io.x.Spec"}], "description": "The spec."},
                    "labels": {"type": "object", "additionalProperties": {"type": "string"}},
                    "items": {"type": "array", "items": {"allOf": [{"$ref": "io.x.Spec"}]}},
                    "size": {"$ref": "io.x.Quantity", "description": "A size."},
                    "mode": {"type": "string", "description": "The mode.",
                             "enum": ["", "A", "B", "C", "D", "E"]},
                    "loop": {"$ref": "io.x.Loop"}
                }
            },
            "io.x.Spec": {
                "description": "Spec holds the settings.",
                "type": "object",
                "properties": {"replicas": {"type": "integer"}}
            },
            "io.x.Quantity": {"description": "Quantity is a number.", "type": "string"},
            "io.x.Loop": {
                "type": "object",
                "properties": {"next": {"$ref": "io.x.Loop"}}
            }
        }
    });
    ExplainDocs::parse(&asset.to_string()).unwrap()
}

fn run(path: &[&str], recursive: bool) -> Rendered {
    let d = docs();
    let res = d.resource("x.io", "v1", "things").unwrap().clone();
    let path: Vec<String> = path.iter().map(|s| s.to_string()).collect();
    render(&d, &res, &path, recursive)
}

#[test]
fn types_are_guessed_as_the_template_guesses_them() {
    let d = docs();
    let t = Template { docs: &d, recursive: false };
    let thing = d.schema("io.x.Thing").unwrap();
    let ty = |name: &str| t.type_guess(&thing["properties"][name]);
    assert_eq!(ty("spec"), "Spec");
    assert_eq!(ty("labels"), "map[string]string");
    assert_eq!(ty("items"), "[]Spec");
    // A reference to a primitive schema prints the primitive.
    assert_eq!(ty("size"), "string");
    assert_eq!(ty("mode"), "string");
}

#[test]
fn the_field_list_is_sorted_with_required_marks_and_short_enums() {
    let out = run(&[], false);
    assert_eq!(out.error, None);
    let text = out.text;
    assert!(text.starts_with("GROUP:      x.io\nKIND:       Thing\nVERSION:    v1\n\nDESCRIPTION:\n    Thing is a test kind.\n    \nFIELDS:\n  items\t<[]Spec>\n    <no description>\n\n"), "{text}");
    assert!(
        text.contains("  mode\t<string>\n  enum: \"\", A, B, C, ....\n    The mode.\n\n"),
        "{text}"
    );
    assert!(text.contains("  spec\t<Spec> -required-\n    The spec.\n\n"), "{text}");
    assert!(text.ends_with("\n\n\n"));
}

#[test]
fn a_field_header_lists_every_enum_value() {
    let text = run(&["mode"], false).text;
    assert!(text.contains("FIELD: mode <string>\nENUM:\n    \"\"\n    A\n    B\n    C\n    D\n    E\n\nDESCRIPTION:\n    The mode.\n"), "{text}");
}

#[test]
fn descriptions_gather_the_field_and_its_referenced_schema() {
    let text = run(&["spec"], false).text;
    assert!(text.contains("DESCRIPTION:\n    The spec.\n    Spec holds the settings.\n    \nFIELDS:\n  replicas\t<integer>\n"), "{text}");
    // Through arrays and maps to the element's fields.
    assert!(run(&["items", "replicas"], false).text.contains("FIELD: replicas <integer>"));
}

#[test]
fn recursion_stops_at_a_cycle() {
    // The listed schema comes in resolved, so its own reference is not yet on the way
    // down: `next` shows twice before the cycle is seen, as in kubectl.
    let text = run(&["loop"], true).text;
    assert!(
        text.contains("DESCRIPTION:\n    <empty>\nFIELDS:\n  next\t<Loop>\n    next\t<Loop>\n\n"),
        "{text}"
    );
}

#[test]
fn an_unknown_field_prints_the_header_then_names_the_last_element() {
    let out = run(&["spec", "nope", "deeper"], false);
    assert_eq!(out.text, "GROUP:      x.io\nKIND:       Thing\nVERSION:    v1\n\n");
    assert_eq!(out.error.as_deref(), Some("error: field \"deeper\" does not exist"));
}
