//! End-to-end: the workload kinds on the release page. A StatefulSet with a headless Service
//! and claims, a DaemonSet, a Job and an autoscaler each get their own box; a StatefulSet pod
//! deleted by clicking it comes back under the same name. Screenshots of the whole scene go
//! to `target/e2e/workloads-*.png` at each room size.

#[allow(dead_code)]
mod support;

use std::time::Duration;

use fantoccini::{Client, Locator};
use support::page::*;
use support::Browser;

const STATEFULSET: &str = "k apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  clusterIP: None
  selector:
    app: web
  ports:
  - port: 80
---
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: web
spec:
  serviceName: web
  replicas: 3
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
  volumeClaimTemplates:
  - metadata:
      name: data
    spec:
      accessModes: [ReadWriteOnce]
      resources:
        requests:
          storage: 1Gi
EOF";

const DAEMONSET: &str = "k apply -f - <<EOF
apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
spec:
  selector:
    matchLabels:
      app: agent
  template:
    metadata:
      labels:
        app: agent
    spec:
      containers:
      - name: agent
        image: nginx:1.27
EOF";

async fn boxes(c: &Client, kind: &str) -> usize {
    count(c, &format!("[data-kind='{kind}']")).await
}

async fn running(c: &Client, name: &str) -> bool {
    count(c, &format!("[data-kind='Pod'][data-name='{name}'][data-status='Running']")).await == 1
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_workload_kind_is_drawn_and_a_statefulset_pod_comes_back_by_name() {
    let browser = Browser::start().await;
    let c = &browser.client;
    c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted");
    type_line(c, STATEFULSET).await;
    eventually(60, "web-0, web-1 and web-2 Running", || async {
        running(c, "web-0").await && running(c, "web-1").await && running(c, "web-2").await
    })
    .await;
    assert_eq!(boxes(c, "StatefulSet").await, 1);
    assert_eq!(boxes(c, "PersistentVolumeClaim").await, 3, "one claim per ordinal");
    type_line(c, DAEMONSET).await;
    eventually(30, "a daemon pod on each of the 3 nodes", || async {
        let names = pod_names(c).await;
        names.iter().filter(|n| n.starts_with("agent-")).count() == 3
    })
    .await;
    type_line(c, "k create job pi --image=perl:5.34.0 -- perl -Mbignum=bpi -wle 'print bpi(2000)'")
        .await;
    type_line(c, "k create deployment api --image=nginx:1.27").await;
    type_line(c, "k set resources deployment api --requests=cpu=100m").await;
    type_line(c, "k autoscale deployment api --min=1 --max=5 --cpu-percent=50").await;
    for kind in ["DaemonSet", "Job", "HorizontalPodAutoscaler", "ControllerRevision"] {
        eventually(20, kind, || async { boxes(c, kind).await >= 1 }).await;
    }
    assert_eq!(count(c, ".hpa-arc").await, 1, "the autoscaler's loop onto its Deployment");

    // Delete web-1 by clicking it: the StatefulSet makes it again, with the same name.
    c.find(Locator::Css("[data-kind='Pod'][data-name='web-1']"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    c.wait().for_element(Locator::Css("aside.inspector")).await.unwrap();
    c.find(Locator::Css("aside.inspector .btn-danger")).await.unwrap().click().await.unwrap();
    eventually(10, "the delete command", || async {
        log_text(c).await.contains("$ k delete pod/web-1 --wait=false")
    })
    .await;
    eventually(10, "web-1 leaves", || async { !running(c, "web-1").await }).await;
    eventually(60, "web-1 back and Running", || async { running(c, "web-1").await }).await;

    // "tall" shows every band at once, the autoscaler's loop included.
    let rooms = [
        ("wide", 1920, 1080),
        ("projector", 1024, 768),
        ("tablet", 768, 1024),
        ("phone", 390, 844),
        ("tall", 1400, 2200),
    ];
    for (room, w, h) in rooms {
        resize(c, w, h).await;
        tokio::time::sleep(Duration::from_millis(400)).await;
        browser.screenshot(&format!("workloads-{room}.png")).await;
    }
    // Presenter mode on the projector: the bands at presenter type size.
    resize(c, 1024, 768).await;
    click_button(c, "Presenter").await;
    tokio::time::sleep(Duration::from_millis(800)).await;
    assert_eq!(boxes(c, "StatefulSet").await, 1, "the bands are still drawn");
    browser.screenshot("workloads-projector-presenter.png").await;
    browser.close().await;
}
