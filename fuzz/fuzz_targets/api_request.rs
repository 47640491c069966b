#![no_main]
use libfuzzer_sys::fuzz_target;

#[path = "../api_harness.rs"]
mod api_harness;

fuzz_target!(|data: &[u8]| api_harness::api_request(data));
