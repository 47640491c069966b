//! Browser tests for the teaching tools: step mode's card and highlight, object history in
//! the inspector, YAML export and import, and presenter mode.
#![cfg(target_arch = "wasm32")]

use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::HtmlTextAreaElement;

mod page;
use page::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
async fn step_runs_one_loop_action_and_shows_what_it_read_and_wrote() {
    let root = mount().await;
    type_command(&root, "k create deployment web --image=nginx:1.27 --replicas=2").await;
    click(&button(&root, "Step")).await;
    let card = text_of(&root, ".step-card");
    assert!(card.contains("deployment acted on deployment/web"), "{card}");
    assert!(card.contains("wanted") && card.contains("saw") && card.contains("did"), "{card}");
    assert!(card.contains("ADDED replicaset/web-"), "{card}");
    assert_eq!(button(&root, "Play").text_content().unwrap(), "Play", "stepping pauses");
    assert!(text_of(&root, ".acted-label").contains("deployment acted here"));
    // No pod yet: only the deployment loop has acted.
    assert_eq!(root.query_selector_all("[data-kind='Pod']").unwrap().length(), 0);

    click(&button(&root, "Step")).await;
    let card = text_of(&root, ".step-card");
    assert!(card.contains("replicaset acted on replicaset/web-"), "{card}");
    assert!(card.contains("create 2"), "{card}");
    assert_eq!(root.query_selector_all("[data-kind='Pod']").unwrap().length(), 2);
}

#[wasm_bindgen_test]
async fn the_inspector_lists_who_changed_an_object_and_how() {
    let root = mount().await;
    type_command(&root, "k create deployment web --image=nginx:1.27 --replicas=3; settle").await;
    type_command(&root, "k scale deploy web --replicas=2; settle").await;
    let deploy: web_sys::HtmlElement = root
        .query_selector("[data-kind='Deployment'][data-name='web']")
        .unwrap()
        .expect("the deployment box")
        .unchecked_into();
    deploy.dispatch_event(&web_sys::MouseEvent::new("click").unwrap()).unwrap();
    yew::scheduler::flush().await;
    let history = text_of(&root, ".insp-history");
    assert!(history.contains("by you (kubectl)"), "{history}");
    assert!(history.contains("by deployment-controller"), "{history}");
    assert!(history.contains("spec.replicas"), "{history}");
    let scale =
        root.query_selector(".change.by-user .change-fields").unwrap().expect("a user change");
    assert!(scale.text_content().unwrap().contains("3"), "old value shown");
}

#[wasm_bindgen_test]
async fn yaml_exports_clean_manifests_and_imports_pasted_ones() {
    let root = mount().await;
    type_command(&root, "k create deployment web --image=nginx:1.27 --replicas=2; settle").await;
    click(&button(&root, "YAML")).await;
    let exported = one::<HtmlTextAreaElement>(&root, ".export-yaml").value();
    assert!(exported.contains("kind: Deployment"), "{exported}");
    assert!(exported.contains("name: web"), "{exported}");
    for server_set in ["uid:", "resourceVersion:", "creationTimestamp:", "status:", "kind: Pod"] {
        assert!(!exported.contains(server_set), "{server_set} in {exported}");
    }
    let href = root.query_selector("a[download]").unwrap().expect("a download link");
    assert!(href.get_attribute("href").unwrap().starts_with("data:application/yaml"));

    // Import: the same manifest renamed, pasted and applied.
    let pasted = exported.replace("name: web", "name: shop").replace("app: web", "app: shop");
    let import = one::<HtmlTextAreaElement>(&root, ".import-yaml");
    import.set_value(&pasted);
    import.dispatch_event(&web_sys::InputEvent::new("input").unwrap()).unwrap();
    yew::scheduler::flush().await;
    click(&button(&root, "Apply")).await;
    let log = text_of(&root, "[aria-label='command box']");
    assert!(log.contains("deployment.apps/shop created"), "{log}");
    assert!(root.query_selector("[data-kind='Deployment'][data-name='shop']").unwrap().is_some());
}

#[wasm_bindgen_test]
async fn presenter_mode_toggles_by_button_and_by_the_p_key_but_not_while_typing() {
    storage().remove_item(kubeloop_web::presenter::PRESENTER_KEY).unwrap();
    let root = mount().await;
    let app = || root.query_selector(".app").unwrap().unwrap();
    click(&button(&root, "Presenter")).await;
    assert!(app().class_list().contains("presenter"));
    assert_eq!(
        storage().get_item(kubeloop_web::presenter::PRESENTER_KEY).unwrap().as_deref(),
        Some("on")
    );
    let press = |target: &web_sys::EventTarget| {
        let init = web_sys::KeyboardEventInit::new();
        init.set_key("p");
        init.set_bubbles(true);
        let e =
            web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
        target.dispatch_event(&e).unwrap();
    };
    press(&document().body().unwrap());
    yew::scheduler::flush().await;
    assert!(!app().class_list().contains("presenter"), "P on the page toggles it off");
    let input = root.query_selector("[aria-label='kubectl command']").unwrap().unwrap();
    press(&input);
    yew::scheduler::flush().await;
    assert!(!app().class_list().contains("presenter"), "a p typed in the command box does not");
    storage().remove_item(kubeloop_web::presenter::PRESENTER_KEY).unwrap();
}
