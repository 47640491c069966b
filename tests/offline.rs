//! Offline and installable: after one visit the service worker has the page, and in idle time
//! the explain docs the page never asked for, so a reload with the network gone (the file
//! server drops every request, and Chromium is told it is offline) still mounts, runs
//! commands and explains; a new release on the server is what the next online load shows,
//! with the update notice, the old build's files leave the cache and the docs are fetched
//! again; the manifest and every icon it and the
//! page name are served and are what they claim; and loading logs no error (no 404, nothing
//! refused by the Content-Security-Policy). At the root and under a project subpath.
//!
//! Run through `scripts/test`, which builds `dist/` first and installs chromedriver.

// Shared with the other end-to-end tests, which use more of it.
#[allow(dead_code)]
mod support;

use fantoccini::{Client, Locator};
use support::chrome::{console_errors, set_offline};
use support::page::*;
use support::Browser;

/// The explain docs as the service worker's cache holds them: their size in bytes, or `None`.
async fn cached_docs_size(c: &Client) -> Option<u64> {
    let script = "const done = arguments[0]; \
        caches.open('kubeloop-v1').then(c => c.match(new URL('explain.json', location.href))) \
          .then(r => r ? r.arrayBuffer().then(b => done(b.byteLength)) : done(null));";
    c.execute_async(script, vec![]).await.unwrap().as_u64()
}

/// The page's WebAssembly module, as `index.html` names it.
fn wasm_name(dist: &std::path::Path) -> String {
    let html = std::fs::read_to_string(dist.join("index.html")).unwrap();
    let end = html.find("_bg.wasm.xz").expect("index.html names its packed module");
    let start = html[..end].rfind("./").unwrap() + 2;
    format!("{}_bg.wasm.xz", &html[start..end])
}

