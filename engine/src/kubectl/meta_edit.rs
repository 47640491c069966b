//! What `kubectl label` and `kubectl annotate` share (kubectl/pkg/cmd/label/label.go and
//! annotate/annotate.go are two copies of one flow): the flags, the objects the arguments
//! select, `--resource-version`, `--list`, the write and the printing. What differs, parsing
//! the pairs, the overwrite check and the result message, stays in `label.rs`/`annotate.rs`.

use std::collections::BTreeMap;

use serde_json::{json, Value};

use crate::api::client::{self, Call};
use crate::api::patch::PatchType;
use crate::model::*;

use super::args::{self, flag, switch, FlagSpec};
use super::dry_run::DryRun;
use super::get::{parse_selector, Format};
use super::printers;
use super::resource;
use super::{Kubectl, KubectlError, Output};

pub(super) const EDIT_FLAGS: &[FlagSpec] = &[
    switch("overwrite", None),
    flag("namespace", Some('n')),
    flag("selector", Some('l')),
    switch("all", None),
    switch("list", None),
    flag("resource-version", None),
    flag("output", Some('o')),
    super::dry_run::FLAG,
];

/// The metadata map a command edits.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Field {
    Labels,
    Annotations,
}

impl Field {
    pub fn noun(self) -> &'static str {
        match self {
            Field::Labels => "label",
            Field::Annotations => "annotation",
        }
    }

    /// The field's name in `metadata`.
    fn json_name(self) -> &'static str {
        match self {
            Field::Labels => "labels",
            Field::Annotations => "annotations",
        }
    }

    /// The field manager the verb names itself with (`kubectl-label`, `kubectl-annotate`).
    fn manager(self) -> &'static str {
        match self {
            Field::Labels => "kubectl-label",
            Field::Annotations => "kubectl-annotate",
        }
    }

    pub fn of(self, obj: &Object) -> BTreeMap<String, String> {
        match self {
            Field::Labels => (*obj.meta().labels).clone(),
            Field::Annotations => obj.meta().annotations.clone(),
        }
    }
}

/// The flags both verbs take, read and checked as Complete and Validate check them.
pub(super) struct EditOptions {
    pub a: args::Args,
    pub overwrite: bool,
    pub all: bool,
    pub list: bool,
    pub resource_version: Option<String>,
    pub format: Option<Format>,
    /// `--dry-run=client|server` (label.go and annotate.go add the flag with
    /// `cmdutil.AddDryRunFlag`).
    pub dry: DryRun,
}

impl EditOptions {
    pub fn parse(
        s: &Kubectl,
        argv: &[String],
        verb: &str,
        out: &mut Output,
    ) -> Result<EditOptions, KubectlError> {
        let a = args::parse(argv, EDIT_FLAGS, verb)?;
        let dry = DryRun::from_args(&a, s.now(), out)?;
        let list = a.bool("list", false)?;
        let output = a.get("output").filter(|o| !o.is_empty());
        // label.go / annotate.go Complete.
        if list && output.is_some() {
            return Err(KubectlError::Usage(
                "--list and --output may not be specified together".into(),
            ));
        }
        let format = match output {
            Some(o) => Some(Format::parse(Some(o))?.0),
            None => None,
        };
        Ok(EditOptions {
            overwrite: a.bool("overwrite", false)?,
            all: a.bool("all", false)?,
            list,
            resource_version: a.get("resource-version").filter(|v| !v.is_empty()).map(String::from),
            format,
            dry,
            a,
        })
    }

    pub fn namespace(&self) -> String {
        self.a.get("namespace").unwrap_or("default").to_string()
    }

    /// Validate: `--all` with a selector, no resources, no change to make.
    pub fn validate(
        &self,
        resources: &[String],
        changes: bool,
        field: Field,
    ) -> Result<(), KubectlError> {
        if self.all && self.a.get("selector").is_some_and(|l| !l.is_empty()) {
            return Err(KubectlError::Usage(
                "cannot set --all and --selector at the same time".into(),
            ));
        }
        if resources.is_empty() {
            return Err(KubectlError::Usage(
                "one or more resources must be specified as <resource> <name> or <resource>/<name>"
                    .into(),
            ));
        }
        if !changes && !self.list {
            return Err(KubectlError::Usage(format!(
                "at least one {} update is required",
                field.noun()
            )));
        }
        Ok(())
    }

