//! `kubectl api-resources` and `kubectl api-versions`: what the server's discovery serves,
//! which is exactly the kinds kubeloop simulates (`Kind::ALL`), each at its preferred
//! group/version, read from the table `kubeloop serve` answers discovery from
//! (`api::discovery`). That server also lists `namespaces` and the `kubeloop.dev`
//! `decisions`, which the command box has no objects for.
//!
//! Models kubectl/pkg/cmd/apiresources/apiresources.go (flags, `Validate`, the filters of
//! `RunAPIResources`, `sortableResource`), print_flags.go (the table, `-o wide`, `-o name`)
//! and apiversions.go. Not `-o json|yaml`: kubeloop's discovery has no storage version
//! hashes or singular names to print in a faithful APIResourceList.

use crate::api::discovery::resource_of;
use crate::model::Kind;

use super::args::{self, flag, switch, FlagSpec};
use super::printers::TabWriter;
use super::{KubectlError, Output};

pub(super) const API_RESOURCES_FLAGS: &[FlagSpec] = &[
    flag("output", Some('o')),
    switch("no-headers", None),
    switch("show-managed-fields", None),
    flag("api-group", None),
    switch("namespaced", None),
    flag("verbs", None),
    flag("sort-by", None),
    switch("cached", None),
    flag("categories", None),
];

/// The group/version of `kind` as discovery lists it: `v1`, `apps/v1`.
fn group_version(kind: Kind) -> String {
    kind.api_version().to_string()
}

/// The comma-separated values of a pflag string slice (`--verbs=get,list --verbs watch`).
fn list(a: &args::Args, name: &str) -> Vec<String> {
    let values = a.repeated.get(name).cloned().or_else(|| a.get(name).map(|v| vec![v.to_string()]));
    values
        .unwrap_or_default()
        .iter()
        .flat_map(|v| v.split(','))
        .filter(|v| !v.is_empty())
        .map(str::to_string)
        .collect()
}

pub fn api_resources(argv: &[String], out: &mut Output) -> Result<i32, KubectlError> {
    let a = args::parse(argv, API_RESOURCES_FLAGS, "api-resources")?;
    if !a.positional.is_empty() {
        // cmdutil.UsageErrorf prints Go's %v of the argument slice.
        return Err(KubectlError::Usage(format!(
            "unexpected arguments: [{}]\nSee 'kubectl api-resources -h' for help and examples",
            a.positional.join(" ")
        )));
    }
    let format = a.get("output").unwrap_or_default();
    match format {
        "" | "wide" | "name" => {}
        "json" | "yaml" => {
            return Err(KubectlError::Plain(format!(
                "kubeloop: `kubectl api-resources -o {format}` is not supported in kubeloop: its discovery has no storage version hashes to print"
            )))
        }
        // genericclioptions.NoCompatiblePrinterError, its allowed formats sorted.
        other => {
            return Err(KubectlError::Usage(format!(
                "unable to match a printer suitable for the output format \"{other}\", allowed formats are: json,name,wide,yaml"
            )))
        }
    }
    let no_headers = a.bool("no-headers", false)?;
    a.bool("show-managed-fields", false)?;
    a.bool("cached", false)?;
    let namespaced = if a.has("namespaced") { Some(a.bool("namespaced", true)?) } else { None };
    let sort_by = a.get("sort-by").unwrap_or_default();
    // APIResourceOptions.Validate.
    if !matches!(sort_by, "" | "name" | "kind") {
        return Err(KubectlError::Usage("--sort-by accepts only name or kind".into()));
    }
    let group = a.get("api-group");
    let verbs = list(&a, "verbs");
    let wanted_categories = list(&a, "categories");
    let mut kinds: Vec<Kind> = Kind::ALL
        .into_iter()
        .filter(|k| group.is_none_or(|g| g == k.group()))
        .filter(|k| namespaced.is_none_or(|n| n == k.namespaced()))
        .filter(|k| verbs.iter().all(|v| resource_of(*k).verbs.contains(&v.as_str())))
        .filter(|k| wanted_categories.iter().all(|c| k.info().categories.contains(&c.as_str())))
        .collect();
    // sortableResource: by group (or the --sort-by field), then by name.
    crate::sort::sort_by(&mut kinds, |x, y| {
        let key = |k: &Kind| match sort_by {
            "name" => k.plural().to_string(),
            "kind" => k.as_str().to_string(),
            _ => k.group().to_string(),
        };
        key(x).cmp(&key(y)).then_with(|| x.plural().cmp(y.plural()))
    });
    if format == "name" {
        for k in kinds {
            match k.group() {
                "" => out.out(format!("{}\n", k.plural())),
                g => out.out(format!("{}.{g}\n", k.plural())),
            }
        }
        return Ok(0);
    }
    let wide = format == "wide";
    let mut rows = Vec::with_capacity(kinds.len() + 1);
    if !no_headers {
        let mut header: Vec<String> =
            ["NAME", "SHORTNAMES", "APIVERSION", "NAMESPACED", "KIND"].map(String::from).into();
        if wide {
            header.extend(["VERBS".to_string(), "CATEGORIES".to_string()]);
        }
        rows.push(header);
    }
    for k in kinds {
        let mut row = vec![
            k.plural().to_string(),
            k.info().short_names.join(","),
            group_version(k),
            k.namespaced().to_string(),
            k.as_str().to_string(),
        ];
        if wide {
            row.push(resource_of(k).verbs.join(","));
            row.push(k.info().categories.join(","));
        }
        rows.push(row);
    }
    out.out(TabWriter::default().write_rows(&rows));
    Ok(0)
}

/// `kubectl api-versions`: every served group/version, sorted (`sort.Strings`).
pub fn api_versions(argv: &[String], out: &mut Output) -> Result<i32, KubectlError> {
    let a = args::parse(argv, &[], "api-versions")?;
    if !a.positional.is_empty() {
        return Err(KubectlError::Usage(format!(
            "unexpected arguments: [{}]\nSee 'kubectl api-versions -h' for help and examples",
            a.positional.join(" ")
        )));
    }
    let mut versions: Vec<String> = Kind::ALL.into_iter().map(group_version).collect();
    crate::sort::sort(&mut versions);
    versions.dedup();
    for v in versions {
        out.out(format!("{v}\n"));
    }
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_short_name_resolves_to_its_kind() {
        for kind in Kind::ALL {
            for short in kind.info().short_names {
                assert_eq!(Kind::from_resource(short), Some(kind), "{short}");
            }
            assert_eq!(Kind::from_resource(kind.plural()), Some(kind));
        }
    }

    #[test]
    fn the_all_category_is_what_get_all_lists() {
        let all = super::super::resource::select(&["all".to_string()], true).unwrap();
        let mut listed: Vec<Kind> = all.items.into_iter().map(|(k, _)| k).collect();
        let mut in_category: Vec<Kind> =
            Kind::ALL.into_iter().filter(|k| k.info().categories.contains(&"all")).collect();
        listed.sort();
        in_category.sort();
        assert_eq!(listed, in_category);
    }
}
