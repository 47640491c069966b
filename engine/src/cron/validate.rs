//! The API server's checks of a CronJob's `spec.schedule` and `spec.timeZone`, with its
//! wording (pkg/apis/batch/validation/validation.go `validateScheduleFormat`,
//! `validateTimeZone`). It judges only these two fields.

use super::{load_location, parse_standard};
use crate::labels::field::FieldError;

/// `validateScheduleFormat`. `allow_tz_in_schedule` is false on create, and on update true
/// only when the old schedule already had a TZ (ValidateCronJobUpdate), so old objects stay
/// editable.
pub fn validate_schedule_format(
    schedule: &str,
    allow_tz_in_schedule: bool,
    time_zone: Option<&str>,
    field: &str,
) -> Vec<FieldError> {
    let mut errs = Vec::new();
    if let Err(e) = parse_standard(schedule) {
        errs.push(FieldError::invalid(field, schedule, &e));
    }
    let has_tz = schedule.contains("TZ");
    if allow_tz_in_schedule && has_tz && time_zone.is_some() {
        errs.push(FieldError::invalid(
            field,
            schedule,
            "cannot use both timeZone field and TZ or CRON_TZ in schedule",
        ));
    } else if !allow_tz_in_schedule && has_tz {
        errs.push(FieldError::invalid(
            field,
            schedule,
            "cannot use TZ or CRON_TZ in schedule, use timeZone field instead",
        ));
    }
    errs
}

/// `validateTimeZone`: no value is fine; an empty one, a name that cannot be an IANA name,
/// `Local`, and a name `time.LoadLocation` does not know are refused.
pub fn validate_time_zone(time_zone: Option<&str>, field: &str) -> Vec<FieldError> {
    let Some(tz) = time_zone else { return Vec::new() };
    if tz.is_empty() {
        return vec![FieldError::invalid(field, tz, "timeZone must be nil or non-empty string")];
    }
    if tz.split('/').any(|part| !valid_zone_part(part)) {
        return vec![FieldError::invalid(field, tz, &format!("unknown time zone {tz}"))];
    }
    let mut errs = Vec::new();
    if tz.eq_ignore_ascii_case("local") {
        errs.push(FieldError::invalid(
            field,
            tz,
            "timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones",
        ));
    }
    if let Err(e) = load_location(tz) {
        errs.push(FieldError::invalid(field, tz, &e));
    }
    errs
}

/// One `/`-separated part: not `.` or `..`, not starting with `-`, and matching
/// `^[A-Za-z\.\-_0-9+]{1,14}$` (validTimeZoneCharacters).
fn valid_zone_part(part: &str) -> bool {
    part != "."
        && part != ".."
        && !part.starts_with('-')
        && (1..=14).contains(&part.len())
        && part.bytes().all(|c| c.is_ascii_alphanumeric() || b".-_+".contains(&c))
}