    /// The builder: the objects named or selected, and whether the arguments implied a single
    /// one (`IntoSingleItemImplied`).
    pub fn targets(
        &self,
        s: &mut Kubectl,
        resources: &[String],
        out: &mut Output,
    ) -> Result<(Vec<(Kind, String)>, bool), KubectlError> {
        {
            let ns = self.namespace();
            let sel = resource::select(resources, false)?;
            if sel.named && self.a.get("selector").is_some_and(|l| !l.trim().is_empty()) {
                return Err(resource::names_with_selector(resources));
            }
            // Parsed here for kubectl's own error; the server filters by the text.
            parse_selector(self.a.get("selector"))?;
            let label_sel = self.a.get("selector");
            let mut found = Vec::new();
            for (kind, names) in &sel.items {
                resource::warn_deprecated(*kind, out);
                if names.is_empty() {
                    if !self.a.has("selector") && !self.all {
                        return Err(KubectlError::Usage(
                            "resource(s) were provided, but no name was specified".into(),
                        ));
                    }
                    for o in client::list(s.api(), *kind, &ns, label_sel, None)? {
                        found.push((*kind, o.meta().name.clone()));
                    }
                } else {
                    found.extend(names.iter().map(|n| (*kind, n.clone())));
                }
            }
            let single = sel.named && sel.items.len() == 1 && sel.items[0].1.len() == 1;
            // label.go / annotate.go RunX, after the builder.
            if !single && self.resource_version.is_some() {
                return Err(KubectlError::Usage(
                    "--resource-version may only be used with a single resource".into(),
                ));
            }
            Ok((found, single))
        }
    }
}

/// The object, or the API server's NotFound.
pub(super) fn fetch(
    s: &mut Kubectl,
    kind: Kind,
    ns: &str,
    name: &str,
) -> Result<Object, KubectlError> {
    Ok(client::get(s.api(), kind, ns, name)?)
}

/// `--list`: the map after the edit (which `--list` never sends), one `k=v` a line in key
/// order (Go ranges over the map), under a `Listing ...` header when several objects could
/// be listed.
pub(super) fn list(
    field: Field,
    obj: &Object,
    map: &BTreeMap<String, String>,
    single: bool,
    out: &mut Output,
) {
    let indent = if single {
        ""
    } else {
        let kind = obj.kind();
        out.out(format!(
            "Listing {}s for {}.{}/{}:\n",
            field.noun(),
            kind.as_str(),
            kind.group(),
            obj.meta().name
        ));
        " "
    };
    for (k, v) in map {
        out.out(format!("{indent}{k}={v}\n"));
    }
}

/// Sends the edited map, if it changed, and returns the object as the server answers. As
/// label.go and annotate.go: a JSON merge patch from the object before to the object after
/// (`jsonpatch.CreateMergePatch`), carrying `metadata.resourceVersion` when one was given,
/// so the server refuses the write if the object has moved on; a client-side dry run sends
/// nothing and prints the object as changed here.
pub(super) fn write(
    s: &mut Kubectl,
    obj: &Object,
    field: Field,
    map: BTreeMap<String, String>,
    resource_version: Option<&str>,
    dry: DryRun,
) -> Result<Object, KubectlError> {
    let before = field.of(obj);
    if before == map && resource_version.is_none() {
        return Ok(obj.clone());
    }
    if dry == DryRun::Client {
        let mut changed = obj.clone();
        match field {
            Field::Labels => changed.meta_mut().labels = Labels::from(map),
            Field::Annotations => changed.meta_mut().annotations = map,
        }
        return Ok(changed);
    }
    let mut diff = serde_json::Map::new();
    for (k, v) in &map {
        if before.get(k) != Some(v) {
            diff.insert(k.clone(), Value::String(v.clone()));
        }
    }
    for k in before.keys().filter(|k| !map.contains_key(*k)) {
        diff.insert(k.clone(), Value::Null);
    }
    let mut meta = serde_json::Map::new();
    meta.insert(field.json_name().into(), Value::Object(diff));
    if let Some(rv) = resource_version {
        meta.insert("resourceVersion".into(), Value::String(rv.into()));
    }
    let (kind, m) = (obj.kind(), obj.meta());
    let call =
        Call::patch(kind, &m.namespace, &m.name, PatchType::Merge, json!({ "metadata": meta }))
            .dry_run(dry == DryRun::Server)
            .field_manager(field.manager());
    Ok(client::object(s.api(), &call)?)
}

/// The answer through `-o`'s printer, or the operation message.
pub(super) fn print(
    format: Option<&Format>,
    obj: &Object,
    op: &str,
    out: &mut Output,
) -> Result<(), KubectlError> {
    match format {
        None | Some(Format::Table) => {
            out.out(format!("{}\n", printers::operation(obj.kind(), &obj.meta().name, op)))
        }
        Some(f) => out.out(f.render_single(obj).map_err(KubectlError::Plain)?),
    }
    Ok(())
}
