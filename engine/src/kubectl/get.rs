//! `kubectl get` (tables, `-o wide|name|yaml|json|jsonpath|custom-columns=`, `--show-labels`,
//! `-L`, `--sort-by`, `--field-selector`, `-w`) and `kubectl describe`. Sorting, field
//! selectors and custom columns live in `sort_by`, `field_selector` and `printers`.

use crate::api::client::{self, Call};
use crate::api::fields::FieldSelector;
use crate::labels::selector::{self, Selector};
use crate::model::{Kind, Object};

use super::args::{self, flag, switch, FlagSpec};
use super::field_selector;
use super::list_selector::ListSelector;
use super::printers::{self, server_table, TabWriter, TableOptions};
use super::resource::{self, Selection};
use super::watch::{ActiveWatch, Watch};
use super::{sort_by, Kubectl, KubectlError, Mode, Output};

use super::get_format as format;
#[path = "get_tables.rs"]
mod tables;
use format::custom_columns;
pub use format::{gotemplate_output, jsonpath_output, Format};
use tables::{enhance, print_tables, sort_rows};

pub(super) const GET_FLAGS: &[FlagSpec] = &[
    flag("selector", Some('l')),
    flag("output", Some('o')),
    flag("namespace", Some('n')),
    switch("all-namespaces", Some('A')),
    switch("watch", Some('w')),
    switch("watch-only", None),
    switch("show-labels", None),
    switch("no-headers", None),
    switch("output-watch-events", None),
    flag("field-selector", None),
    flag("sort-by", None),
    flag("label-columns", Some('L')),
    flag("template", None),
    switch("allow-missing-template-keys", None),
    switch("show-managed-fields", None),
];

pub fn parse_selector(s: Option<&str>) -> Result<Selector, KubectlError> {
    match s {
        None => Ok(Selector::everything()),
        Some(s) => selector::parse(s).map_err(|e| KubectlError::Usage(e.to_string())),
    }
}

pub fn get(
    s: &mut Kubectl,
    argv: &[String],
    to_completion: bool,
    limit_ms: Option<i64>,
    out: &mut Output,
) -> Result<i32, KubectlError> {
    get_with_input(s, argv, None, to_completion, limit_ms, out)
}

