//! Labels as the API server treats them: selector parsing and matching, and validation of
//! names, label keys and label values with the API server's wording.

pub mod field;
pub mod selector;
pub mod validation;
