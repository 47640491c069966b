//! API server errors, printed the way kubectl shows them.

use std::fmt;

use crate::labels::validation::{invalid_error, FieldError};
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
    NamespaceNotFound {
        name: String,
    },
    NamespaceExists {
        name: String,
    },
    InvalidNamespace {
        name: String,
        errors: Vec<FieldError>,
    },
}

/// `deployments.apps`, `pods`: the resource as the API server names it in messages.
pub fn qualified_resource(kind: Kind) -> String {
    match kind.group() {
        "" => kind.plural().to_string(),
        g => format!("{}.{g}", kind.plural()),
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ApiError::NotFound { kind, name } => write!(
                f,
                "Error from server (NotFound): {} \"{name}\" not found",
                qualified_resource(*kind)
            ),
            ApiError::AlreadyExists { kind, name } => write!(
                f,
                "Error from server (AlreadyExists): {} \"{name}\" already exists",
                qualified_resource(*kind)
            ),
            ApiError::Invalid { kind, name, errors } => {
                f.write_str(&invalid_error(kind.as_str(), name, errors))
            }
            ApiError::Conflict { kind, name, message } => write!(
                f,
                "Error from server (Conflict): Operation cannot be fulfilled on {} \"{name}\": {message}",
                qualified_resource(*kind)
            ),
            ApiError::NamespaceNotFound { name } => {
                write!(f, "Error from server (NotFound): namespaces \"{name}\" not found")
            }
            ApiError::NamespaceExists { name } => {
                write!(f, "Error from server (AlreadyExists): namespaces \"{name}\" already exists")
            }
            ApiError::InvalidNamespace { name, errors } => {
                f.write_str(&invalid_error("Namespace", name, errors))
            }
        }
    }
}

impl std::error::Error for ApiError {}