/// `get` with its standard input, the one file (`/dev/stdin`) a `*-file` format may read.
pub fn get_with_input(
    s: &mut Kubectl,
    argv: &[String],
    stdin: Option<String>,
    to_completion: bool,
    limit_ms: Option<i64>,
    out: &mut Output,
) -> Result<i32, KubectlError> {
    let a = args::parse(argv, GET_FLAGS, "get")?;
    let sel = resource::select(&a.positional, true)?;
    if sel.items.is_empty() {
        return Err(KubectlError::Plain(
            "You must specify the type of resource to get. Use \"kubectl api-resources\" for a complete list of supported resources.\n\nerror: Required resource not specified.\nUse \"kubectl explain <resource>\" for a detailed description of that resource (e.g. kubectl explain pods).\nSee 'kubectl get -h' for help and examples".into(),
        ));
    }
    let all_ns = a.bool("all-namespaces", false)?;
    let ns = a.get("namespace").unwrap_or("default").to_string();
    let label_sel = ListSelector::new(a.get("selector"));
    if sel.named && a.has("selector") {
        return Err(KubectlError::Usage(
            "selector (-l) can not be used when names are given".into(),
        ));
    }
    let template = a.get("template");
    let (custom, custom_file) = custom_columns(a.get("output"), template, stdin.as_deref())?;
    let (format, wide) = if custom.is_some() {
        (Format::Table, false)
    } else {
        Format::parse_with(a.get("output"), template, stdin.as_deref())?
    };
    let format = format::allow_missing_keys(format, a.bool("allow-missing-template-keys", true)?)?;
    let fields = FieldSelector::new(a.get("field-selector"));
    let watch = a.bool("watch", false)? || a.bool("watch-only", false)?;
    let watch_only = a.bool("watch-only", false)?;
    let output_events = a.bool("output-watch-events", false)?;
    let opts = TableOptions {
        wide,
        show_labels: a.bool("show-labels", false)?,
        show_managed_fields: a.bool("show-managed-fields", false)?,
        all_namespaces: all_ns,
        show_kind: sel.items.len() > 1,
        no_headers: a.bool("no-headers", false)?,
        label_columns: printers::string_slice(a.repeated.get("label-columns")),
    };
    if let (Some(cc), Some(o)) = (&custom, a.get("output")) {
        cc.check_label_flags(o, &opts).map_err(KubectlError::Usage)?;
    }
    if sel.named {
        field_selector::check_no_names(&fields, &a.positional).map_err(KubectlError::Usage)?;
    }
    // The watch streams events unfiltered by fields and has no custom-columns printer.
    for (given, what) in
        [(custom.is_some(), "-o custom-columns"), (fields.given(), "--field-selector")]
    {
        if given && watch {
            return Err(KubectlError::Plain(format!(
                "kubeloop: {what} with --watch is not supported in kubeloop"
            )));
        }
    }
    if watch && sel.items.len() > 1 {
        return Err(KubectlError::Usage("you may only specify a single resource type".into()));
    }
    // Human-readable output asks the server for Tables (get.go sets the Table `Accept`
    // header); other printers, a watch and custom columns read the objects themselves.
    let table_mode = format == Format::Table && custom.is_none() && !watch;
    let sort_field = a.get("sort-by");
    let list_ns = if all_ns { "" } else { ns.as_str() };
    // Errors are printed after the output, as get.go returns them once everything found is
    // printed (the builder continues on error).
    let mut errors: Vec<String> = Vec::new();
    let mut groups: Vec<(Kind, Vec<Object>)> = Vec::new();
    let mut tables: Vec<(Kind, serde_json::Value)> = Vec::new();
    let mut list_version: Option<String> = None;
    for (kind, names) in &sel.items {
        resource::warn_deprecated(*kind, out);
        // The server parses both selectors; a bad one is its 400, reworded (`enhance`).
        let calls: Vec<Call> = if names.is_empty() {
            let trimmed = a.get("selector").map(str::trim);
            vec![Call::list(*kind, list_ns).selectors(trimmed, a.get("field-selector"))]
        } else {
            names.iter().map(|n| Call::get(*kind, &ns, n)).collect()
        };
        if table_mode {
            let mut got = Vec::new();
            for call in calls {
                let listing = call.name.is_none();
                match client::table(s.api(), &call.table(sort_field.is_some())) {
                    Ok(t) => got.push(t),
                    Err(e) if listing => errors.push(enhance(*kind, &a, e)),
                    Err(e) => errors.push(e.to_string()),
                }
            }
            let mut table = server_table::concat(got);
            if let Some(field) = sort_field {
                sort_rows(*kind, &mut table, field).map_err(KubectlError::Usage)?;
            }
            tables.push((*kind, table));
            continue;
        }
        let mut objs = Vec::new();
        for call in calls {
            let found = match call.name {
                // A watch goes on from the list's resourceVersion (get.go `watch`).
                None => client::list_at(s.api(), &call)
                    .map(|(objects, version)| {
                        list_version.get_or_insert(version);
                        objects
                    })
                    .map_err(|e| enhance(*kind, &a, e)),
                Some(_) => {
                    client::object(s.api(), &call).map(|o| vec![o]).map_err(|e| e.to_string())
                }
            };
            match found {
                Ok(o) => objs.extend(o),
                Err(e) => errors.push(e),
            }
        }
        groups.push((*kind, objs));
    }
    if let Some(field) = a.get("sort-by") {
        // Tables sort each kind's table (get.go TableSorter); other printers get one List,
        // sorted as a whole (SortingPrinter), so their kinds may interleave.
        let table = custom.is_none() && format == Format::Table;
        if !table && groups.len() > 1 {
            let all = groups.iter_mut().flat_map(|(_, v)| v.drain(..)).collect();
            groups = vec![(groups[0].0, all)];
        }
        for (_, objs) in groups.iter_mut() {
            sort_by::sort_objects(objs, field, table).map_err(KubectlError::Usage)?;
        }
    }
    let status = if errors.is_empty() { 0 } else { 1 };
    let finish = |out: &mut Output| {
        for e in &errors {
            out.err(format!("{e}\n"));
        }
        Ok(status)
    };
    if watch {
        // get.go `watch`: the list fails as a whole, and prints no "No resources found".
        if !errors.is_empty() {
            return finish(out);
        }
        let (kind, names) = sel.items[0].clone();
        let Ok(selector) = label_sel.for_list(kind).cloned() else { return finish(out) };
        let now = s.now();
        // A named object's own version, or the list's (get.go `watch`).
        let newest =
            groups.iter().flat_map(|(_, v)| v.iter()).map(|o| o.meta().resource_version.clone());
        let version = list_version.or_else(|| newest.max_by_key(|v| v.parse::<u64>().unwrap_or(0)));
        let mut active = ActiveWatch {
            watch: Watch {
                kind,
                namespace: if all_ns { None } else { Some(ns) },
                selector,
                names,
                format,
                opts,
                events: None,
                output_events,
            },
            tw: TabWriter::default(),
            header_printed: false,
            version: version.unwrap_or_else(|| "0".into()),
            deadline: limit_ms.map(|ms| now.plus_millis(ms)),
            filters: Vec::new(),
            columns: None,
            polled: None,
            rest: Default::default(),
        };
        // get.go watch prints the initial list item by item through the same printer as
        // the events (so no List wrapper, and nothing at all for an empty list).
        if !watch_only && output_events {
            let w = &active.watch;
            let added: Vec<_> =
                groups.iter().flat_map(|(_, v)| v.iter()).map(|o| (o, "ADDED")).collect();
            out.out(w.render_events(&added, &mut active.tw, &mut active.header_printed, now));
        } else if !watch_only && active.watch.format == Format::Table {
            let w = &active.watch;
            active.header_printed =
                print_groups(&groups, &w.format, &w.opts, &sel, now, &mut active.tw, out)?;
        } else if !watch_only {
            for obj in groups.iter().flat_map(|(_, v)| v.iter()) {
                let ty = "ADDED";
                match active.watch.render(obj, ty, &mut active.tw, &mut active.header_printed, now)
                {
                    Ok(t) | Err(t) => out.out(t),
                }
            }
        }
        if to_completion || s.mode == Mode::Script {
            super::waiting::begin(s, Box::new(active), true, out);
        } else {
            s.watch = Some(active);
        }
        return Ok(status);
    }
    let mut tw = TabWriter::default();
    if let Some(cc) = custom {
        // get.go printGeneric: a List of everything found, or nothing for a missing name.
        let all: Vec<_> =
            groups.iter().flat_map(|(_, v)| v.iter()).map(printers::object_json).collect();
        if !(sel.named && sel.items.len() == 1 && sel.items[0].1.len() == 1 && all.is_empty()) {
            // The file's printer has its own header setting and ignores --no-headers
            // (customcolumn_flags.go ToPrinter).
            let no_headers = opts.no_headers && !custom_file;
            out.out(cc.render(&all, no_headers, &mut tw).map_err(KubectlError::Usage)?);
        }
        return finish(out);
    }
    let printed_any = if table_mode {
        print_tables(&tables, &opts, &mut tw, out)
    } else {
        print_groups(&groups, &format, &opts, &sel, s.now(), &mut tw, out)?
    };
    // get.go prints "No resources found" only for the human-readable printer, when it wrote
    // nothing and nothing failed; printGeneric never does.
    if !printed_any && errors.is_empty() && format == Format::Table {
        let kind = sel.items[0].0;
        if all_ns || !kind.namespaced() {
            out.err("No resources found\n");
        } else {
            out.err(format!("No resources found in {ns} namespace.\n"));
        }
    }
    finish(out)
}

