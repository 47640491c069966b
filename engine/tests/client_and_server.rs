//! Checks that need kubectl and the layers under it at once, so they sit above both: the
//! store's invariants over a cluster kubectl made busy, the endpoint loops' outcome, and the
//! server's version as `kubectl version` prints it. The store and the API server test
//! themselves without kubectl.

use kubeloop::api::{discovery, table};
use kubeloop::controllers::endpointslice::check_endpoints;
use kubeloop::controllers::ControllerName;
use kubeloop::kubectl::Mode;
use kubeloop::model::Service;
use kubeloop::session::Session;
use kubeloop::world::{RunState, World};

#[test]
fn a_busy_cluster_keeps_the_stores_invariants() {
    let mut s = Session::new(World::new(3), Mode::Script);
    let out = s.run(
        "k create deployment web --image=nginx --replicas=4; k rollout status deploy/web; \
         k delete deploy web --cascade=orphan; k label pod --all app-; settle",
    );
    assert_eq!(out.status, 0, "{}", out.text());
    assert_eq!(s.world.store.check_invariants(), Ok(()));
}

#[test]
fn endpoints_are_checked_against_the_pods_once_the_loops_catch_up() {
    let mut s = Session::new(World::new(4), Mode::Script);
    let out = s.run("k create deployment web --image=nginx --replicas=2; settle");
    assert_eq!(out.status, 0, "{}", out.text());
    s.world.create(Service::selecting("web", &[("app", "web")], 80)).unwrap();
    s.world.settle();
    assert_eq!(check_endpoints(&s.world.store), Ok(()));
    // With both endpoint loops stopped, a deleted pod stays a ready endpoint.
    s.world.set_controller(ControllerName::EndpointSlice, RunState::Stopped);
    s.world.set_controller(ControllerName::Endpoints, RunState::Stopped);
    assert_eq!(s.run("k delete pod --all --grace-period=0 --force").status, 0);
    s.world.advance(1_000);
    let err = check_endpoints(&s.world.store).unwrap_err();
    assert!(err.contains("service web: ready"), "{err}");
    s.world.set_controller(ControllerName::EndpointSlice, RunState::Running);
    s.world.set_controller(ControllerName::Endpoints, RunState::Running);
    s.world.settle();
    assert_eq!(check_endpoints(&s.world.store), Ok(()));
}

#[test]
fn kubectl_version_prints_the_version_the_server_serves() {
    let mut s = Session::new(World::new(1), Mode::Script);
    let out = s.run("kubectl version");
    let git = discovery::version()["gitVersion"].as_str().unwrap().to_string();
    assert!(out.stdout().contains(&format!("Server Version: {git}")), "{}", out.stdout());
}

#[test]
fn the_servers_table_has_the_columns_and_cells_kubectl_get_prints() {
    let mut s = Session::new(World::new(1), Mode::Script);
    assert_eq!(s.run("k create deployment web --image=nginx --replicas=2; settle").status, 0);
    let printed = s.run("k get deploy -o wide").stdout();
    let objects = s.world.store.list::<kubeloop::model::Deployment>(None, None);
    let objects: Vec<kubeloop::model::Object> =
        objects.map(|d| kubeloop::model::Object::Deployment(d.clone().into())).collect();
    let refs: Vec<&kubeloop::model::Object> = objects.iter().collect();
    let t = table::table(
        kubeloop::model::Kind::Deployment,
        &refs,
        table::Include::Metadata,
        "1",
        s.world.now(),
    );
    let header: Vec<String> = t["columnDefinitions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap().to_uppercase())
        .collect();
    let lines: Vec<&str> = printed.lines().collect();
    assert_eq!(lines[0].split_whitespace().collect::<Vec<_>>(), header);
    let cells: Vec<String> = t["rows"][0]["cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().map_or_else(|| c.to_string(), str::to_string))
        .collect();
    assert_eq!(lines[1].split_whitespace().collect::<Vec<_>>(), cells);
}
