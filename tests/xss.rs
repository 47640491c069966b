//! Safety of what is shown: hostile text typed, pasted or imported into every field is shown
//! as text and never becomes HTML. Each payload would set `window.xssFired` if it ran.
#![cfg(target_arch = "wasm32")]

use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlInputElement, HtmlTextAreaElement};

mod page;
use page::*;

wasm_bindgen_test_configure!(run_in_browser);

const PAYLOADS: [&str; 3] = [
    "<img src=x onerror=window.xssFired=1>",
    "<script>window.xssFired=2</script>",
    "\"><svg onload=window.xssFired=3>",
];

fn fired() -> bool {
    let w = web_sys::window().unwrap();
    js_sys::Reflect::get(&w, &"xssFired".into()).map(|v| !v.is_undefined()).unwrap_or(true)
}

fn injected(root: &Element) -> usize {
    ["img", "script", "svg[onload]", "[onerror]", "[onload]"]
        .iter()
        .map(|sel| root.query_selector_all(sel).unwrap().length() as usize)
        .sum()
}

async fn set_text(el: &Element, text: &str) {
    if let Some(t) = el.dyn_ref::<HtmlTextAreaElement>() {
        t.set_value(text);
    } else if let Some(i) = el.dyn_ref::<HtmlInputElement>() {
        i.set_value(text);
    }
    el.dispatch_event(&web_sys::InputEvent::new("input").unwrap()).unwrap();
    yew::scheduler::flush().await;
}

#[wasm_bindgen_test]
async fn hostile_text_in_every_field_is_shown_as_text() {
    let root = mount().await;
    // The graph's own icons are SVG; count what is there before anything is typed.
    let before = injected(&root);

    // The command box: as a name, an image, a label value, a selector, a jsonpath.
    for p in PAYLOADS {
        type_command(&root, &format!("k create deployment '{p}' --image=nginx")).await;
        type_command(&root, &format!("k get pods -l 'app={p}' -o jsonpath='{p}'")).await;
        type_command(&root, p).await;
    }
    type_command(
        &root,
        &format!("k create deployment web --image='{}' --replicas=1; settle", PAYLOADS[0]),
    )
    .await;
    let log = text_of(&root, "[aria-label='command box']");
    assert!(log.contains(PAYLOADS[0]), "the payload is printed as text: {log}");

    // The import box: annotations and images accept any text.
    click(&button(&root, "YAML")).await;
    let manifest = format!(
        "apiVersion: v1\nkind: Pod\nmetadata:\n  name: bare\n  annotations:\n    note: '{}'\n    other: '{}'\nspec:\n  containers:\n  - name: c\n    image: '{}'\n",
        PAYLOADS[0], PAYLOADS[2], PAYLOADS[1]
    );
    set_text(&one::<Element>(&root, ".import-yaml"), &manifest).await;
    click(&button(&root, "Apply")).await;
    type_command(&root, "settle").await;
    let exported = one::<HtmlTextAreaElement>(&root, ".export-yaml").value();
    assert!(exported.contains(PAYLOADS[1]), "{exported}");
    click(&button(&root, "Back to the feed")).await;

    // The inspector shows the annotation and image as text, and its label editor takes more.
    // An SVG box, so an Element rather than an HtmlElement.
    let pod: Element = one(&root, "[data-kind='Pod'][data-name='bare']");
    pod.dispatch_event(&web_sys::MouseEvent::new("click").unwrap()).unwrap();
    yew::scheduler::flush().await;
    let inspector = text_of(&root, ".inspector");
    assert!(inspector.contains(PAYLOADS[0]) && inspector.contains(PAYLOADS[1]), "{inspector}");
    click(&button(&root, "Edit labels")).await;
    click(&button(&root, "+ Add label")).await;
    set_text(&one::<Element>(&root, "[aria-label='label 1 key']"), PAYLOADS[2]).await;
    set_text(&one::<Element>(&root, "[aria-label='label 1 value']"), PAYLOADS[0]).await;
    click(&button(&root, "Save labels")).await;
    assert!(text_of(&root, "[aria-label='command box']").contains("Invalid value"));

    assert_eq!(injected(&root), before, "no element was made from the text");
    assert!(!fired(), "no payload ran");
}
