//! `-o custom-columns=NAME:.path,...`: cli-runtime pkg/printers/customcolumn.go
//! (`NewCustomColumnsPrinterFromSpec`, `printOneObject`) and the path relaxation of
//! `RelaxedJSONPathExpression` in the same file. The header row is the names as given, the
//! cells every value the path yields joined with commas, or `<none>` when it yields nothing.

use serde_json::Value;

use crate::kubectl::jsonpath::{self, Template};

use super::{TabWriter, TableOptions};

/// A parsed spec: each column's header and compiled path.
#[derive(Debug, Clone)]
pub struct CustomColumns {
    columns: Vec<(String, Template)>,
}

/// customcolumn.go `RelaxedJSONPathExpression`: `a.b`, `.a.b`, `{a.b}` and `{.a.b}` all mean
/// `{.a.b}` (its regexp `^\{\.?([^{}]+)\}$|^\.?([^{}]+)$`); an empty path stays empty.
pub fn relaxed_jsonpath(path: &str) -> Result<String, String> {
    if path.is_empty() {
        return Ok(String::new());
    }
    let inner = match path.strip_prefix('{').and_then(|p| p.strip_suffix('}')) {
        Some(inner) => inner,
        None => path,
    };
    // The regexp's `\.?` gives the dot back when nothing else follows it: `.` is `{..}`.
    let inner = inner.strip_prefix('.').filter(|rest| !rest.is_empty()).unwrap_or(inner);
    if inner.is_empty() || inner.contains(['{', '}']) {
        return Err("unexpected path string, expected a 'name1.name2' or '.name1.name2' or '{name1.name2}' or '{.name1.name2}'".into());
    }
    Ok(format!("{{.{inner}}}"))
}

impl CustomColumns {
    /// `-o custom-columns=SPEC` (and `-o custom-columns` with no spec, an error); `None` for
    /// any other format. `--template` stands in for the spec when given (customcolumn_flags.go
    /// ToPrinter). `-o custom-columns-file=FILE` is `get`'s, which has the one file kubeloop
    /// can read (`/dev/stdin`); see `from_template`.
    pub fn from_output(
        o: Option<&str>,
        template: Option<&str>,
    ) -> Result<Option<CustomColumns>, String> {
        let spec = match o {
            Some("custom-columns") => template.unwrap_or_default(),
            Some(o) => match o.strip_prefix("custom-columns=") {
                Some(spec) => template.filter(|t| !t.is_empty()).unwrap_or(spec),
                None => return Ok(None),
            },
            None => return Ok(None),
        };
        CustomColumns::parse(spec).map(Some)
    }

    /// customcolumn.go `NewCustomColumnsPrinterFromTemplate`: a line of headers and a line
    /// of paths, each split on whitespace.
    pub fn from_template(text: &str) -> Result<CustomColumns, String> {
        const FORMAT: &str = "Expected format is one line of space separated headers, one line of space separated column specs.";
        let mut lines = text.lines();
        let Some(headers) = lines.next() else {
            return Err(format!("invalid template, missing header line. {FORMAT}"));
        };
        let Some(specs) = lines.next() else {
            return Err(format!("invalid template, missing spec line. {FORMAT}"));
        };
        let headers: Vec<&str> = headers.split_whitespace().collect();
        let specs: Vec<&str> = specs.split_whitespace().collect();
        if headers.len() != specs.len() {
            return Err(format!(
                "number of headers ({}) and field specifications ({}) don't match",
                headers.len(),
                specs.len()
            ));
        }
        let mut columns = Vec::new();
        for (name, path) in headers.into_iter().zip(specs) {
            let path = relaxed_jsonpath(path)?;
            let template = jsonpath::parse(&path).map_err(|e| e.to_string())?;
            columns.push((name.to_string(), template));
        }
        Ok(CustomColumns { columns })
    }

    /// get.go `Validate`: label options belong to the table printer; `output` is `-o`'s text.
    pub fn check_label_flags(&self, output: &str, opts: &TableOptions) -> Result<(), String> {
        let flag = match (opts.show_labels, opts.label_columns.is_empty()) {
            (true, _) => "--show-labels",
            (false, false) => "--label-columns",
            (false, true) => return Ok(()),
        };
        Err(format!("{flag} option cannot be used with {output} printer"))
    }

    /// `NewCustomColumnsPrinterFromSpec`, with its error wording.
    pub fn parse(spec: &str) -> Result<CustomColumns, String> {
        if spec.is_empty() {
            return Err("custom-columns format specified but no custom columns given".into());
        }
        let mut columns = Vec::new();
        for part in spec.split(',') {
            let Some((name, path)) = part.split_once(':') else {
                return Err(format!(
                    "unexpected custom-columns spec: {part}, expected <header>:<json-path-expr>"
                ));
            };
            let path = relaxed_jsonpath(path)?;
            let template = jsonpath::parse(&path).map_err(|e| e.to_string())?;
            columns.push((name.to_string(), template));
        }
        Ok(CustomColumns { columns })
    }

