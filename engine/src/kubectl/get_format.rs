//! The `-o` printers a command may choose (cli-runtime/pkg/genericclioptions/print_flags.go
//! and its JSON/YAML, name, JSONPath and Go template flags), with `--template` and the one file
//! kubeloop can read, `/dev/stdin`. Printing tables and lists is `get`'s.

use serde_json::Value;

use super::gotemplate::{self, Template};
use super::printers::{self, CustomColumns};
use super::{jsonpath, KubectlError, Output};
use crate::model::Object;

/// An output format (`-o`).
#[derive(Clone, Debug, PartialEq)]
pub enum Format {
    Table,
    Name,
    Yaml,
    Json,
    JsonPath(String),
    GoTemplate(Box<Template>),
}

const ALLOWED: &str = "custom-columns,custom-columns-file,go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,wide,yaml";

/// The file a `*-file` format names. Only `/dev/stdin` exists in kubeloop; any other path is
/// missing, worded as os.ReadFile's error is (`error reading --template F, open F: ...`).
pub fn read_file(path: &str, stdin: Option<&str>, flag: &str) -> Result<String, KubectlError> {
    if path == "/dev/stdin" {
        return Ok(stdin.unwrap_or_default().to_string());
    }
    Err(KubectlError::Usage(format!(
        "error reading {flag} {path}, open {path}: no such file or directory"
    )))
}

impl Format {
    /// `-o` alone (commands without `--template`).
    pub fn parse(o: Option<&str>) -> Result<(Format, bool), KubectlError> {
        Format::parse_with(o, None, None)
    }

    /// `-o` with `--template`, which stands in for a template format's value, and makes `-o`
    /// default to `go-template` when `-o` is not given (get_flags.go ToPrinter).
    pub fn parse_with(
        o: Option<&str>,
        template: Option<&str>,
        stdin: Option<&str>,
    ) -> Result<(Format, bool), KubectlError> {
        let template = template.filter(|t| !t.is_empty());
        let o = match o {
            None | Some("") if template.is_some() => "go-template",
            None => return Ok((Format::Table, false)),
            Some(o) => o,
        };
        let (name, value) = match o.split_once('=') {
            Some((n, v)) => (n, Some(v)),
            None => (o, None),
        };
        let is_template =
            matches!(name, "go-template" | "template" | "go-template-file" | "templatefile");
        let is_jsonpath = matches!(name, "jsonpath" | "jsonpath-as-json" | "jsonpath-file");
        if !is_template && !is_jsonpath {
            return Format::parse_plain(o);
        }
        // template_flags.go / jsonpath_flags.go ToPrinter.
        let Some(mut text) = template.or(value).filter(|v| !v.is_empty()).map(String::from) else {
            return Err(KubectlError::Usage(
                "template format specified but no template given".into(),
            ));
        };
        if name.ends_with("file") {
            text = read_file(&text, stdin, "--template")?;
        }
        if is_jsonpath {
            jsonpath::parse(&text)
                .map_err(|e| KubectlError::Usage(format!("error parsing jsonpath {text}, {e}")))?;
            return Ok((Format::JsonPath(text), false));
        }
        let t = gotemplate::parse(&text)
            .map_err(|e| KubectlError::Usage(format!("error parsing template {text}, {e}")))?;
        Ok((Format::GoTemplate(Box::new(t)), false))
    }

    fn parse_plain(o: &str) -> Result<(Format, bool), KubectlError> {
        Ok(match o {
            "" => (Format::Table, false),
            "wide" => (Format::Table, true),
            "name" => (Format::Name, false),
            "yaml" => (Format::Yaml, false),
            "json" => (Format::Json, false),
            _ if o.starts_with("custom-columns") => {
                return Err(KubectlError::Plain(format!(
                    "kubeloop: -o {} is only supported by `kubectl get` in kubeloop",
                    o.split('=').next().unwrap_or(o)
                )));
            }
            _ => {
                return Err(KubectlError::Usage(format!(
                    "unable to match a printer suitable for the output format \"{o}\", allowed formats are: {ALLOWED}"
                )));
            }
        })
    }

    /// One object on its own (a watch event, or `get TYPE NAME`).
    pub fn render_single(&self, obj: &Object) -> Result<String, String> {
        match self {
            Format::Table => Err("table output needs a table".into()),
            Format::Name => Ok(format!("{}/{}\n", obj.kind().kind_group(), obj.meta().name)),
            Format::Yaml => Ok(printers::to_yaml(obj)),
            Format::Json => Ok(format!("{}\n", printers::to_json(obj))),
            Format::JsonPath(_) | Format::GoTemplate(_) => {
                self.render_value(&printers::object_json(obj))
            }
        }
    }

