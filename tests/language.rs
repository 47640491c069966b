//! End-to-end: the page in the class's language. A first visit from a German browser speaks
//! German; `?lang=` and the picker choose, and the choice survives a reload; kubectl's output
//! stays English. In German, whose words run longer than English ones, a phone, a projector
//! in presenter mode and a wide screen show nothing cut off and nothing off the screen, with
//! the Missions panel, the feed, the step card, the inspector, the Faults panel and the More
//! menu open too. Screenshots go to `target/e2e/lang-*.png`.

#[allow(dead_code)]
mod support;

use fantoccini::{Client, Locator};
use support::chrome::cdp;
use support::page::*;
use support::Browser;

/// What the page's text shows that is cut or out of sight: an element whose own text spills
/// out of its box (clipped or not), or that lies beyond the window's sides. Scrolling panes
/// (the terminal, a panel's list) scroll by design and are not counted; what is in them is.
async fn cut_off(c: &Client) -> Vec<String> {
    let found = c
        .execute(
            r#"const out = [], vw = innerWidth;
            const doc = document.scrollingElement;
            if (doc.scrollWidth > vw + 1) out.push(`the page scrolls sideways: ${doc.scrollWidth} > ${vw}`);
            const name = e => e.tagName.toLowerCase() + (e.className && e.className.baseVal === undefined
                ? '.' + String(e.className).trim().split(/\s+/).join('.') : '');
            for (const e of document.querySelectorAll('body *')) {
              // The graph's legend is one line that scrolls sideways on a narrow panel, in
              // every language (static/graph.css).
              if (e.closest('svg, .terminal-log, .log, pre, .graph-legend, .sr-only, .visually-hidden')) continue;
              // A pane that scrolls down may not also scroll sideways: that hides a line's end.
              const pane = getComputedStyle(e);
              if (['auto', 'scroll'].includes(pane.overflowX) && e.clientWidth > 0 &&
                  e.scrollWidth > e.clientWidth + 1 && !e.closest('.graph-legend'))
              {
                // Name what sticks out: the widest thing in the pane.
                const right = e.getBoundingClientRect().right;
                const wide = [...e.querySelectorAll('*')].filter(d => d.getBoundingClientRect().right > right + 1)
                  .sort((a, b) => b.getBoundingClientRect().right - a.getBoundingClientRect().right)[0];
                out.push(`${name(e)} scrolls sideways: ${e.scrollWidth} px in ${e.clientWidth}` +
                  (wide ? `, past its edge: ${name(wide)} "${wide.textContent.slice(0, 40)}"` : ''));
              }
              const text = [...e.childNodes].filter(n => n.nodeType === 3).map(n => n.textContent).join('').trim();
              if (!text) continue;
              const r = e.getBoundingClientRect(), s = getComputedStyle(e);
              if (r.width === 0 || r.height === 0 || s.visibility === 'hidden') continue;
              // Hidden inside a closed menu or a scrolled-away part of a pane: not shown.
              let p = e.parentElement, shown = true;
              while (p && shown) {
                const ps = getComputedStyle(p), pr = p.getBoundingClientRect();
                if (['auto', 'scroll', 'hidden', 'clip'].includes(ps.overflowY) &&
                    (r.bottom <= pr.top || r.top >= pr.bottom)) shown = false;
                p = p.parentElement;
              }
              if (!shown) continue;
              const scrolls = ['auto', 'scroll'].includes(s.overflowX);
              if (!scrolls && s.display !== 'inline' && e.scrollWidth > e.clientWidth + 1)
                out.push(`${name(e)} "${text.slice(0, 40)}" is cut: ${e.scrollWidth} px of text in ${e.clientWidth}`);
              if (r.right > vw + 1 || r.left < -1)
                out.push(`${name(e)} "${text.slice(0, 40)}" is off the screen: ${Math.round(r.left)}..${Math.round(r.right)} of ${vw}`);
            }
            // The bar's controls sit side by side; none may lie over another.
            const bar = [...document.querySelectorAll('.topbar button, .topbar select, .topbar input')]
              .filter(e => e.getBoundingClientRect().width > 0 && !e.closest('.panels.open'));
            bar.forEach((a, i) => bar.slice(i + 1).forEach(b => {
              const p = a.getBoundingClientRect(), q = b.getBoundingClientRect();
              if (p.left < q.right - 1 && q.left < p.right - 1 && p.top < q.bottom - 1 && q.top < p.bottom - 1)
                out.push(`${name(a)} "${a.textContent.trim()}" and ${name(b)} "${b.textContent.trim()}" overlap`);
            }));
            // A select cannot wrap: the chosen option's text must fit beside its arrow.
            const ruler = document.createElement('canvas').getContext('2d');
            for (const s of document.querySelectorAll('select')) {
              const r = s.getBoundingClientRect(), st = getComputedStyle(s);
              if (r.width === 0 || s.selectedIndex < 0) continue;
              ruler.font = `${st.fontWeight} ${st.fontSize} ${st.fontFamily}`;
              const text = s.options[s.selectedIndex].text;
              const room = s.clientWidth - parseFloat(st.paddingLeft) - parseFloat(st.paddingRight) - 20;
              if (ruler.measureText(text).width > room + 4)
                out.push(`select "${text}" is cut: ${Math.round(ruler.measureText(text).width)} px of text in ${Math.round(room)}`);
            }
            return out;"#,
            vec![],
        )
        .await
        .expect("measure the page");
    serde_json::from_value(found).unwrap()
}

async fn assert_whole(c: &Client, b: &Browser, shot: &str) {
    b.screenshot(&format!("lang-{shot}.png")).await;
    let cut = cut_off(c).await;
    assert!(cut.is_empty(), "{shot}: {cut:#?}");
}

