//! kubectl jsonpath templates (placeholder while being written).
