//! Checks that need kubectl and the API server at once, so they sit above both: the server's
//! version and tables as `kubectl version` and `kubectl get` print them. The API server tests
//! itself without kubectl.

use kubeloop::api::{discovery, table};
use kubeloop::kubectl::{Mode, Session};
use kubeloop::world::World;

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
