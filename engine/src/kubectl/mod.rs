//! kubectl as typed into the command box: parsing, execution against the world, printers.

pub mod jsonpath;
