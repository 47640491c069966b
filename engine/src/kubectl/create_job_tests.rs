use super::*;

#[test]
fn a_cronjobs_nested_metadata_gets_null_timestamps_after_the_name() {
    let mut m = Map::new();
    m.insert("name".into(), Value::String("cj".into()));
    null_timestamp(&mut m);
    let keys: Vec<&String> = m.keys().collect();
    assert_eq!(keys, ["name", "creationTimestamp"]);
    let mut empty = Map::new();
    null_timestamp(&mut empty);
    assert_eq!(empty.get("creationTimestamp"), Some(&Value::Null));
}

#[test]
fn a_job_from_a_cronjob_is_marked_manual_and_controlled_without_blocking() {
    let mut cj = CronJob::default();
    cj.metadata.name = "nightly".into();
    cj.metadata.uid = "u-1".into();
    cj.spec.job_template.metadata.annotations.insert("team".into(), "a".into());
    let j = job_from_cronjob("now", "", &cj);
    assert_eq!(j.metadata.annotations["cronjob.kubernetes.io/instantiate"], "manual");
    assert_eq!(j.metadata.annotations["team"], "a");
    let owner = &j.metadata.owner_references[0];
    assert_eq!(
        (owner.kind.as_str(), owner.controller, owner.block_owner_deletion),
        ("CronJob", Some(true), None)
    );
}

#[test]
fn every_name_of_the_subcommands_finds_them_in_the_course_part() {
    use crate::kubectl::verbs::find;
    let words = |line: &str| line.split(' ').map(String::from).collect::<Vec<_>>();
    for (line, path) in [
        ("create job pi --image=perl", ["create", "job"]),
        ("create -n batch cronjob tick --image=busybox", ["create", "cronjob"]),
        ("create cj tick --image=busybox", ["create", "cronjob"]),
    ] {
        let found = find(&words(line)).expect(line);
        assert_eq!(found.path, path, "{line}");
        assert_eq!(found.part, Some(crate::parts::Part::Course), "{line}");
    }
    let jobs = find(&words("create jobs pi")).expect("create");
    assert_eq!((jobs.path, jobs.part), (vec!["create"], None));
}