/// Prints what was found. Returns whether a table printed any rows (a watch then has its
/// header). Other formats follow get.go `printGeneric`: zero or several objects, or any
/// number when the arguments did not imply one item, print as a `v1` `List`, so an empty
/// result prints an empty `List` (`-o yaml|json`), nothing (`-o name`), or what the template
/// makes of an empty list (`-o jsonpath`).
fn print_groups(
    groups: &[(Kind, Vec<Object>)],
    format: &Format,
    opts: &TableOptions,
    sel: &Selection,
    now: crate::clock::Time,
    tw: &mut TabWriter,
    out: &mut Output,
) -> Result<bool, KubectlError> {
    let all: Vec<&Object> = groups.iter().flat_map(|(_, v)| v.iter()).collect();
    let single_implied = sel.named && sel.items.len() == 1 && sel.items[0].1.len() == 1;
    if single_implied && all.is_empty() {
        return Ok(false);
    }
    let single = single_implied && all.len() == 1;
    match format {
        Format::Table => {
            let mut first = true;
            for (kind, objs) in groups.iter().filter(|(_, v)| !v.is_empty()) {
                if !first {
                    // get.go's separatorWriterWrapper: a blank line between kinds, on
                    // stdout with the tables, and not at all with --no-headers.
                    if !opts.no_headers {
                        out.out("\n");
                    }
                    *tw = TabWriter::default();
                }
                first = false;
                let refs: Vec<&Object> = objs.iter().collect();
                out.out(printers::render_table(*kind, &refs, opts, now, tw));
            }
            return Ok(!all.is_empty());
        }
        Format::Name => {
            for o in &all {
                out.out(format!("{}/{}\n", o.kind().kind_group(), o.meta().name));
            }
        }
        Format::Yaml | Format::Json => {
            let v = if single {
                printers::printed_json(all[0], opts.show_managed_fields)
            } else {
                printers::printed_list_json(&all, opts.show_managed_fields)
            };
            match format {
                Format::Yaml => out.out(printers::value_to_yaml(&v)),
                _ => out.out(format!("{}\n", printers::value_json_text(&v))),
            }
        }
        Format::JsonPath(t) => {
            let data =
                if single { printers::object_json(all[0]) } else { printers::list_json(&all) };
            out.out(jsonpath_output(t, &data)?);
        }
        Format::GoTemplate(t) => {
            let data =
                if single { printers::object_json(all[0]) } else { printers::list_json(&all) };
            gotemplate_output(t, &data, out)?;
        }
    }
    Ok(false)
}

#[cfg(test)]
#[path = "get_tests.rs"]
mod tests;
