//! What the inspector shows of a PodDisruptionBudget: the bound it sets and what that means
//! in pods now, how many disruptions it allows (at none, `kubectl drain` waits), its healthy
//! and expected pods as the disruption loop counted them, and the pods it covers, so a
//! teacher can follow the chip on the graph to the pods a drain may take.

use kubeloop::model::{Object, Pod, PodDisruptionBudget};
use kubeloop::store::Store;

use super::compare::compare;
use super::Compare;
use crate::words::Words;

// In the page's split build the rows ship with the course part (`crate::lazy::course`):
// only its commands make a PodDisruptionBudget.
type Rows = fn(&Store, &Object, &Words) -> Vec<Compare>;

crate::lazy::seam!(Rows = rows_of);

/// The rows of a PodDisruptionBudget; none of another kind.
pub(super) fn rows(store: &Store, obj: &Object, w: &Words) -> Vec<Compare> {
    linked().map_or_else(Vec::new, |rows| rows(store, obj, w))
}

fn rows_of(store: &Store, obj: &Object, w: &Words) -> Vec<Compare> {
    match obj {
        Object::PodDisruptionBudget(b) => pdb_rows(store, b, w),
        _ => Vec::new(),
    }
}

fn pdb_rows(store: &Store, b: &PodDisruptionBudget, w: &Words) -> Vec<Compare> {
    let s = &b.status;
    // What the bound comes to in pods, as the disruption loop worked it out.
    let counts = [("healthy", s.desired_healthy.into()), ("expected", s.expected_pods.into())];
    let stay = w.with("insp-pdb-must-stay", &counts);
    let (min_field, max_field) = (w.t("insp-row-min-available"), w.t("insp-row-max-unavailable"));
    let bound = match (&b.spec.min_available, &b.spec.max_unavailable) {
        (Some(min), _) => compare(&min_field, min.to_string(), stay, true),
        (None, Some(max)) => compare(&max_field, max.to_string(), stay, true),
        (None, None) => compare(&min_field, w.t("insp-not-set"), stay, true),
    };
    let allowed = match s.disruptions_allowed {
        0 => w.t("insp-pdb-drain-waits"),
        n => n.to_string(),
    };
    vec![
        bound,
        compare(
            &w.t("insp-row-healthy-pods"),
            s.desired_healthy.to_string(),
            s.current_healthy.to_string(),
            s.current_healthy >= s.desired_healthy,
        ),
        compare(&w.t("insp-row-disruptions-allowed"), "", allowed, s.disruptions_allowed > 0),
        compare(&w.t("insp-row-expected-pods"), "", s.expected_pods.to_string(), true),
        covered(store, b, w),
    ]
}

/// The pods in the budget's namespace its selector matches.
fn covered(store: &Store, b: &PodDisruptionBudget, w: &Words) -> Compare {
    let pods: Vec<&str> = store
        .list::<Pod>(Some(&b.metadata.namespace), None)
        .filter(|p| b.covers(&p.metadata.labels))
        .map(|p| p.metadata.name.as_str())
        .collect();
    let text = if pods.is_empty() { w.t("insp-no-pod") } else { pods.join(", ") };
    compare(&w.t("insp-row-covers"), "", text, true)
}

#[cfg(test)]
mod tests {
    use kubeloop::kubectl::Mode;
    use kubeloop::model::Kind;
    use kubeloop::session::Session;
    use kubeloop::world::World;

    use crate::inspect::inspect;
    use crate::selection::ObjRef;

    #[test]
    fn a_budget_shows_its_bound_what_it_allows_and_the_pods_it_covers() {
        let mut s = Session::new(World::new(1), Mode::Script);
        let lines = [
            "k create deployment web --image=nginx:1.27 --replicas=6",
            "k create pdb web --selector=app=web --min-available=5",
            "k create pdb none --selector=app=none --max-unavailable=1",
        ];
        for line in lines {
            assert_eq!(s.run(line).status, 0, "{line}");
        }
        s.world.settle();
        let rows = |name: &str| -> Vec<(String, String, String, bool)> {
            let target = ObjRef::new(Kind::PodDisruptionBudget, "default", name);
            let i = inspect(&s.world, &target).expect("inspected");
            i.rows
                .iter()
                .map(|r| (r.field.clone(), r.desired.clone(), r.observed.clone(), r.matches))
                .collect()
        };
        let web = rows("web");
        let row = |field: &str, desired: &str, observed: &str, matches: bool| {
            (field.to_string(), desired.to_string(), observed.to_string(), matches)
        };
        assert_eq!(
            web[..4],
            [
                row("Min available", "5", "5 of 6 must stay healthy", true),
                row("Healthy pods", "5", "6", true),
                row("Disruptions allowed", "", "1", true),
                row("Expected pods", "", "6", true),
            ]
        );
        assert_eq!(web[4].0, "Covers");
        assert_eq!(web[4].2.matches("web-").count(), 6, "{:?}", web[4]);
        let none = rows("none");
        assert_eq!(none[0], row("Max unavailable", "1", "0 of 0 must stay healthy", true));
        assert_eq!(none[2], row("Disruptions allowed", "", "0: a drain waits", false));
        assert_eq!(none[4], row("Covers", "", "no pod", true));
    }
}