async fn text(c: &Client, css: &str) -> String {
    let js = format!("return (document.querySelector({css:?}) || {{}}).textContent || ''");
    c.execute(&js, vec![]).await.unwrap().as_str().unwrap_or_default().to_string()
}

async fn lang(c: &Client) -> String {
    let v = c.execute("return document.documentElement.lang", vec![]).await.unwrap();
    v.as_str().unwrap_or_default().to_string()
}

async fn has_button(c: &Client, text: &str) -> bool {
    let script = "return [...document.querySelectorAll('button')].some(b => b.textContent.trim() === arguments[0])";
    c.execute(script, vec![serde_json::json!(text)]).await.unwrap() == serde_json::json!(true)
}

async fn pick(c: &Client, code: &str) {
    let picked = c
        .execute(
            "const s = document.querySelector('.lang-pick select'); if (!s) return false;
             s.value = arguments[0]; s.dispatchEvent(new Event('change', { bubbles: true }));
             return true",
            vec![serde_json::json!(code)],
        )
        .await
        .unwrap();
    assert_eq!(picked, serde_json::json!(true), "no language picker");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_german_class_gets_a_german_page_with_nothing_cut_off() {
    // A browser that prefers German, opening the page for the first time.
    let b = Browser::start_cold_copy().await;
    let c = &b.client;
    cdp(c, "Network.enable", serde_json::json!({})).await;
    cdp(
        c,
        "Network.setUserAgentOverride",
        serde_json::json!({ "userAgent": "Mozilla/5.0 kubeloop-e2e", "acceptLanguage": "de-DE,de" }),
    )
    .await;
    c.goto(b.page_url()).await.unwrap();
    c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted");
    // German is fetched on first use; English shows until it arrives.
    eventually(10, "the browser's language to choose German", || async { lang(c).await == "de" })
        .await;
    assert!(has_button(c, "Aufgaben").await, "the panel buttons are German");

    // kubectl's output stays English.
    type_line(c, "k create deployment web --image=nginx:1.27 --replicas=3").await;
    eventually(20, "the deployment's pods", || async { pod_names(c).await.len() == 3 }).await;
    assert!(log_text(c).await.contains("deployment.apps/web created"));

    resize(c, 1400, 900).await;
    assert_whole(c, &b, "de-wide").await;
    click_button(c, "Aufgaben").await;
    c.wait().for_element(Locator::Css(".mission-start")).await.expect("the Missions panel, listed");
    assert_whole(c, &b, "de-wide-missions").await;

    // A projector, in presenter mode.
    resize(c, 1024, 768).await;
    click_button(c, "Präsentation").await;
    eventually(10, "presenter mode", || async { count(c, ".app.presenter").await == 1 }).await;
    // The graph re-fits to presenter mode's room with an animation: let it end.
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    assert_whole(c, &b, "de-projector").await;
    click_button(c, "Verlauf").await;
    assert_whole(c, &b, "de-projector-feed").await;
    // The loops' phrases are German too (their formatting arrives in its own chunk).
    let feed = text(c, ".feed-list").await;
    assert!(feed.contains("soll 3 Replikas"), "the ReplicaSet loop in German: {feed}");
    assert!(feed.contains("Pod auf einem Node"), "the scheduler in German: {feed}");
    assert!(!feed.contains("active pods") && !feed.contains("bind to"), "{feed}");
    // The step card, after Pause and a Step into a scale.
    click_button(c, "Pause").await;
    type_line(c, "k scale deploy web --replicas=4").await;
    click_button(c, "Schritt").await;
    c.wait().for_element(Locator::Css(".step-card")).await.expect("the step card");
    assert_whole(c, &b, "de-projector-step").await;
    let card = text(c, ".step-card").await;
    assert!(
        card.contains("Soll") && card.contains("4 Replikas"),
        "the step card in German: {card}"
    );
    // The inspector on a pod, as a person clicks it.
    let pod = pod_names(c).await.into_iter().next().expect("a pod");
    let css = format!("[data-kind='Pod'][data-name='{pod}']");
    c.find(Locator::Css(&css)).await.unwrap().click().await.unwrap();
    c.wait().for_element(Locator::Css(".inspector .insp-actions")).await.expect("the inspector");
    assert_whole(c, &b, "de-projector-inspector").await;
    c.find(Locator::Css(".inspector .insp-close"))
        .await
        .expect("the inspector's Close")
        .click()
        .await
        .unwrap();
    click_button(c, "Störungen").await;
    c.wait().for_element(Locator::Css(".faults")).await.expect("the Faults panel");
    assert_whole(c, &b, "de-projector-faults").await;
    click_button(c, "Abspielen").await;
    click_button(c, "Präsentation").await;

    // A phone, with its menu open.
    resize(c, 390, 844).await;
    assert_whole(c, &b, "de-phone").await;
    click_button(c, "Mehr").await;
    assert_whole(c, &b, "de-phone-menu").await;

    // The picker goes back to English, and a reload keeps the choice.
    pick(c, "en").await;
    eventually(5, "English", || async { has_button(c, "Missions").await }).await;
    assert_eq!(lang(c).await, "en");
    c.refresh().await.unwrap();
    c.wait().for_element(Locator::Css("h1.brand")).await.unwrap();
    assert!(has_button(c, "Missions").await, "the choice outlives a reload");

    // A link's `?lang=` wins over the choice made before.
    c.goto(&format!("{}?lang=de", b.origin())).await.unwrap();
    c.wait().for_element(Locator::Css("h1.brand")).await.unwrap();
    eventually(10, "?lang=de", || async { has_button(c, "Aufgaben").await }).await;
    assert_eq!(lang(c).await, "de");
    b.close().await;
}
