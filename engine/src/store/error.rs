//! API server errors, printed the way kubectl shows them.

use std::fmt;

use crate::labels::validation::{aggregate, go_quote, invalid_error, FieldError};
use crate::model::Kind;

#[derive(Clone, Debug, PartialEq)]
pub enum ApiError {
    NotFound {
        kind: Kind,
        name: String,
    },
    AlreadyExists {
        kind: Kind,
        name: String,
    },
    Invalid {
        kind: Kind,
        name: String,
        errors: Vec<FieldError>,
    },
    /// A write raced with another (stale resourceVersion or UID precondition).
    Conflict {
        kind: Kind,
        name: String,
        message: String,
    },
    /// The request body could not be decoded (strict decoding, wrong types).
    BadRequest {
        message: String,
    },
    /// An admission plugin refused the write (`admission.NewForbidden`).
    Forbidden {
        kind: Kind,
        name: String,
        message: String,
    },
}

/// `deployments.apps`, `pods`: the resource as the API server names it in messages.
pub fn qualified_resource(kind: Kind) -> String {
    match kind.group() {
        "" => kind.plural().to_string(),
        g => format!("{}.{g}", kind.plural()),
    }
}

impl ApiError {
    /// The Status `reason` kubectl prints in parentheses.
    pub fn reason(&self) -> &'static str {
        match self {
            ApiError::NotFound { .. } => "NotFound",
            ApiError::AlreadyExists { .. } => "AlreadyExists",
            ApiError::Invalid { .. } => "Invalid",
            ApiError::Conflict { .. } => "Conflict",
            ApiError::BadRequest { .. } => "BadRequest",
            ApiError::Forbidden { .. } => "Forbidden",
        }
    }

    /// The Status `message` the API server sends. For Invalid it is
    /// `<Kind.group> "<name>" is invalid: <aggregate>` (apimachinery pkg/api/errors
    /// `NewInvalid`), which kubectl shows only when it lists several errors.
    pub fn status_message(&self) -> String {
        match self {
            ApiError::NotFound { kind, name } => {
                format!("{} \"{name}\" not found", qualified_resource(*kind))
            }
            ApiError::AlreadyExists { kind, name } => {
                format!("{} \"{name}\" already exists", qualified_resource(*kind))
            }
            ApiError::Invalid { kind, name, errors } => {
                let group_kind = match kind.group() {
                    "" => kind.as_str().to_string(),
                    g => format!("{}.{g}", kind.as_str()),
                };
                invalid_status(&group_kind, name, errors)
            }
            ApiError::Conflict { kind, name, message } => format!(
                "Operation cannot be fulfilled on {} \"{name}\": {message}",
                qualified_resource(*kind)
            ),
            ApiError::BadRequest { message } => message.clone(),
            ApiError::Forbidden { kind, name, message } => {
                format!("{} \"{name}\" is forbidden: {message}", qualified_resource(*kind))
            }
        }
    }
}

fn invalid_status(group_kind: &str, name: &str, errors: &[FieldError]) -> String {
    let heading = format!("{group_kind} {} is invalid", go_quote(name));
    match aggregate(errors) {
        agg if agg.is_empty() => heading,
        agg => format!("{heading}: {agg}"),
    }
}

impl fmt::Display for ApiError {
    /// As kubectl's `checkErr` prints it alone: Invalid errors from their causes, the rest as
    /// `Error from server (<reason>): <message>` (cmd/util/helpers.go `StandardErrorMessage`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ApiError::Invalid { kind, name, errors } => {
                f.write_str(&invalid_error(kind.as_str(), name, errors))
            }
            _ => write!(f, "Error from server ({}): {}", self.reason(), self.status_message()),
        }
    }
}

impl std::error::Error for ApiError {}