async fn reload_works_offline(prefix: &'static str) {
    let browser = Browser::start_under(prefix).await;
    let c = &browser.client;
    mounted_and_controlled(c).await;
    assert_eq!(console_errors(c).await, Vec::<String>::new(), "loading logged errors");
    let cache = cached(c).await;
    assert!(cache.contains(&wasm_name(browser.dist_dir())), "{cache:?}");
    // The docs `kubectl explain` fetches on first use: the worker fetched them, not the page.
    let docs = std::fs::metadata(browser.dist_dir().join("explain.json")).unwrap().len();
    eventually(30, "the explain docs in the cache", || async {
        cached_docs_size(c).await == Some(docs)
    })
    .await;
    let loaded = fetched_urls(c).await;
    assert!(!loaded.iter().any(|u| u.ends_with("explain.json")), "the page asked: {loaded:?}");

    browser.set_server_online(false);
    set_offline(c, true).await;
    c.refresh().await.unwrap();
    c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted offline");
    assert!(browser.refused_requests() > 0, "the reload went to the network first");
    let online = c.execute("return navigator.onLine", vec![]).await.unwrap();
    assert_eq!(online, serde_json::json!(false));
    type_line(c, "k create deployment web --image=nginx:1.27 --replicas=2").await;
    eventually(20, "two Running pods offline", || async { running_pods(c).await == 2 }).await;
    assert!(log_text(c).await.contains("deployment.apps/web created"));
    type_line(c, "k explain pod").await;
    eventually(10, "the Pod's docs offline", || async {
        log_text(c).await.contains("KIND:       Pod")
    })
    .await;
    assert!(!log_text(c).await.contains("not available offline"));
    assert_eq!(console_errors(c).await, Vec::<String>::new(), "the offline load logged errors");
    let name = if prefix == "/" { "offline-reload.png" } else { "offline-reload-subpath.png" };
    browser.screenshot(name).await;
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reload_with_the_network_off_still_runs_the_page() {
    reload_works_offline("/").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reload_with_the_network_off_still_runs_the_page_under_a_subpath() {
    reload_works_offline("/kubeloop/").await;
}

/// A new release: the same module under a new name (as a rebuild with other code gets), named
/// by a page that says so, with its Content-Security-Policy brought up to date.
fn release_new_build(dist: &std::path::Path) -> String {
    let old = wasm_name(dist);
    let new = format!("kubeloop-web-{}_bg.wasm.xz", "f".repeat(16));
    assert_ne!(old, new);
    std::fs::copy(dist.join(&old), dist.join(&new)).unwrap();
    let html = std::fs::read_to_string(dist.join("index.html")).unwrap();
    let html = html.replace(&old, &new).replace("<title>", "<meta name=release content=2><title>");
    std::fs::write(dist.join("index.html"), html).unwrap();
    std::fs::remove_file(dist.join(&old)).unwrap();
    // New docs too, one byte longer (a JSON file may end in white space).
    let docs = std::fs::read_to_string(dist.join("explain.json")).unwrap();
    std::fs::write(dist.join("explain.json"), docs + " ").unwrap();
    // The loader script names the module, so its hash in the Content-Security-Policy changes.
    let csp = std::process::Command::new("bash").arg("scripts/csp").arg(dist).output().unwrap();
    assert!(csp.status.success(), "{}", String::from_utf8_lossy(&csp.stderr));
    new
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_release_is_what_the_next_load_shows() {
    let browser = Browser::start_with_copy("/").await;
    let c = &browser.client;
    mounted_and_controlled(c).await;
    let old = wasm_name(browser.dist_dir());
    assert!(cached(c).await.contains(&old));
    let docs = std::fs::metadata(browser.dist_dir().join("explain.json")).unwrap().len();
    eventually(30, "the explain docs in the cache", || async {
        cached_docs_size(c).await == Some(docs)
    })
    .await;

    let new = release_new_build(browser.dist_dir());
    c.refresh().await.unwrap();
    c.wait().for_element(Locator::Css("h1.brand")).await.expect("the new build mounted");
    let release = c.execute("return document.querySelector('meta[name=release]') !== null", vec![]);
    assert_eq!(release.await.unwrap(), serde_json::json!(true), "the page came from the server");
    let loaded = fetched_urls(c).await;
    assert!(loaded.iter().any(|u| u.ends_with(&new)), "{loaded:?}");
    eventually(10, "the old build out of the cache", || async {
        let cache = cached(c).await;
        cache.contains(&new) && !cache.contains(&old)
    })
    .await;
    eventually(30, "the new docs in the cache", || async {
        cached_docs_size(c).await == Some(docs + 1)
    })
    .await;
    let log = log_text(c).await;
    assert!(log.contains("updated to a new version since your last visit"), "{log}");
    assert_eq!(console_errors(c).await, Vec::<String>::new());
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_manifest_and_icons_are_served_and_true() {
    let browser = Browser::start_under("/kubeloop/").await;
    let c = &browser.client;
    c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted");
    // Fetches every linked file and every icon the manifest names, from the page, and reads
    // each icon as an image.
    let script = r#"const done = arguments[0];
        (async () => {
          const out = { links: {}, icons: {} };
          const links = [...document.querySelectorAll('link[href]')].filter(l => l.rel !== 'preload' && l.rel !== 'modulepreload');
          for (const l of links) out.links[l.rel + ' ' + l.getAttribute('href')] = (await fetch(l.href)).status;
          const link = document.querySelector('link[rel=manifest]');
          const manifest = await (await fetch(link.href)).json();
          out.manifest = manifest;
          for (const icon of manifest.icons) {
            const response = await fetch(new URL(icon.src, link.href));
            const bitmap = await createImageBitmap(await response.blob());
            out.icons[icon.src] = [response.status, bitmap.width + 'x' + bitmap.height, icon.sizes];
          }
          const touch = document.querySelector('link[rel=apple-touch-icon]').href;
          const bitmap = await createImageBitmap(await (await fetch(touch)).blob());
          out.touch = bitmap.width + 'x' + bitmap.height;
          return out;
        })().then(done, e => done({ error: String(e) }));"#;
    let got = c.execute_async(script, vec![]).await.unwrap();
    assert!(got.get("error").is_none(), "{got}");
    let links = got["links"].as_object().unwrap();
    for rel in ["icon", "manifest", "apple-touch-icon", "stylesheet"] {
        assert!(links.keys().any(|k| k.starts_with(&format!("{rel} "))), "no {rel}: {links:?}");
    }
    for (link, status) in links {
        assert_eq!(status, 200, "{link}");
    }
    let m = &got["manifest"];
    assert_eq!(m["short_name"], "kubeloop");
    assert_eq!((m["start_url"].as_str(), m["scope"].as_str()), (Some("."), Some(".")));
    assert_eq!(m["display"], "standalone");
    let icons = got["icons"].as_object().unwrap();
    assert_eq!(icons.len(), 3, "{icons:?}");
    for (src, v) in icons {
        assert_eq!(v[0], 200, "{src}");
        assert_eq!(v[1], v[2], "{src} is the size the manifest says");
    }
    assert!(icons.values().any(|v| v[1] == "512x512") && icons.values().any(|v| v[1] == "192x192"));
    assert_eq!(got["touch"], "180x180");
    assert_eq!(console_errors(c).await, Vec::<String>::new(), "loading logged errors");
    browser.close().await;
}
