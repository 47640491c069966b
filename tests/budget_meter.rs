//! Browser test for the rollout budget meter: it appears when a Deployment rolls out, reads
//! the resolved limits and the old/new counts from the world, and folds away on request.
#![cfg(target_arch = "wasm32")]

use wasm_bindgen_test::*;

mod page;
use page::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
async fn a_rollout_shows_its_budget_and_the_counts_move_step_by_step() {
    let root = mount().await;
    click(&button(&root, "Pause")).await;
    type_command(&root, "k create deployment web --image=nginx:1.27 --replicas=4; settle").await;
    type_command(&root, "k set image deployment/web nginx=nginx:1.28").await;
    let meter = root.query_selector(".budget-meter[data-deployment='web']").unwrap();
    assert!(meter.is_some(), "the meter shows while web rolls out");
    assert_eq!(text_of(&root, ".budget-surge"), "1", "25% of 4, rounded up");
    assert_eq!(text_of(&root, ".budget-unavailable"), "1", "25% of 4, rounded down");
    assert_eq!(text_of(&root, ".budget-bound.max"), "5");
    assert_eq!(text_of(&root, ".budget-bound.min"), "3");
    assert_eq!(text_of(&root, ".budget-count.pods"), "4", "only the old pods so far");
    assert!(text_of(&root, ".budget-params").contains("maxSurge 25% → 1"));

    // Step until the Deployment loop has grown the new ReplicaSet into the surge.
    let mut new_side = String::new();
    for _ in 0..6 {
        click(&button(&root, "Step")).await;
        new_side = text_of(&root, ".budget-new");
        if new_side.starts_with("new web-") && !new_side.ends_with(" 0") {
            break;
        }
    }
    assert!(new_side.starts_with("new web-") && new_side.contains(" 1 ("), "{new_side}");
    let pods: i32 = text_of(&root, ".budget-count.pods").parse().unwrap();
    assert!((4..=5).contains(&pods), "never above max 5: {pods}");
    assert!(text_of(&root, ".budget-compact").contains(" ≤ 5 · available "));

    click(&button(&root, "Hide budget")).await;
    assert!(root.query_selector(".budget-meter").unwrap().is_none(), "folded");
    click(&button(&root, "Show budget")).await;
    assert!(root.query_selector(".budget-meter").unwrap().is_some());
}
