//! Each case is one of upstream's refusals (pkg/apis/batch/validation/validation.go and the
//! cases of validation_test.go `TestValidateJob`), checked by the message a user reads.

use crate::model::validate::job;
use crate::model::{
    Container, Job, OnExitCodes, OnPodConditionsPattern, PodFailurePolicy, PodFailurePolicyRule,
    SuccessPolicy, SuccessPolicyRule,
};

fn valid() -> Job {
    let mut j = Job::default();
    j.metadata.name = "x".into();
    j.spec.completions = Some(5);
    j.spec.parallelism = Some(1);
    j.spec.template.spec.restart_policy = Some("Never".into());
    j.spec.template.spec.containers = vec![Container::new("main", "busybox")].into();
    j
}

fn messages(j: &Job) -> Vec<String> {
    job(j).iter().map(ToString::to_string).collect()
}

fn exit_rule(action: &str, operator: &str, values: &[i32]) -> PodFailurePolicyRule {
    PodFailurePolicyRule {
        action: action.into(),
        on_exit_codes: Some(OnExitCodes {
            container_name: None,
            operator: operator.into(),
            values: values.to_vec(),
        }),
        on_pod_conditions: Vec::new(),
    }
}

fn with_rules(rules: Vec<PodFailurePolicyRule>) -> Job {
    let mut j = valid();
    j.spec.pod_failure_policy = Some(PodFailurePolicy { rules });
    j
}

#[test]
fn a_valid_pod_failure_policy_passes() {
    let mut rule = exit_rule("Ignore", "In", &[1, 2]);
    rule.on_exit_codes.as_mut().unwrap().container_name = Some("main".into());
    let j = with_rules(vec![rule]);
    assert_eq!(messages(&j), Vec::<String>::new());
}

#[test]
fn a_pod_failure_policy_needs_restart_policy_never() {
    let mut j = with_rules(vec![exit_rule("FailJob", "In", &[42])]);
    j.spec.template.spec.restart_policy = Some("OnFailure".into());
    assert_eq!(
        messages(&j),
        ["spec.template.spec.restartPolicy: Invalid value: \"OnFailure\": only \"Never\" is supported when podFailurePolicy is specified"]
    );
}

#[test]
fn fail_index_needs_backoff_limit_per_index() {
    let j = with_rules(vec![exit_rule("FailIndex", "In", &[3])]);
    assert_eq!(
        messages(&j),
        ["spec.podFailurePolicy.rules[0].action: Invalid value: \"FailIndex\": requires the backoffLimitPerIndex to be set"]
    );
}

#[test]
fn rule_fields_are_refused_in_the_api_servers_words() {
    let mut both = exit_rule("Retry", "Maybe", &[0, 3, 3, 1]);
    both.on_exit_codes.as_mut().unwrap().container_name = Some("other".into());
    both.on_pod_conditions =
        vec![OnPodConditionsPattern { type_: "Bad Type".into(), status: "Perhaps".into() }];
    let neither = PodFailurePolicyRule { action: String::new(), ..Default::default() };
    let got = messages(&with_rules(vec![both, neither]));
    let want = [
        "spec.podFailurePolicy.rules[0].action: Unsupported value: \"Retry\": supported values: \"Count\", \"FailIndex\", \"FailJob\", \"Ignore\"",
        "spec.podFailurePolicy.rules[0].onExitCodes.operator: Unsupported value: \"Maybe\": supported values: \"In\", \"NotIn\"",
        "spec.podFailurePolicy.rules[0].onExitCodes.containerName: Invalid value: \"other\": must be one of the container or initContainer names in the pod template",
        "spec.podFailurePolicy.rules[0].onExitCodes.values[2]: Duplicate value: 3",
        "spec.podFailurePolicy.rules[0].onExitCodes.values: Invalid value: [0,3,3,1]: must be ordered",
        "spec.podFailurePolicy.rules[0].onPodConditions[0].type: Invalid value: \"Bad Type\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
        "spec.podFailurePolicy.rules[0].onPodConditions[0].status: Unsupported value: \"Perhaps\": supported values: \"False\", \"True\", \"Unknown\"",
        "spec.podFailurePolicy.rules[0]: Invalid value: specifying both OnExitCodes and OnPodConditions is not supported",
        "spec.podFailurePolicy.rules[1].action: Required value: valid values: [\"Count\" \"FailIndex\" \"FailJob\" \"Ignore\"]",
        "spec.podFailurePolicy.rules[1]: Invalid value: specifying one of OnExitCodes and OnPodConditions is required",
    ];
    assert_eq!(got, want);
}

