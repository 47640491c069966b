//! `kubectl create poddisruptionbudget NAME --selector=... --min-available=N|--max-unavailable=N`
//! (alias `pdb`). Models staging/src/k8s.io/kubectl/pkg/cmd/create/create_pdb.go (`Validate`,
//! `createPodDisruptionBudgets`): the selector through `metav1.ParseToLabelSelector`, the
//! bound through `intstr.Parse`, checked against `kubectl create pdb ... --dry-run=client -o
//! yaml` of the real kubectl.

use crate::model::*;

use super::args::{self, flag, FlagSpec};
use super::create_config::{meta, name_of, post, usage, without_first_word};
use super::dry_run::{self, DryRun};
use super::{Kubectl, KubectlError, Output};

pub(super) const PDB_FLAGS: &[FlagSpec] = &[
    flag("namespace", Some('n')),
    super::dry_run::FLAG,
    flag("output", Some('o')),
    flag("selector", None),
    flag("min-available", None),
    flag("max-unavailable", None),
];

/// `argv` is what follows `create`; its first word is `poddisruptionbudget` or `pdb`.
pub fn create_pdb(s: &mut Kubectl, argv: &[String], out: &mut Output) -> Result<i32, KubectlError> {
    let a =
        args::parse(&without_first_word(argv, PDB_FLAGS), PDB_FLAGS, "create poddisruptionbudget")?;
    let name = name_of(&a, "poddisruptionbudget")?;
    let pdb = build(&name, &a)?;
    let output = dry_run::output_format(a.get("output"))?;
    let dry = DryRun::from_args(&a, s.now(), out)?;
    post(s, pdb.into_object(), &a, output, dry, "poddisruptionbudgets", out)
}

/// `Validate`, then `createPodDisruptionBudgets`.
fn build(name: &str, a: &args::Args) -> Result<PodDisruptionBudget, KubectlError> {
    let given = |f: &str| a.get(f).filter(|v| !v.is_empty());
    let Some(selector) = given("selector") else {
        return Err(usage("a selector must be specified"));
    };
    let (min, max) = (given("min-available"), given("max-unavailable"));
    if min.is_none() && max.is_none() {
        return Err(usage("one of min-available or max-unavailable must be specified"));
    }
    if min.is_some() && max.is_some() {
        return Err(usage("min-available and max-unavailable cannot be both specified"));
    }
    // `^[0-9]+%?$`: a count or a percentage, nothing else.
    let well_formed = |v: &str| {
        let digits = v.strip_suffix('%').unwrap_or(v);
        !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
    };
    if min.is_some_and(|v| !well_formed(v)) {
        return Err(usage("invalid format specified for min-available"));
    }
    if max.is_some_and(|v| !well_formed(v)) {
        return Err(usage("invalid format specified for max-unavailable"));
    }
    let selector = LabelSelector::parse(selector).map_err(usage)?;
    Ok(PodDisruptionBudget {
        api_version: "policy/v1".into(),
        kind: "PodDisruptionBudget".into(),
        metadata: meta(name, a),
        spec: PdbSpec {
            selector: Some(selector),
            min_available: min.map(int_or_string),
            max_unavailable: max.map(int_or_string),
            unhealthy_pod_eviction_policy: None,
        },
        status: PdbStatus::default(),
    })
}

/// `intstr.Parse`: a number that fits an int32 is an int, anything else a string.
fn int_or_string(v: &str) -> IntOrString {
    v.parse::<i32>().map_or_else(|_| IntOrString::Str(v.into()), IntOrString::Int)
}

#[cfg(test)]
mod tests {
    use crate::session::Session;

    fn run(line: &str) -> String {
        Session::script(1).run(line).text()
    }

    /// The objects and refusals of kubectl 1.33's `create pdb ... --dry-run=client`.
    #[test]
    fn the_generator_builds_what_kubectl_builds_and_refuses_what_it_refuses() {
        assert_eq!(
            run("k create pdb my-pdb --selector=app=rails --min-available=1 --dry-run=client -o yaml"),
            "apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata:\n  creationTimestamp: null\n  name: my-pdb\nspec:\n  minAvailable: 1\n  selector:\n    matchLabels:\n      app: rails\nstatus:\n  currentHealthy: 0\n  desiredHealthy: 0\n  disruptionsAllowed: 0\n  expectedPods: 0\n"
        );
        let json = run("k create pdb my-pdb --selector='app in (a,b),tier notin (x),!legacy' --max-unavailable=50% --dry-run=client -o json");
        let v: serde_json::Value = serde_json::from_str(&json).expect("json");
        assert_eq!(v["spec"]["maxUnavailable"], "50%");
        let keys: Vec<&str> = v["spec"]["selector"]["matchExpressions"]
            .as_array()
            .expect("expressions")
            .iter()
            .map(|e| e["key"].as_str().unwrap_or_default())
            .collect();
        assert_eq!(keys, ["app", "legacy", "tier"]);
        for (line, err) in [
            ("k create pdb x --selector='a>3' --max-unavailable=1", "error: \"gt\" isn't supported in label selectors\n"),
            ("k create pdb x --selector=a!=b --max-unavailable=1", "error: \"!=\" is not a valid label selector operator\n"),
            ("k create pdb x --selector=a= --max-unavailable=5x", "error: invalid format specified for max-unavailable\n"),
            ("k create pdb x --selector=a=b", "error: one of min-available or max-unavailable must be specified\n"),
            ("k create pdb x --min-available=1", "error: a selector must be specified\n"),
            ("k create pdb x --selector=a=b --min-available=1 --max-unavailable=1", "error: min-available and max-unavailable cannot be both specified\n"),
            ("k create pdb --min-available=1", "error: exactly one NAME is required, got 0\nSee 'kubectl create poddisruptionbudget -h' for help and examples\n"),
            ("k create pdb x --selector='a=(' --min-available=1", "error: couldn't parse the selector string \"a=(\": unable to parse requirement: found '(', expected: identifier\n"),
        ] {
            assert_eq!(run(line), err, "{line}");
        }
    }

    #[test]
    fn a_created_budget_is_stored_and_printed_by_its_group() {
        let mut s = Session::script(1);
        let out = s.run("k create pdb web --selector=app=web --max-unavailable=1");
        assert_eq!(out.text(), "poddisruptionbudget.policy/web created\n");
        let out = s.run("k create pdb web --selector=app=web --max-unavailable=1");
        assert_eq!(
            out.text(),
            "error: failed to create poddisruptionbudgets: poddisruptionbudgets.policy \"web\" already exists\n"
        );
    }
}
