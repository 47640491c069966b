//! The service account loop's phrases: every active namespace has its `default` account
//! (controllers/serviceaccount.rs).

use super::phrases;

phrases! {
    pub enum ServiceAccountSaid = "serviceaccount" {
        HasDefault { namespace: String } => "namespace {namespace} has a default service account";
        /// The namespace has no `default` account.
        Missing => "none";
        CreateDefault => "create serviceaccount default";
    }
}
