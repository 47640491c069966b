//! The namespace loop's phrases: a deleted namespace emptied, then let go
//! (controllers/namespace.rs).

use super::{phrases, Said};

phrases! {
    pub enum NamespaceSaid = "namespace" {
        Empty { namespace: String } => "empty namespace {namespace}, then let it go";
        /// What is left, one `Objects` per resource.
        StillThere { left: Vec<Said> } => "{left} still there";
        /// `resource` as the condition names it: `pods`, `deployments.apps`.
        Objects { count: usize, resource: String } => "{count} {resource}";
        DeleteRest { seconds: i64 } => "delete what is left; look again in {seconds}s";
        NothingLeft => "nothing left in it";
        RemoveFinalizer => "remove the kubernetes finalizer: the namespace goes";
    }
}

#[cfg(test)]
mod tests {
    use super::NamespaceSaid;

    #[test]
    fn what_is_left_is_listed_by_resource() {
        let pods = NamespaceSaid::Objects { count: 2, resource: "pods".into() };
        let deps = NamespaceSaid::Objects { count: 1, resource: "deployments.apps".into() };
        let left = NamespaceSaid::StillThere { left: vec![pods.into(), deps.into()] };
        assert_eq!(left.to_string(), "2 pods, 1 deployments.apps still there");
    }
}