#[test]
fn in_zero_and_an_empty_list_are_refused() {
    let got = messages(&with_rules(vec![
        exit_rule("Count", "In", &[0]),
        exit_rule("Count", "NotIn", &[]),
    ]));
    assert_eq!(
        got,
        [
            "spec.podFailurePolicy.rules[0].onExitCodes.values[0]: Invalid value: 0: must not be 0 for the In operator",
            "spec.podFailurePolicy.rules[1].onExitCodes.values: Invalid value: null: at least one value is required",
        ]
    );
}

#[test]
fn too_many_rules_are_counted() {
    let got = messages(&with_rules(vec![exit_rule("Count", "In", &[1]); 21]));
    assert_eq!(got, ["spec.podFailurePolicy.rules: Too many: 21: must have at most 20 items"]);
}

#[test]
fn per_index_fields_need_an_indexed_job_and_each_other() {
    let mut j = valid();
    j.spec.max_failed_indexes = Some(2);
    assert_eq!(
        messages(&j),
        [
            "spec.backoffLimitPerIndex: Required value: when maxFailedIndexes is specified",
            "spec.maxFailedIndexes: Invalid value: 2: requires indexed completion mode",
        ]
    );
    j.spec.backoff_limit_per_index = Some(1);
    j.spec.completion_mode = Some("Indexed".into());
    j.spec.max_failed_indexes = Some(6);
    assert_eq!(
        messages(&j),
        ["spec.maxFailedIndexes: Invalid value: 6: must be less than or equal to completions"]
    );
}

#[test]
fn a_success_policy_needs_an_indexed_job_and_sound_rules() {
    let mut j = valid();
    j.spec.success_policy = Some(SuccessPolicy { rules: Vec::new() });
    assert_eq!(
        messages(&j),
        ["spec.successPolicy: Invalid value: {\"rules\":[]}: requires indexed completion mode"]
    );
    j.spec.completion_mode = Some("Indexed".into());
    assert_eq!(
        messages(&j),
        ["spec.successPolicy.rules: Required value: at least one rules must be specified when the successPolicy is specified"]
    );
    let rule = |ix: Option<&str>, count: Option<i32>| SuccessPolicyRule {
        succeeded_indexes: ix.map(String::from),
        succeeded_count: count,
    };
    j.spec.success_policy = Some(SuccessPolicy {
        rules: vec![
            rule(None, None),
            rule(Some("0,2-9"), None),
            rule(Some("3,1"), None),
            rule(Some("1-a"), None),
            rule(Some("0-1"), Some(3)),
            rule(None, Some(6)),
        ],
    });
    assert_eq!(
        messages(&j),
        [
            "spec.successPolicy.rules[0]: Required value: at least one of succeededCount or succeededIndexes must be specified",
            "spec.successPolicy.rules[1].succeededIndexes: Invalid value: \"0,2-9\": error parsing succeededIndexes: too large index: \"9\"",
            "spec.successPolicy.rules[2].succeededIndexes: Invalid value: \"3,1\": error parsing succeededIndexes: non-increasing order, previous: 3, current: 1",
            "spec.successPolicy.rules[3].succeededIndexes: Invalid value: \"1-a\": error parsing succeededIndexes: cannot convert string to integer for index: \"a\"",
            "spec.successPolicy.rules[4].succeededCount: Invalid value: 3: must be less than or equal to 2 (the number of indexes in the specified succeededIndexes field)",
            "spec.successPolicy.rules[5].succeededCount: Invalid value: 6: must be less than or equal to 5 (the number of specified completions)",
        ]
    );
}

#[test]
fn replacement_policy_must_be_failed_under_a_failure_policy() {
    let mut j = with_rules(vec![exit_rule("Count", "In", &[1])]);
    j.spec.pod_replacement_policy = Some("TerminatingOrFailed".into());
    assert_eq!(
        messages(&j),
        ["spec.podReplacementPolicy: Unsupported value: \"TerminatingOrFailed\": supported values: \"Failed\""]
    );
    let mut plain = valid();
    plain.spec.pod_replacement_policy = Some("Sometimes".into());
    assert_eq!(
        messages(&plain),
        ["spec.podReplacementPolicy: Unsupported value: \"Sometimes\": supported values: \"Failed\", \"TerminatingOrFailed\""]
    );
}

#[test]
fn always_reads_as_no_restart_policy() {
    let mut j = valid();
    j.spec.template.spec.restart_policy = Some("Always".into());
    assert_eq!(
        messages(&j),
        ["spec.template.spec.restartPolicy: Required value: valid values: \"OnFailure\", \"Never\""]
    );
}

#[test]
fn hostile_index_lists_are_errors_not_panics() {
    use super::indexes_format;
    for s in ["-", "--", "1--2", "99999999999999999999", ",", "0,", "+1", "-5", "3-3"] {
        let _ = indexes_format(s, 10);
    }
    assert_eq!(indexes_format("+1", 10), Ok(1));
    assert_eq!(indexes_format("0,2-4", 10), Ok(4));
    assert!(indexes_format("-5", 10).unwrap_err().contains("\"\""));
}