    /// The header and one row per object, through `tw`. The header comes even for no
    /// objects, as PrintObj writes it before looking at the list's items.
    pub fn render(
        &self,
        objects: &[Value],
        no_headers: bool,
        tw: &mut TabWriter,
    ) -> Result<String, String> {
        let mut rows = Vec::with_capacity(objects.len() + 1);
        if !no_headers {
            rows.push(self.columns.iter().map(|(n, _)| n.clone()).collect());
        }
        for obj in objects {
            let mut cells = Vec::with_capacity(self.columns.len());
            for (_, template) in &self.columns {
                let values = template.find_results(obj).map_err(|e| e.to_string())?;
                let text: Vec<String> = values
                    .iter()
                    .flatten()
                    .map(|v| escape_terminal(&jsonpath::go_value(v)))
                    .collect();
                let empty = values.first().is_none_or(Vec::is_empty);
                cells.push(if empty { "<none>".to_string() } else { text.join(",") });
            }
            rows.push(cells);
        }
        Ok(tw.write_rows(&rows))
    }
}

/// cli-runtime printers/terminal.go `EscapeTerminal`: ESC and CR are shown, not sent to the
/// terminal, so a value cannot move the cursor or recolour the screen.
fn escape_terminal(s: &str) -> String {
    s.replace('\x1b', "^[").replace('\r', "\\r")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn pod(name: &str, ns: &str) -> Value {
        json!({"metadata": {"name": name, "namespace": ns, "labels": {"app": "web"}},
               "spec": {"containers": [{"name": "a"}, {"name": "b"}]}})
    }

    // customcolumn_test.go TestNewColumnPrinterFromSpec.
    #[test]
    fn specs_parse_or_fail_with_kubectl_wording() {
        assert_eq!(
            CustomColumns::parse("").unwrap_err(),
            "custom-columns format specified but no custom columns given"
        );
        assert_eq!(
            CustomColumns::parse("invalid").unwrap_err(),
            "unexpected custom-columns spec: invalid, expected <header>:<json-path-expr>"
        );
        assert!(CustomColumns::parse("NAME:metadata.name,API_VERSION:apiVersion").is_ok());
        assert!(CustomColumns::parse("NAME:{{.x}}")
            .unwrap_err()
            .starts_with("unexpected path string"));
    }

    // customcolumn_test.go TestNewColumnPrinterFromTemplate.
    #[test]
    fn templates_are_a_header_line_and_a_spec_line() {
        let cc = CustomColumns::from_template("NAME   NS\n.metadata.name {.metadata.namespace}\n");
        let text = cc.unwrap().render(&[pod("web", "default")], false, &mut TabWriter::default());
        assert_eq!(text.unwrap(), "NAME   NS\nweb    default\n");
        assert!(CustomColumns::from_template("").unwrap_err().contains("missing header line"));
        assert!(CustomColumns::from_template("A B").unwrap_err().contains("missing spec line"));
        assert_eq!(
            CustomColumns::from_template("A B\n.a").unwrap_err(),
            "number of headers (2) and field specifications (1) don't match"
        );
    }

    // customcolumn_test.go TestMassageJSONPath.
    #[test]
    fn paths_are_relaxed() {
        for (input, want) in [
            ("foo", "{.foo}"),
            ("{foo}", "{.foo}"),
            (".foo", "{.foo}"),
            ("{.foo}", "{.foo}"),
            ("", ""),
            (".", "{..}"),
        ] {
            assert_eq!(relaxed_jsonpath(input).unwrap(), want, "{input}");
        }
        for bad in ["{foo", "foo}", "{foo}}", "{{foo}}", "{{foo}"] {
            assert!(relaxed_jsonpath(bad).is_err(), "{bad}");
        }
    }

    // customcolumn_test.go TestColumnPrint: headers as given, <none> for missing values.
    #[test]
    fn columns_print_values_joined_and_none_for_missing() {
        let cc = CustomColumns::parse(
            "NAME:.metadata.name,NS:{.metadata.namespace},C:.spec.containers[*].name,X:.nope",
        )
        .unwrap();
        let text =
            cc.render(&[pod("web", "default"), pod("x", "")], false, &mut TabWriter::default());
        assert_eq!(
            text.unwrap(),
            "NAME   NS        C     X\nweb    default   a,b   <none>\nx                a,b   <none>\n"
        );
        let text = cc.render(&[], false, &mut TabWriter::default()).unwrap();
        assert_eq!(text, "NAME   NS    C     X\n");
        let labels = CustomColumns::parse("L:.metadata.labels").unwrap();
        let text = labels.render(&[pod("a", "b")], true, &mut TabWriter::default()).unwrap();
        assert_eq!(text, "map[app:web]\n");
        let odd = json!({"metadata": {"name": "\u{1b}[31mred\r"}});
        let text = CustomColumns::parse("N:.metadata.name").unwrap().render(
            &[odd],
            true,
            &mut TabWriter::default(),
        );
        assert_eq!(text.unwrap(), "^[[31mred\\r\n");
    }
}
