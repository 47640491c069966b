//! Browser tests: the real app mounted in headless Chromium by wasm-bindgen-test.
#![cfg(target_arch = "wasm32")]

use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, Event, HtmlElement, HtmlInputElement, HtmlSelectElement};

mod page;
use page::*;

wasm_bindgen_test_configure!(run_in_browser);

async fn click(el: &HtmlElement) {
    el.click();
    yew::scheduler::flush().await;
}

#[wasm_bindgen_test]
async fn first_screen_shows_title_graph_and_command_box() {
    let root = mount().await;
    assert_eq!(text_of(&root, "h1.brand"), "kubeloop");
    assert!(text_of(&root, "section.graph").contains("The cluster is empty"));
    let input = root
        .query_selector("[aria-label='kubectl command']")
        .unwrap()
        .expect("labelled command box");
    assert_eq!(input.tag_name(), "TEXTAREA");
    assert!(
        text_of(&root, "[aria-label='controller decisions']").contains("What the loops just did")
    );
}

#[wasm_bindgen_test]
async fn a_typed_command_runs_against_the_cluster_and_draws_the_deployment() {
    let root = mount().await;
    type_command(&root, "k create deployment web --image=nginx:1.27 --replicas=2").await;
    let log = text_of(&root, "[role='log']");
    assert!(log.contains("$ k create deployment web --image=nginx:1.27 --replicas=2"), "{log}");
    assert!(log.contains("deployment.apps/web created"), "{log}");
    let card = root.query_selector("[data-kind='Deployment'][data-name='web']").unwrap();
    assert!(card.is_some(), "the Deployment is drawn at once");
    type_command(&root, "k get pods nope").await;
    assert!(text_of(&root, "[role='log']")
        .contains("Error from server (NotFound): pods \"nope\" not found"));
}

#[wasm_bindgen_test]
async fn playback_pauses_changes_speed_and_resets_with_a_typed_seed() {
    let root = mount().await;
    click(&button(&root, "Pause")).await;
    assert!(text_of(&root, "nav.controls").contains("Play"), "Pause turns into Play");

    let dial: HtmlSelectElement = one(&root, "select[aria-label='speed']");
    let options: Vec<String> = (0..dial.length())
        .filter_map(|i| dial.item(i))
        .map(|o| o.text_content().unwrap_or_default())
        .collect();
    assert_eq!(options, ["0.25\u{d7}", "0.5\u{d7}", "1\u{d7}", "2\u{d7}", "5\u{d7}", "10\u{d7}"]);
    assert_eq!(dial.value(), "0.5", "a first visit starts at half speed");
    dial.set_value("10");
    dial.dispatch_event(&Event::new("change").unwrap()).unwrap();
    yew::scheduler::flush().await;
    assert_eq!(dial.value(), "10");
    let chosen = dial.selected_options().item(0).unwrap();
    assert_eq!(chosen.text_content().unwrap(), "10\u{d7}");
    assert!(button(&root, "Play").is_connected(), "a new speed does not unpause");
    click(&button(&root, "Play")).await;
    assert!(button(&root, "Pause").is_connected());

    // Step pauses and advances one tick.
    click(&button(&root, "Step")).await;
    assert!(button(&root, "Play").is_connected());

    let seed: HtmlInputElement = one(&root, "input[aria-label='seed']");
    assert_eq!(seed.value(), "1", "the seed of the running cluster");
    seed.set_value("");
    seed.dispatch_event(&Event::new("input").unwrap()).unwrap();
    yew::scheduler::flush().await;
    assert_eq!(seed.get_attribute("aria-invalid").as_deref(), Some("true"));
    click(&button(&root, "Reset")).await;
    assert!(!text_of(&root, "[role='log']").contains("$ reset"), "no reset without a seed");

    seed.set_value("7");
    seed.dispatch_event(&Event::new("input").unwrap()).unwrap();
    yew::scheduler::flush().await;
    assert_eq!(seed.get_attribute("aria-invalid"), None);
    click(&button(&root, "Reset")).await;
    let log = text_of(&root, "[role='log']");
    assert!(log.contains("$ reset --seed 7"), "{log}");
    assert!(log.contains("seed 7"), "{log}");
    assert_eq!(seed.value(), "7");
}

