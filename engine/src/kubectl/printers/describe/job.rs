//! `describe job` and `describe cronjob`. Models describe.go `describeJob`,
//! `capIndexesListOrNone`, `describeCronJob`, `describeJobTemplate` and `printActiveJobs`.

use super::pod::pod_template;
use super::reader::Reader;
use super::{annotations, controlled_by, events, labels, rfc1123z, Writer};
use crate::clock::Time;
use crate::model::{CronJob, Job, JobTemplateSpec, LabelSelector};

/// `metav1.LabelSelectorAsSelector(...).String()`; a nil selector selects nothing and
/// prints as nothing.
fn selector(s: Option<&LabelSelector>) -> String {
    s.map(|s| s.to_selector().to_string()).unwrap_or_default()
}

pub(super) fn describe_job(r: &mut Reader, job: &Job, now: Time) -> String {
    let m = &job.metadata;
    let (spec, st) = (&job.spec, &job.status);
    let mut w = Writer::default();
    w.w(0, &format!("Name:\t{}\n", m.name));
    w.w(0, &format!("Namespace:\t{}\n", m.namespace));
    w.w(0, &format!("Selector:\t{}\n", selector(spec.selector.as_ref())));
    labels(&mut w, "Labels", &m.labels);
    annotations(&mut w, "Annotations", &m.annotations);
    controlled_by(&mut w, m);
    if let Some(p) = spec.parallelism {
        w.w(0, &format!("Parallelism:\t{p}\n"));
    }
    match spec.completions {
        Some(c) => w.w(0, &format!("Completions:\t{c}\n")),
        None => w.w(0, "Completions:\t<unset>\n"),
    }
    if let Some(mode) = &spec.completion_mode {
        w.w(0, &format!("Completion Mode:\t{mode}\n"));
    }
    if let Some(s) = spec.suspend {
        w.w(0, &format!("Suspend:\t{s}\n"));
    }
    if let Some(b) = spec.backoff_limit {
        w.w(0, &format!("Backoff Limit:\t{b}\n"));
    }
    if let Some(ttl) = spec.ttl_seconds_after_finished {
        w.w(0, &format!("TTL Seconds After Finished:\t{ttl}\n"));
    }
    if st.start_time.is_some() {
        w.w(0, &format!("Start Time:\t{}\n", rfc1123z(st.start_time)));
    }
    if st.completion_time.is_some() {
        w.w(0, &format!("Completed At:\t{}\n", rfc1123z(st.completion_time)));
    }
    if let (Some(start), Some(done)) = (st.start_time, st.completion_time) {
        w.w(0, &format!("Duration:\t{}\n", crate::duration::human(done.since(start))));
    }
    if let Some(d) = spec.active_deadline_seconds {
        w.w(0, &format!("Active Deadline Seconds:\t{d}s\n"));
    }
    match st.ready {
        None => w.w(
            0,
            &format!(
                "Pods Statuses:\t{} Active / {} Succeeded / {} Failed\n",
                st.active, st.succeeded, st.failed
            ),
        ),
        Some(ready) => w.w(
            0,
            &format!(
                "Pods Statuses:\t{} Active ({ready} Ready) / {} Succeeded / {} Failed\n",
                st.active, st.succeeded, st.failed
            ),
        ),
    }
    if spec.is_indexed() {
        let indexes = cap_indexes(st.completed_indexes.as_deref().unwrap_or(""), 50);
        w.w(0, &format!("Completed Indexes:\t{indexes}\n"));
    }
    pod_template(&mut w, &spec.template);
    events(&mut w, r.events_for(&m.uid), now);
    w.0
}

/// `capIndexesListOrNone`: the list up to the first comma at or after `soft_limit`, then
/// `...`; `<none>` when empty.
fn cap_indexes(indexes: &str, soft_limit: usize) -> String {
    if indexes.is_empty() {
        return "<none>".into();
    }
    let cut = indexes.bytes().enumerate().skip(soft_limit).find(|(_, b)| *b == b',');
    match cut {
        Some((ix, _)) => format!("{}...", &indexes[..=ix]),
        None => indexes.to_string(),
    }
}

pub(super) fn describe_cronjob(r: &mut Reader, cj: &CronJob, now: Time) -> String {
    let m = &cj.metadata;
    let spec = &cj.spec;
    let mut w = Writer::default();
    w.w(0, &format!("Name:\t{}\n", m.name));
    w.w(0, &format!("Namespace:\t{}\n", m.namespace));
    labels(&mut w, "Labels", &m.labels);
    annotations(&mut w, "Annotations", &m.annotations);
    w.w(0, &format!("Schedule:\t{}\n", spec.schedule));
    w.w(0, &format!("Concurrency Policy:\t{}\n", spec.concurrency_policy));
    // The API server defaults suspend and both limits, so they are never `<unset>` here.
    w.w(0, &format!("Suspend:\t{}\n", spec.suspend));
    w.w(0, &format!("Successful Job History Limit:\t{}\n", spec.successful_jobs_history_limit));
    w.w(0, &format!("Failed Job History Limit:\t{}\n", spec.failed_jobs_history_limit));
    match spec.starting_deadline_seconds {
        Some(d) => w.w(0, &format!("Starting Deadline Seconds:\t{d}s\n")),
        None => w.w(0, "Starting Deadline Seconds:\t<unset>\n"),
    }
    job_template(&mut w, &spec.job_template);
    match cj.status.last_schedule_time {
        Some(t) => w.w(0, &format!("Last Schedule Time:\t{}\n", rfc1123z(Some(t)))),
        None => w.w(0, "Last Schedule Time:\t<unset>\n"),
    }
    let active: Vec<&str> = cj.status.active.iter().map(|r| r.name.as_str()).collect();
    if active.is_empty() {
        w.w(0, "Active Jobs:\t<none>\n");
    } else {
        w.w(0, &format!("Active Jobs:\t{}\n", active.join(", ")));
    }
    events(&mut w, r.events_for(&m.uid), now);
    w.0
}

/// `describeJobTemplate`.
fn job_template(w: &mut Writer, t: &JobTemplateSpec) {
    match &t.spec.selector {
        Some(s) => w.w(0, &format!("Selector:\t{}\n", selector(Some(s)))),
        None => w.w(0, "Selector:\t<unset>\n"),
    }
    match t.spec.parallelism {
        Some(p) => w.w(0, &format!("Parallelism:\t{p}\n")),
        None => w.w(0, "Parallelism:\t<unset>\n"),
    }
    match t.spec.completions {
        Some(c) => w.w(0, &format!("Completions:\t{c}\n")),
        None => w.w(0, "Completions:\t<unset>\n"),
    }
    if let Some(d) = t.spec.active_deadline_seconds {
        w.w(0, &format!("Active Deadline Seconds:\t{d}s\n"));
    }
    pod_template(w, &t.spec.template);
}

#[cfg(test)]
mod tests {
    use super::cap_indexes;

    #[test]
    fn long_index_lists_are_cut_at_a_comma_after_the_soft_limit() {
        assert_eq!(cap_indexes("", 50), "<none>");
        assert_eq!(cap_indexes("0-3,7", 50), "0-3,7");
        assert_eq!(cap_indexes("1,3,5,7", 2), "1,3,...");
    }
}