    /// A template format over any JSON value; what it printed before an error is kept.
    pub fn render_value(&self, v: &Value) -> Result<String, String> {
        match self {
            Format::JsonPath(t) => jsonpath::render(t, v).map_err(|e| format!("error: {e}\n")),
            Format::GoTemplate(t) => {
                let mut out = Output::default();
                match gotemplate_output(t, v, &mut out) {
                    Ok(()) => Ok(out.text()),
                    Err(e) => Err(format!("{}{e}\n", out.text())),
                }
            }
            _ => Err("not a template format".into()),
        }
    }
}

/// Runs a `-o jsonpath` template. A failure is cli-runtime/pkg/printers/jsonpath.go
/// `JSONPathPrinter.PrintObj`'s error: the template and the object (Go's `%#v`) follow,
/// ending in blank lines.
pub fn jsonpath_output(template: &str, data: &Value) -> Result<String, KubectlError> {
    jsonpath::render(template, data).map_err(|e| {
        KubectlError::Usage(format!(
            "error executing jsonpath {}: Error executing template: {e}. Printing more information for debugging the template:\n\ttemplate was:\n\t\t{template}\n\tobject given to jsonpath engine was:\n\t\t{}\n\n\n",
            crate::gofmt::go_quote(template),
            jsonpath::go_syntax(data)
        ))
    })
}

/// Runs a `-o go-template` template into `out`. A failure is cli-runtime/pkg/printers/
/// template.go `GoTemplatePrinter.PrintObj`'s: what ran is kept, the debugging text goes to
/// the same writer (stdout), and the error returned names the template.
pub fn gotemplate_output(t: &Template, data: &Value, out: &mut Output) -> Result<(), KubectlError> {
    match t.execute(data) {
        Ok(text) => {
            out.out(text);
            Ok(())
        }
        Err((partial, e)) => {
            out.out(partial);
            out.out(format!(
                "Error executing template: {e}. Printing more information for debugging the template:\n\ttemplate was:\n\t\t{}\n\traw data was:\n\t\t{}\n\tobject given to template engine was:\n\t\t{}\n\n",
                t.text,
                crate::gofmt::go_json(data),
                gotemplate::go_value_text(data)
            ));
            Err(KubectlError::Usage(format!(
                "error executing template {}: {e}",
                crate::gofmt::go_quote(&t.text)
            )))
        }
    }
}

/// `-o custom-columns=SPEC` or `-o custom-columns-file=FILE` (whether it came from a file
/// too), or `None` for other formats.
pub(super) fn custom_columns(
    o: Option<&str>,
    template: Option<&str>,
    stdin: Option<&str>,
) -> Result<(Option<CustomColumns>, bool), KubectlError> {
    let Some(file) = o.and_then(|o| o.strip_prefix("custom-columns-file")) else {
        let cc = CustomColumns::from_output(o, template);
        return Ok((cc.map_err(KubectlError::Usage)?, false));
    };
    let path = match (template.filter(|t| !t.is_empty()), file.strip_prefix('=')) {
        (Some(t), _) => t,
        (None, Some(p)) if !p.is_empty() => p,
        (None, _) if file.is_empty() || file == "=" => {
            return Err(KubectlError::Usage(
                "custom-columns format specified but no custom columns given".into(),
            ))
        }
        (None, _) => return Format::parse(o).map(|_| (None, false)),
    };
    // customcolumn_flags.go: `error reading template FILE, ...` (no `--`, unlike templates).
    let text = read_file(path, stdin, "template")?;
    let cc = CustomColumns::from_template(&text).map_err(KubectlError::Usage)?;
    Ok((Some(cc), true))
}

/// template_flags.go AllowMissingKeys: `--allow-missing-template-keys=false` is text/template's
/// `missingkey=error`.
pub(super) fn allow_missing_keys(format: Format, allow: bool) -> Result<Format, KubectlError> {
    match (allow, format) {
        (false, Format::GoTemplate(mut t)) => {
            t.missing_key_error = true;
            Ok(Format::GoTemplate(t))
        }
        (false, Format::JsonPath(_)) => Err(KubectlError::Plain(
            "kubeloop: --allow-missing-template-keys=false is supported for -o go-template only"
                .into(),
        )),
        (_, f) => Ok(f),
    }
}
