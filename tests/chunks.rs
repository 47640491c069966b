//! Code splitting in the built page (`scripts/split`): a fresh page fetches no chunk; the
//! picture export's code is a chunk of its own that is fetched when the export is first used
//! (and live mode's is not), that the service worker keeps for offline use, and whose failed
//! fetch is an error on the page that loses nothing and that a second try recovers from.
//! Live mode through its chunk is tested by `tests/live.rs`.
//!
//! Run through `scripts/test`, which builds `dist/` with `scripts/dist` first.

// Shared with the other end-to-end tests, which use more of it.
#[allow(dead_code)]
mod support;

use fantoccini::{Client, Locator};
use support::chrome::console_errors;
use support::page::*;
use support::Browser;

/// The chunks index.html lists for the service worker, as the page names them.
async fn chunks(c: &Client) -> Vec<String> {
    let listed = c
        .execute(
            "const m = document.querySelector('meta[name=kubeloop-chunks]'); \
             return m ? m.content.split(' ').filter(n => n) : [];",
            vec![],
        )
        .await
        .unwrap();
    serde_json::from_value(listed).unwrap()
}

/// The export's chunk: the one whose name says so.
async fn export_chunk(c: &Client) -> String {
    let listed = chunks(c).await;
    let export = listed.iter().find(|n| n.contains("-export-")).cloned();
    let name = export.unwrap_or_else(|| panic!("no export chunk in {listed:?}: was dist/ split?"));
    name.trim_start_matches("./").to_string()
}

/// How many times the page has fetched `name`.
async fn fetches_of(c: &Client, name: &str) -> usize {
    fetched_urls(c).await.iter().filter(|u| u.ends_with(&format!("/{name}"))).count()
}

/// Records the file names the page hands to the user instead of downloading them.
async fn catch_downloads(c: &Client) {
    let script = "window.caught = []; \
        HTMLAnchorElement.prototype.click = function () { window.caught.push(this.download); };";
    c.execute(script, vec![]).await.unwrap();
}

async fn caught(c: &Client) -> Vec<String> {
    serde_json::from_value(c.execute("return window.caught", vec![]).await.unwrap()).unwrap()
}

