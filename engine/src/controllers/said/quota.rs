//! The resource quota loop's phrases: the limits a quota holds its namespace to and what the
//! namespace uses (controllers/resourcequota.rs).

use super::phrases;

phrases! {
    pub enum QuotaSaid = "quota" {
        /// `hard` as the quota lists it: `cpu=1,pods=4`.
        Hold { namespace: String, hard: String } => "hold {namespace} to {hard}";
        /// `used` as the quota lists it: `cpu=500m,pods=2`.
        InUse { used: String } => "in use: {used}";
        RecordUsage => "record the usage";
    }
}