#[wasm_bindgen_test]
async fn the_feed_filters_by_loop_and_a_click_selects_the_object() {
    let root = mount().await;
    type_command(&root, "k create deployment web --image=nginx:1.27 --replicas=2").await;
    for _ in 0..5 {
        click(&button(&root, "Step")).await;
    }
    let feed = "[aria-label='controller decisions']";
    let entries = |root: &Element| -> Vec<String> {
        let all = root.query_selector_all(&format!("{feed} .feed-entry")).unwrap();
        (0..all.length())
            .filter_map(|i| all.item(i))
            .map(|e| e.text_content().unwrap_or_default())
            .collect()
    };
    let before = entries(&root);
    assert!(before.iter().any(|e| e.starts_with("replicaset ")), "{before:?}");
    assert!(!before.iter().any(|e| e.starts_with("kubelet ")), "kubelet starts hidden");
    let line = before.iter().find(|e| e.starts_with("deployment deployment/web: want ")).unwrap();
    assert!(line.contains(", see ") && line.contains(" \u{2192} "), "{line}");

    let kubelet: HtmlElement = one(&root, ".loop-chip.loop-kubelet");
    assert_eq!(kubelet.get_attribute("aria-pressed").as_deref(), Some("false"));
    assert!(kubelet.title().contains("noisy"));
    // A hidden loop says so in words (struck-through chips read as stopped loops).
    assert_eq!(kubelet.text_content().unwrap_or_default(), "kubelet \u{b7} hidden");
    click(&button(&root, "replicaset")).await;
    let after = entries(&root);
    assert!(!after.iter().any(|e| e.starts_with("replicaset ")), "{after:?}");
    click(&button(&root, "replicaset \u{b7} hidden")).await;

    assert!(root.query_selector("aside.inspector").unwrap().is_none());
    let entry: HtmlElement = one(&root, &format!("{feed} .loop-deployment .feed-entry"));
    click(&entry).await;
    let inspector = text_of(&root, "aside.inspector");
    assert!(inspector.contains("web"), "{inspector}");
    let ring = root.query_selector("[data-kind='Deployment'][data-name='web'].selected").unwrap();
    assert!(ring.is_some(), "the graph rings the selected Deployment");
}

#[wasm_bindgen_test]
async fn a_saved_session_is_restored_and_a_corrupt_one_is_refused_with_a_notice() {
    let root = mount().await;
    type_command(&root, "k create deployment saved --image=nginx:1.27 --replicas=1").await;
    // A second page load finds the session the first one saved.
    let host = mount_keeping_storage().await;
    assert!(
        text_of(&host, "[role='log']").contains("restored the saved session (1 input replayed)")
    );
    assert!(host.query_selector("[data-kind='Deployment'][data-name='saved']").unwrap().is_some());

    let storage = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    storage.set_item(kubeloop_web::storage::SESSION_KEY, "{\"version\":99}").unwrap();
    let third = mount_keeping_storage().await;
    let log = text_of(&third, "[role='log']");
    assert!(log.contains("could not be used: it was written by format version 99"), "{log}");
    assert!(text_of(&third, "section.graph").contains("The cluster is empty"));
    assert_eq!(
        storage.get_item(kubeloop_web::storage::SESSION_KEY).unwrap(),
        None,
        "the bad value is dropped"
    );
}

#[wasm_bindgen_test]
async fn the_fault_switches_run_their_commands_and_show_the_state() {
    let root = mount().await;
    click(&button(&root, "Faults")).await;
    let panel =
        root.query_selector("[aria-label='fault switches']").unwrap().expect("the faults panel");
    let row = |name: &str| {
        let rows = panel.query_selector_all(".fault-row").unwrap();
        (0..rows.length())
            .filter_map(|i| rows.item(i))
            .map(|n| n.text_content().unwrap_or_default())
            .find(|t| t.starts_with(name))
            .unwrap_or_default()
    };
    assert!(row("replicaset").contains("running"));
    let stop = panel
        .query_selector(".fault-row button")
        .unwrap()
        .unwrap()
        .dyn_into::<HtmlElement>()
        .unwrap();
    click(&stop).await;
    assert!(text_of(&root, "[role='log']").contains("$ controller stop node-lifecycle"));
    let panel = root.query_selector("[aria-label='fault switches']").unwrap().unwrap();
    assert!(panel.text_content().unwrap_or_default().contains("stopped"));
    click(&button(&root, "Lose the next 5 watch events")).await;
    assert!(text_of(&root, "[aria-label='fault switches']").contains("5 watch events will be lost"));
}