/// The page's error notes (`role=alert`), as text.
async fn alerts(c: &Client) -> Vec<String> {
    let script = "return [...document.querySelectorAll('[role=alert]')].map(e => e.textContent)";
    serde_json::from_value(c.execute(script, vec![]).await.unwrap()).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_export_chunk_is_fetched_on_first_use_and_kept_offline() {
    let browser = Browser::start_under("/kubeloop/").await;
    let c = &browser.client;
    c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted");
    let chunk = export_chunk(c).await;
    type_line(c, "k create deployment web --image=nginx:1.27 --replicas=2").await;
    eventually(20, "two Running pods", || async { running_pods(c).await == 2 }).await;
    // No chunk at all yet: the lesson runs on the main module.
    for name in chunks(c).await {
        let name = name.trim_start_matches("./");
        assert_eq!(fetches_of(c, name).await, 0, "{name} fetched before its part was used");
    }
    let main_wasm =
        fetched_urls(c).await.into_iter().filter(|u| u.ends_with("_bg.wasm.xz")).count();
    assert_eq!(main_wasm, 1, "the page loads one main module");

    catch_downloads(c).await;
    click_button(c, "SVG").await;
    eventually(20, "the SVG handed over", || async { !caught(c).await.is_empty() }).await;
    let names = caught(c).await;
    assert!(names[0].starts_with("kubeloop-") && names[0].ends_with(".svg"), "{names:?}");
    assert_eq!(fetches_of(c, &chunk).await, 1, "the first export fetched its chunk");
    click_button(c, "SVG").await;
    eventually(20, "a second SVG", || async { caught(c).await.len() == 2 }).await;
    assert_eq!(fetches_of(c, &chunk).await, 1, "the chunk is fetched once");
    let live = chunks(c).await.into_iter().find(|n| n.contains("-live-")).expect("a live chunk");
    let live = live.trim_start_matches("./");
    assert_eq!(fetches_of(c, live).await, 0, "live mode's chunk fetched by a page not live");
    assert_eq!(alerts(c).await, Vec::<String>::new());

    // The service worker keeps the chunk (it is named in the page), so exports work offline.
    eventually(30, "the chunk in the service worker's cache", || async {
        let script = format!(
            "const done = arguments[0]; caches.open('kubeloop-v1').then(c => c.keys()) \
             .then(ks => done(ks.some(k => k.url.endsWith('/{chunk}'))), () => done(false));"
        );
        c.execute_async(&script, vec![]).await.unwrap() == serde_json::json!(true)
    })
    .await;
    assert_eq!(console_errors(c).await, Vec::<String>::new());
    browser.close().await;
}

/// Takes `name` away from the page's server and from the service worker's cache (which may
/// have filled it already), as a network that lost it would; returns where it is kept.
async fn take_away(browser: &Browser, name: &str) -> std::path::PathBuf {
    let c = &browser.client;
    let kept = browser.dist_dir().join(format!("{name}.kept"));
    std::fs::rename(browser.dist_dir().join(name), &kept).unwrap();
    eventually(30, "the service worker to control the page", || async {
        let controlled = c.execute("return !!navigator.serviceWorker.controller", vec![]).await;
        controlled.ok().and_then(|v| v.as_bool()) == Some(true)
    })
    .await;
    let script = format!(
        "const done = arguments[0]; caches.open('kubeloop-v1').then(c => c.keys() \
         .then(ks => Promise.all(ks.filter(k => k.url.endsWith('/{name}')).map(k => c.delete(k))))) \
         .then(() => done(true), () => done(false));"
    );
    c.execute_async(&script, vec![]).await.unwrap();
    kept
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chunk_that_cannot_be_fetched_is_an_error_that_a_retry_recovers_from() {
    let browser = Browser::start_with_copy("/").await;
    let c = &browser.client;
    c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted");
    let chunk = export_chunk(c).await;
    // Gone from the server and from the service worker's cache (it may have filled it already).
    let kept = take_away(&browser, &chunk).await;
    type_line(c, "k create deployment web --image=nginx:1.27 --replicas=2").await;
    eventually(20, "two Running pods", || async { running_pods(c).await == 2 }).await;

    catch_downloads(c).await;
    click_button(c, "SVG").await;
    eventually(20, "an error on the page", || async { !alerts(c).await.is_empty() }).await;
    let said = alerts(c).await.join(" ");
    assert!(said.contains("no SVG") && said.contains("could not fetch"), "{said}");
    assert!(caught(c).await.is_empty(), "nothing was downloaded");
    // Nothing lost: the cluster is as it was and still runs commands.
    assert_eq!(running_pods(c).await, 2);
    type_line(c, "k scale deployment web --replicas=3").await;
    eventually(20, "three Running pods", || async { running_pods(c).await == 3 }).await;

    // The chunk is back (the network returned): the same button now works.
    std::fs::rename(&kept, browser.dist_dir().join(&chunk)).unwrap();
    click_button(c, "SVG").await;
    eventually(20, "the SVG handed over", || async { caught(c).await.len() == 1 }).await;
    assert_eq!(alerts(c).await, Vec::<String>::new(), "the error went with the retry");
    browser.close().await;
}

/// The chunk whose name holds `part` (`-course-`, `-export-`).
async fn chunk_named(c: &Client, part: &str) -> String {
    let listed = chunks(c).await;
    let found = listed.iter().find(|n| n.contains(part)).cloned();
    let name = found.unwrap_or_else(|| panic!("no {part} chunk in {listed:?}: was dist/ split?"));
    name.trim_start_matches("./").to_string()
}

/// `delete` is the lesson's, but a manifest to it is read by the YAML reader, which ships with
/// the course part: the line fetches the part first, then deletes what the manifest names.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn delete_from_a_manifest_fetches_the_yaml_reader_first() {
    let browser = Browser::start().await;
    let c = &browser.client;
    c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted");
    let chunk = chunk_named(c, "-course-").await;
    resize(c, 390, 844).await;
    type_line(c, "k create deployment web --image=nginx:1.27 --replicas=2").await;
    type_line(
        c,
        "k delete -f - <<EOF\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nEOF",
    )
    .await;
    type_line(c, "k get deploy").await;
    eventually(20, "deleted, then listed", || async {
        let text = log_text(c).await;
        text.contains("\"web\" deleted") && text.contains("No resources found")
    })
    .await;
    let text = log_text(c).await;
    assert!(!text.contains("has not been fetched"), "{text}");
    assert_eq!(fetches_of(c, &chunk).await, 1, "fetched once");
    browser.screenshot("delete-manifest-phone.png").await;
    assert_eq!(console_errors(c).await, Vec::<String>::new());
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kubectls_later_commands_arrive_on_first_use_and_before_a_saved_session_replays() {
    let browser = Browser::start().await;
    let c = &browser.client;
    c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted");
    let chunk = chunk_named(c, "-course-").await;
    type_line(c, "k create deployment web --image=nginx:1.27 --replicas=2").await;
    type_line(c, "k get deploy web").await;
    eventually(20, "the lesson's get", || async { log_text(c).await.contains("UP-TO-DATE") }).await;
    assert_eq!(fetches_of(c, &chunk).await, 0, "the lesson's commands are in the main module");

    // `label` is not the lesson's: the line waits for its chunk, and the one after it too.
    type_line(c, "k label deploy web tier=front").await;
    type_line(c, "k get deploy web -L tier").await;
    eventually(20, "labelled, then listed", || async {
        let text = log_text(c).await;
        text.contains("deployment.apps/web labeled") && text.contains("TIER")
    })
    .await;
    let text = log_text(c).await;
    assert!(
        text.contains("fetching the commands, loops and missions beyond the first lesson"),
        "{text}"
    );
    let (labelled, listed) = (text.find("web labeled").unwrap(), text.rfind("-L tier").unwrap());
    assert!(labelled < listed, "in the order typed: {text}");
    assert!(text[listed..].contains("front"), "get saw the label: {text}");
    assert_eq!(fetches_of(c, &chunk).await, 1, "fetched once");

    // A reload replays the saved session, which names `label`: its chunk comes first.
    tokio::time::sleep(std::time::Duration::from_millis(800)).await;
    c.refresh().await.unwrap();
    c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted again");
    eventually(20, "the session restored", || async {
        log_text(c).await.contains("restored the saved session")
    })
    .await;
    type_line(c, "k get deploy web --show-labels").await;
    eventually(20, "the label replayed", || async {
        log_text(c).await.contains("app=web,tier=front")
    })
    .await;
    let text = log_text(c).await;
    assert!(!text.contains("has not been fetched"), "{text}");
    assert_eq!(console_errors(c).await, Vec::<String>::new());
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_missions_come_with_the_course_part_when_their_panel_first_opens() {
    let browser = Browser::start().await;
    let c = &browser.client;
    c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted");
    let (course, missions) = (chunk_named(c, "-course-").await, chunk_named(c, "-missions-").await);
    assert!(missions.ends_with(".yaml"), "{missions}");
    type_line(c, "k create deployment web --image=nginx:1.27 --replicas=2").await;
    eventually(20, "two Running pods", || async { running_pods(c).await == 2 }).await;
    assert_eq!(fetches_of(c, &missions).await, 0, "the lesson needs no mission");
    assert_eq!(fetches_of(c, &course).await, 0);

    c.find(Locator::XPath("//button[text()='Missions']")).await.unwrap().click().await.unwrap();
    let first = c.wait().for_element(Locator::Css("[data-mission='delete-a-pod']")).await;
    assert!(first.is_ok(), "the missions listed once they came");
    assert_eq!(fetches_of(c, &missions).await, 1, "the missions' file, once");
    assert_eq!(fetches_of(c, &course).await, 1, "the code that reads and lists them, once");
    let text = log_text(c).await;
    assert!(text.contains("fetching the commands, loops and missions"), "{text}");
    // The Faults panel came with them: its switches are there at once.
    click_button(c, "Faults").await;
    c.wait().for_element(Locator::Css(".fault-row")).await.expect("the fault switches");
    assert_eq!(fetches_of(c, &course).await, 1, "nothing fetched again");
    assert_eq!(console_errors(c).await, Vec::<String>::new());
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn missions_that_cannot_be_fetched_say_so_and_try_again_keeps_the_cluster() {
    let browser = Browser::start_with_copy("/").await;
    let c = &browser.client;
    c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted");
    let missions = chunk_named(c, "-missions-").await;
    let kept = take_away(&browser, &missions).await;
    type_line(c, "k create deployment web --image=nginx:1.27 --replicas=2").await;
    eventually(20, "two Running pods", || async { running_pods(c).await == 2 }).await;

    click_button(c, "Missions").await;
    let note = Locator::XPath("//section[contains(@class,'missions')]//button[text()='Try again']");
    c.wait().for_element(note).await.expect("the panel says the missions could not come");
    let text = log_text(c).await;
    assert!(text.contains("could not fetch the commands, loops and missions"), "{text}");
    browser.screenshot("missions-unfetched.png").await;
    // Nothing lost: the cluster is as it was and still runs commands.
    type_line(c, "k scale deployment web --replicas=3").await;
    eventually(20, "three Running pods", || async { running_pods(c).await == 3 }).await;

    // Back on the server: Try again lists them.
    std::fs::rename(&kept, browser.dist_dir().join(&missions)).unwrap();
    click_button(c, "Try again").await;
    let first = c.wait().for_element(Locator::Css("[data-mission='delete-a-pod']")).await;
    assert!(first.is_ok(), "the missions listed after the retry");
    assert_eq!(running_pods(c).await, 3);
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_mission_whose_setup_needs_the_course_chunk_starts_and_replays_after_a_reload() {
    let browser = Browser::start().await;
    let c = &browser.client;
    c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted");
    // job-retries sets itself up with `k apply`, which is in the course chunk.
    c.find(Locator::XPath("//button[text()='Missions']")).await.unwrap().click().await.unwrap();
    show_course(c, "workloads-and-traffic").await;
    start_mission(c, "job-retries").await;
    type_line(c, "k get jobs").await;
    eventually(20, "the mission's Job", || async { log_text(c).await.contains("report ") }).await;

    tokio::time::sleep(std::time::Duration::from_millis(800)).await;
    c.refresh().await.unwrap();
    c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted again");
    type_line(c, "k get jobs").await;
    eventually(20, "the Job replayed", || async {
        let text = log_text(c).await;
        text.contains("restored the saved session") && text.contains("report ")
    })
    .await;
    let text = log_text(c).await;
    assert!(!text.contains("has not been fetched"), "{text}");
    assert_eq!(console_errors(c).await, Vec::<String>::new());
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_loops_beyond_the_lesson_run_from_the_course_chunk_once_a_generator_fetches_it() {
    let browser = Browser::start().await;
    let c = &browser.client;
    c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted");
    let chunk = chunk_named(c, "-course-").await;
    // `create job` is a generator beyond the lesson: it waits for the chunk, and its Job
    // then runs to completion, which only the job loop (in the chunk) brings about.
    type_line(c, "k create job hello --image=busybox -- echo hi").await;
    // Each check types a line and gives it a second: at most 40 tries.
    let second = || tokio::time::sleep(std::time::Duration::from_secs(1));
    eventually(4, "the Job completed", || async {
        type_line(c, "k get job hello -o go-template='done={{.status.succeeded}}{{\"\\n\"}}'")
            .await;
        second().await;
        log_text(c).await.contains("done=1")
    })
    .await;
    let text = log_text(c).await;
    assert!(text.contains("job.batch/hello created"), "{text}");
    assert!(
        text.contains("fetching the commands, loops and missions beyond the first lesson"),
        "{text}"
    );
    // A Service's endpoints come from the endpoint loops, in the same chunk.
    type_line(c, "k create deployment web --image=nginx:1.27 --replicas=2").await;
    type_line(c, "k expose deploy web --port=80").await;
    eventually(4, "the Service's endpoints", || async {
        type_line(c, ENDPOINTS_READY).await;
        second().await;
        log_text(c).await.contains("ready=true ready=true")
    })
    .await;
    assert_eq!(fetches_of(c, &chunk).await, 1, "fetched once");
    assert!(!log_text(c).await.contains("has not been fetched"));
    assert_eq!(console_errors(c).await, Vec::<String>::new());
    browser.close().await;
}

/// A Deployment that reads a ConfigMap not there yet: its band shows the ConfigMap as a
/// missing chip a person can see, its new pods wait in `CreateContainerConfigError`, and
/// creating the ConfigMap fills the chip in and starts them. The kubelet's reads of
/// ConfigMaps ship with the course part, which `patch` fetches.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_config_map_a_deployment_reads_is_drawn_missing_until_it_is_created() {
    let browser = Browser::start().await;
    let c = &browser.client;
    c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted");
    type_line(c, "k create deployment web --image=nginx:1.27 --replicas=2").await;
    eventually(20, "two Running pods", || async { running_pods(c).await == 2 }).await;
    type_line(c, PATCH_ENV_FROM).await;
    let chip = "[data-kind='ConfigMap'][data-name='settings']";
    let missing = format!("{chip}.missing");
    eventually(20, "the missing chip", || async { count(c, &missing).await == 1 }).await;
    eventually(20, "a pod waiting for its configuration", || async {
        count(c, "[data-kind='Pod'][data-status='CreateContainerConfigError']").await > 0
    })
    .await;
    browser.screenshot("config-missing.png").await;
    assert!(on_top(c, chip).await, "the chip is covered");
    // On a phone, fitted, the chip is still there to see and tap.
    resize(c, 390, 844).await;
    c.find(Locator::Css(".zoom-fit")).await.unwrap().click().await.unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(600)).await;
    browser.screenshot("config-missing-phone.png").await;
    assert!(on_top(c, chip).await, "the chip is covered on a phone");
    resize(c, 1400, 760).await;
    type_line(c, "k create configmap settings --from-literal=mode=fast").await;
    eventually(20, "the chip filled in", || async {
        count(c, &missing).await == 0 && count(c, chip).await == 1
    })
    .await;
    eventually(60, "the new pods Running", || async {
        running_pods(c).await == 2
            && count(c, "[data-kind='Pod'][data-status='CreateContainerConfigError']").await == 0
    })
    .await;
    browser.screenshot("config-created.png").await;
    // The chip opens the inspector, which lists the keys and the pods that read them.
    c.find(Locator::Css(chip)).await.unwrap().click().await.unwrap();
    eventually(10, "the inspector's keys", || async {
        let text = c.find(Locator::Css(".inspector")).await;
        match text {
            Ok(e) => e.text().await.unwrap_or_default().contains("mode"),
            Err(_) => false,
        }
    })
    .await;
    browser.screenshot("config-inspector.png").await;
    assert_eq!(console_errors(c).await, Vec::<String>::new());
    browser.close().await;
}

/// Mission 18's budget: a PodDisruptionBudget over web's six pods is a chip on web's band
/// saying how many disruptions it allows now, drawn as a warning when one allows none (a
/// drain would wait), and the chip opens the inspector on the budget. `create pdb` fetches
/// the course part, which draws the chips.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_disruption_budget_is_a_chip_on_the_band_of_the_pods_it_covers() {
    let browser = Browser::start().await;
    let c = &browser.client;
    c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted");
    type_line(c, "k create deployment web --image=nginx:1.27 --replicas=6").await;
    eventually(30, "six Running pods", || async { running_pods(c).await == 6 }).await;
    type_line(c, "k create pdb web --selector=app=web --min-available=5").await;
    let web = "[data-kind='PodDisruptionBudget'][data-name='web']";
    eventually(20, "web's chip allowing one disruption", || async {
        chip_text(c, web).await == "pdb web · 1 allowed"
    })
    .await;
    assert_eq!(count(c, &format!("{web}.blocked")).await, 0);
    assert!(on_top(c, web).await, "the chip is covered");
    browser.screenshot("pdb-allowed.png").await;
    type_line(c, "k create pdb all --selector=app=web --min-available=6").await;
    let all = "[data-kind='PodDisruptionBudget'][data-name='all']";
    eventually(20, "a second chip allowing none, as a warning", || async {
        count(c, &format!("{all}.blocked")).await == 1
            && chip_text(c, all).await == "pdb all · 0 allowed"
    })
    .await;
    // On a phone, fitted, both chips are still there to see and tap.
    resize(c, 390, 844).await;
    c.find(Locator::Css(".zoom-fit")).await.unwrap().click().await.unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(600)).await;
    browser.screenshot("pdb-phone.png").await;
    assert!(on_top(c, web).await && on_top(c, all).await, "a chip is covered on a phone");
    resize(c, 1400, 760).await;
    // The chip opens the inspector on the budget: its bound, what it allows, its pods.
    c.find(Locator::Css(web)).await.unwrap().click().await.unwrap();
    eventually(10, "the inspector's budget rows", || async {
        let text = match c.find(Locator::Css(".inspector")).await {
            Ok(e) => e.text().await.unwrap_or_default(),
            Err(_) => String::new(),
        };
        text.contains("Disruptions allowed") && text.contains("5 of 6 must stay healthy")
    })
    .await;
    browser.screenshot("pdb-inspector.png").await;
    assert_eq!(console_errors(c).await, Vec::<String>::new());
    browser.close().await;
}

/// The words on the chip `css`.
async fn chip_text(c: &Client, css: &str) -> String {
    let text = c
        .execute(
            "const t = document.querySelector(arguments[0] + ' .t-pdb-chip'); \
             return t ? t.textContent : '';",
            vec![serde_json::json!(css)],
        )
        .await
        .unwrap();
    text.as_str().unwrap_or_default().to_string()
}

/// Adds `envFrom: [{configMapRef: {name: settings}}]` to `web`'s pod template.
const PATCH_ENV_FROM: &str = r#"k patch deploy web --type=json -p '[{"op":"add","path":"/spec/template/spec/containers/0/envFrom","value":[{"configMapRef":{"name":"settings"}}]}]'"#;

/// Each endpoint of the Service `web` and whether it is ready, on one line.
const ENDPOINTS_READY: &str = "k get endpointslices -l kubernetes.io/service-name=web \
    -o go-template='{{range .items}}{{range .endpoints}}ready={{.conditions.ready}} {{end}}{{end}}{{\"\\n\"}}'";
