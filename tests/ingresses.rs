//! End-to-end: an Ingress on the release page. `create ingress` fetches the course part;
//! the Ingress is drawn beside the Service it routes to, with an edge to it, and says which
//! of its Services are missing and that it has no address (no ingress controller runs).
//! Screenshots of the scene go to `target/e2e/ingress-*.png` at each room size, fitted, and
//! at each the Ingress card is on top (nothing covers it).
//!
//! Run through `scripts/test`, which builds `dist/` with `scripts/dist` first.

#[allow(dead_code)]
mod support;

use std::time::Duration;

use fantoccini::Locator;
use support::chrome::console_errors;
use support::page::*;
use support::Browser;

const SHOP: &str = "[data-kind='Ingress'][data-name='shop']";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_ingress_is_drawn_beside_the_service_it_routes_to_with_an_edge_to_it() {
    let browser = Browser::start().await;
    let c = &browser.client;
    c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted");
    type_line(c, "k create deployment web --image=nginx:1.27 --replicas=3").await;
    eventually(30, "three Running pods", || async { running_pods(c).await == 3 }).await;
    type_line(c, "k expose deployment web --port=80").await;
    type_line(
        c,
        "k create ingress shop --class=nginx --rule=shop.example.com/=web:80 --rule=shop.example.com/api*=api:http",
    )
    .await;
    eventually(20, "the Ingress card and its edge to web", || async {
        count(c, SHOP).await == 1
            && count(c, ".routes[data-ingress='Ingress/shop'][data-service='Service/web']").await
                == 1
    })
    .await;
    let text = c
        .execute(
            "return document.querySelector(arguments[0]).textContent;",
            vec![serde_json::json!(SHOP)],
        )
        .await
        .unwrap();
    let text = text.as_str().unwrap_or_default();
    assert!(text.contains("shop.example.com") && text.contains("1 missing"), "{text}");
    for (w, h) in [(390, 844), (768, 1024), (1024, 768), (1400, 900)] {
        resize(c, w, h).await;
        c.find(Locator::Css(".zoom-fit")).await.unwrap().click().await.unwrap();
        tokio::time::sleep(Duration::from_millis(700)).await;
        browser.screenshot(&format!("ingress-{w}x{h}.png")).await;
        assert!(on_top(c, SHOP).await, "the Ingress card is covered at {w}x{h}");
    }
    assert_eq!(console_errors(c).await, Vec::<String>::new());
    browser.close().await;
}
