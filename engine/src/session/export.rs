//! The page's YAML panel: `export`'s file of the cluster the page holds, read from its store
//! rather than asked of the API, as the panel draws a snapshot with no shell to ask through
//! (`kubectl/export` builds the file from the objects).

use crate::kubectl::export;
use crate::labels::selector::Selector;
use crate::model::Object;
use crate::world::World;

pub fn export_yaml(world: &World, namespace: Option<&str>) -> String {
    let everything = Selector::everything();
    let objects: Vec<Object> = export::KINDS
        .iter()
        .flat_map(|(kind, _)| world.store.objects(*kind, namespace, &everything))
        .collect();
    export::yaml_of(&objects, world.now(), namespace)
}
