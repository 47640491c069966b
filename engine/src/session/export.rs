//! The page's YAML panel: `export`'s file of the cluster the page holds, read from its store
//! rather than asked of the API, as the panel draws a snapshot with no shell to ask through
//! (`kubectl/export` builds the file from the objects).
//!
//! In the page's split build the file's code ships in the export chunk, with the picture
//! export: the chunk links it (`link_yaml`) when the panel first opens, and until then there
//! is no file to show.

use crate::kubectl::export;
use crate::labels::selector::Selector;
use crate::model::Object;
use crate::world::World;

#[cfg(kubeloop_split)]
type Export = fn(&World, Option<&str>) -> String;

#[cfg(kubeloop_split)]
static LINKED: std::sync::OnceLock<Export> = std::sync::OnceLock::new();

/// The file of every exported object (in `namespace`, or all), once its code is here.
pub fn export_yaml(world: &World, namespace: Option<&str>) -> Option<String> {
    #[cfg(kubeloop_split)]
    return LINKED.get().map(|f| f(world, namespace));
    #[cfg(not(kubeloop_split))]
    Some(yaml(world, namespace))
}

/// Whether `export_yaml` has its code.
pub fn yaml_linked() -> bool {
    #[cfg(kubeloop_split)]
    return LINKED.get().is_some();
    #[cfg(not(kubeloop_split))]
    true
}

/// Makes `export_yaml` answer: called from the chunk that holds its code.
pub fn link_yaml() {
    #[cfg(kubeloop_split)]
    let _ = LINKED.set(yaml as Export);
}

fn yaml(world: &World, namespace: Option<&str>) -> String {
    let everything = Selector::everything();
    let objects: Vec<Object> = export::kinds()
        .into_iter()
        .flat_map(|(kind, _)| world.store.objects(kind, namespace, &everything))
        .collect();
    export::yaml_of(&objects, world.now(), namespace)
}
