//! `kubectl create priorityclass NAME [--value=N] [--global-default] [--description=TEXT]
//! [--preemption-policy=POLICY]` (alias `pc`). Models staging/src/k8s.io/kubectl/pkg/cmd/
//! create/create_priorityclass.go (`createPriorityClass`), checked against
//! `kubectl create priorityclass ... --dry-run=client -o yaml` of the real kubectl: the value
//! an int32 flag, the policy written as given (the API server checks it).

use crate::model::*;

use super::args::{self, flag, switch, FlagSpec};
use super::create_config::{name_of, post, without_first_word};
use super::dry_run::{self, DryRun};
use super::{Kubectl, KubectlError, Output};

pub(super) const PRIORITY_CLASS_FLAGS: &[FlagSpec] = &[
    super::dry_run::FLAG,
    flag("output", Some('o')),
    flag("value", None),
    switch("global-default", None),
    flag("description", None),
    flag("preemption-policy", None),
];

/// `argv` is what follows `create`; its first word is `priorityclass` or `pc`.
pub fn create_priorityclass(
    s: &mut Kubectl,
    argv: &[String],
    out: &mut Output,
) -> Result<i32, KubectlError> {
    let flags = PRIORITY_CLASS_FLAGS;
    let a = args::parse(&without_first_word(argv, flags), flags, "create priorityclass")?;
    let name = name_of(&a, "priorityclass")?;
    let mut pc = PriorityClass::named(&name, a.int32("value")?.unwrap_or(0));
    pc.global_default = a.bool("global-default", false)?;
    pc.description = a.get("description").unwrap_or_default().to_string();
    pc.preemption_policy =
        Some(a.get("preemption-policy").unwrap_or(PREEMPT_LOWER_PRIORITY).to_string());
    let output = dry_run::output_format(a.get("output"))?;
    let dry = DryRun::from_args(&a, s.now(), out)?;
    post(s, pc.into_object(), &a, output, dry, "priorityclass", out)
}
