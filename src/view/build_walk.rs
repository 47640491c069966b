//! What a build drew, walked once after layout: the live objects `LayoutMemory` keeps for
//! next time's ghosts, the order and slot entries still in use, and every box's geometry for
//! routing edges.

use std::collections::{BTreeMap, BTreeSet};

use super::super::edges::Geo;
use super::super::memory::{Item, LayoutMemory, Parent};
use super::super::{ItemMeta, OrphanLane, PodGroup, RsRow, Tree};
use super::aggregate_uid;

/// Records what was drawn: live objects for next time's ghosts, everything for edges. Order
/// and slots of what was not drawn are forgotten.
pub(super) fn remember_drawn(
    trees: &[Tree],
    lane: Option<&OrphanLane>,
    memory: &mut LayoutMemory,
) -> BTreeMap<String, Geo> {
    let mut walk = Walk::default();
    for t in trees {
        walk.ordered.insert(&t.top.meta.uid);
        walk.add(&t.top.meta, Parent::Root, || Item::Top(t.top.clone()));
        walk.rows(&t.rows, Parent::Tree(t.top.meta.uid.clone()));
        if let Some(pods) = &t.pods {
            walk.group(pods, Some(&t.top.meta));
        }
    }
    if let Some(lane) = lane {
        walk.rows(&lane.rows, Parent::Lane);
        walk.group(&lane.pods, None);
    }
    memory.retain_order(&walk.ordered);
    memory.retain_slots(&walk.slotted);
    memory.drawn = walk.drawn;
    walk.geo
}

#[derive(Default)]
struct Walk<'a> {
    geo: BTreeMap<String, Geo>,
    drawn: BTreeMap<String, (Item, Parent)>,
    ordered: BTreeSet<&'a str>,
    slotted: BTreeSet<&'a str>,
}

impl<'a> Walk<'a> {
    fn add(&mut self, meta: &ItemMeta, parent: Parent, item: impl FnOnce() -> Item) {
        let live = !meta.vanishing && !meta.gone;
        if live {
            self.drawn.insert(meta.uid.clone(), (item(), parent.clone()));
        }
        let name = meta.kind_name();
        let geo = Geo { rect: meta.rect, parent, name, deleting: meta.deleting, live };
        self.geo.insert(meta.uid.clone(), geo);
    }

    fn rows(&mut self, rows: &'a [RsRow], parent: Parent) {
        for row in rows {
            self.ordered.insert(&row.rs.meta.uid);
            self.add(&row.rs.meta, parent.clone(), || Item::Row(row.rs.clone()));
            self.group(&row.pods, Some(&row.rs.meta));
        }
    }

    fn group(&mut self, group: &'a PodGroup, rs: Option<&ItemMeta>) {
        let parent = Parent::Group(group.key.clone());
        if let Some(agg) = &group.aggregate {
            let name = format!("Pods/{}", rs.map_or("orphans", |r| r.target.name.as_str()));
            let geo = Geo { rect: agg.rect, parent, name, deleting: false, live: true };
            self.geo.insert(aggregate_uid(&group.key), geo);
            return;
        }
        self.slotted.insert(&group.key);
        for p in &group.pods {
            self.add(&p.meta, parent.clone(), || Item::Pod(p.clone()));
        }
    }
}
