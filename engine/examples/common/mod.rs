//! Shared by the measurement examples: the process's memory, from `/proc/self/status`.

/// A `/proc/self/status` memory field (`VmRSS`, `VmHWM`) in MB on Linux, or 0 where unknown.
pub fn status_mb(field: &str) -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.strip_prefix(field).is_some_and(|rest| rest.starts_with(':')))
                .and_then(|l| l.split_whitespace().nth(1).and_then(|kb| kb.parse::<u64>().ok()))
        })
        .map_or(0, |kb| kb / 1024)
}
