//! `build`: one pass from the store to a `ViewModel`, in the order the parts depend on each
//! other: what vanished, where each object sits, which pod groups are summarised, ghosts,
//! slots, geometry, edges. It reads each object a constant number of times.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use kubeloop::model::{Job, Kind, Object, ObjectMeta, Pod, ReplicaSet};
use kubeloop::sort::{btree_map, btree_set, sort_by_key};
use kubeloop::world::World;

use super::collect::{job_row, pod_item, pod_phase, replicaset_item, top_item};
use super::edges::{edges, Ref};
use super::ghosts::{owners_being_collected, owns_pod_group};
use super::layout::lay_out;
use super::memory::{Item, LayoutMemory, Parent, PhaseEntry};
use super::*;
use walk::remember_drawn;

#[path = "build_walk.rs"]
mod walk;

/// Pods of one group while the view is being built.
#[derive(Default)]
struct GroupBuild {
    pods: Vec<(PodItem, i64)>,
    counts: BTreeMap<Phase, usize>,
}

/// Builds the view of `world` at real time `now_real_ms` (the page's clock, which drives
/// ghosts and new-edge flags; the simulated clock only feeds kubectl's cells).
pub fn build(world: &World, memory: &mut LayoutMemory, now_real_ms: f64) -> ViewModel {
    let now = now_real_ms;
    let store = &world.store;
    let replicasets: Vec<&ReplicaSet> = store.list(None, None).collect();
    let jobs: Vec<&Job> = store.list(None, None).collect();
    let pods: Vec<&Pod> = store.list(None, None).collect();

    memory.scaled.read(store, memory.last_rv, now);
    memory.note_vanished(|uid| store.kind_key_by_uid(uid).is_some());
    owners_being_collected(store, &replicasets, &jobs, &pods, memory);

    // Where each live object sits: under its controller while that is drawn (live, or a
    // ghost still holding its place), else in the orphans lane.
    let kind_of = |uid: &str| store.kind_key_by_uid(uid).map(|(k, _)| k).or(memory.ghost_kind(uid));
    let rs_parent: Vec<Parent> = replicasets
        .iter()
        .map(|rs| {
            controlled_by(&rs.metadata, Kind::Deployment, kind_of)
                .map_or(Parent::Lane, Parent::Tree)
        })
        .collect();
    // A Job sits under its CronJob while that is drawn, else heads a tree of its own.
    let job_parent: Vec<Option<String>> =
        jobs.iter().map(|j| controlled_by(&j.metadata, Kind::CronJob, kind_of)).collect();
    // A ReplicaSet's pods sit together in name order, so its kind is looked up once a run.
    let mut last: Option<(&str, bool)> = None;
    let pod_group: Vec<&str> = pods
        .iter()
        .map(|p| {
            let Some(r) = p.metadata.controller_ref() else { return LOOSE_PODS };
            let drawn = match last {
                Some((uid, drawn)) if uid == r.uid => drawn,
                _ => {
                    let drawn = kind_of(&r.uid).is_some_and(owns_pod_group);
                    last = Some((&r.uid, drawn));
                    drawn
                }
            };
            if drawn {
                r.uid.as_str()
            } else {
                LOOSE_PODS
            }
        })
        .collect();

    let mut live_children: BTreeMap<String, usize> = BTreeMap::new();
    let row_parents = rs_parent.iter().filter_map(|p| match p {
        Parent::Tree(uid) => Some(uid),
        _ => None,
    });
    // A CronJob's Jobs hold its ghost's place as a Deployment's ReplicaSets hold its own.
    for uid in row_parents.chain(job_parent.iter().flatten()) {
        *live_children.entry(uid.clone()).or_default() += 1;
    }
    let mut group_sizes: BTreeMap<&str, usize> = BTreeMap::new();
    for run in pod_group.chunk_by(|a, b| a == b) {
        *group_sizes.entry(run[0]).or_default() += run.len();
    }
    let summarized = pods.len() > VIEW_AGGREGATE_ABOVE;
    let over: BTreeSet<String> = btree_set(
        group_sizes
            .iter()
            .filter(|(_, n)| summarized || **n > RS_AGGREGATE_ABOVE)
            .map(|(k, _)| k.to_string()),
    );
    let aggregated: BTreeSet<String> =
        btree_set(over.iter().filter(|k| !memory.is_expanded(k)).cloned());
    for (g, n) in &group_sizes {
        *live_children.entry(g.to_string()).or_default() += n;
    }
    memory.age_ghosts(now, &live_children, &aggregated);

    // Pods: cards for groups drawn pod by pod, counts for summarised ones.
    let sim_now = world.now();
    let mut refs = Vec::new();
    let mut groups: BTreeMap<String, GroupBuild> = BTreeMap::new();
    let mut phases = HashMap::with_capacity(memory.phases.len());
    let mut at = 0;
    for run in pod_group.chunk_by(|a, b| a == b) {
        let (g, members) = (run[0], &pods[at..at + run.len()]);
        at += run.len();
        let entry = groups.entry(g.to_string()).or_default();
        if aggregated.contains(g) {
            let last = memory.phases.remove(g).unwrap_or_default();
            let now_phases = cached_phases(members, last);
            for e in &now_phases {
                *entry.counts.entry(e.phase).or_default() += 1;
            }
            phases.insert(g.to_string(), now_phases);
            continue;
        }
        for pod in members {
            owner_refs(&pod.metadata, &mut refs);
            entry.pods.push((pod_item(pod, sim_now), created(&pod.metadata)));
        }
    }
    memory.phases = phases;
    for g in memory.ghosts.values() {
        if let (Item::Pod(p), Parent::Group(key)) = (&g.item, &g.parent) {
            let mut p = p.clone();
            (p.meta.vanishing, p.meta.gone) = (g.since.is_some(), g.since.is_none());
            groups.entry(key.clone()).or_default().pods.push((p, i64::MAX));
        }
    }
    for (key, group) in groups.iter_mut().filter(|(k, _)| !aggregated.contains(*k)) {
        let members: Vec<((i64, &str), &str)> = group
            .pods
            .iter()
            .map(|(p, t)| ((*t, p.meta.target.name.as_str()), p.meta.uid.as_str()))
            .collect();
        let slots = memory.place(key, &members, now);
        for (p, _) in &mut group.pods {
            p.slot = slots.get(&p.meta.uid).copied().unwrap_or(usize::MAX);
        }
        sort_by_key(&mut group.pods, |(p, _)| p.slot);
    }
    let mut take_group = |key: &str| {
        // Taken rather than removed (same result, the map is dropped after): a `remove` would
        // compile BTreeMap's rebalancing code once more for this value type.
        let g = groups.get_mut(key).map(std::mem::take).unwrap_or_default();
        let total: usize = g.counts.values().sum();
        PodGroup {
            key: key.to_string(),
            pods: g.pods.into_iter().map(|(p, _)| p).collect(),
            aggregate: aggregated.contains(key).then(|| Aggregate {
                key: key.to_string(),
                rect: Rect::default(),
                total,
                counts: Phase::ALL
                    .iter()
                    .filter_map(|p| g.counts.get(p).map(|n| (*p, *n)))
                    .collect(),
            }),
            expanded: over.contains(key) && memory.is_expanded(key),
        }
    };

    // Rows (ReplicaSets, and Jobs under a CronJob), live then ghosts, gathered by parent. A
    // Job of no drawn CronJob heads a tree of its own.
    let mut rows: BTreeMap<Parent, Vec<RsRow>> = BTreeMap::new();
    let mut fresh = Vec::new();
    let mut top_jobs = Vec::new();
    for (job, parent) in jobs.iter().zip(job_parent) {
        let Some(cj) = parent else {
            top_jobs.push(*job);
            continue;
        };
        owner_refs(&job.metadata, &mut refs);
        let item = job_row(job);
        let pods = take_group(&item.meta.uid);
        fresh
            .push(((created(&job.metadata), item.meta.target.name.clone()), item.meta.uid.clone()));
        rows.entry(Parent::Tree(cj)).or_default().push(RsRow { rs: item, pods });
    }
    for (rs, parent) in replicasets.iter().zip(rs_parent) {
        owner_refs(&rs.metadata, &mut refs);
        let mut item = replicaset_item(rs);
        let pods = take_group(&item.meta.uid);
        if pods.aggregate.is_some() {
            refs.push(Ref {
                owner: item.meta.uid.clone(),
                dependent: aggregate_uid(&item.meta.uid),
                controller: true,
            });
        }
        item.collapsed = rs.spec.replicas == 0 && pods.pods.is_empty() && pods.aggregate.is_none();
        item.scaled_back = memory.scaled.get(&item.meta.uid);
        fresh.push(((created(&rs.metadata), item.meta.target.name.clone()), item.meta.uid.clone()));
        rows.entry(parent).or_default().push(RsRow { rs: item, pods });
    }
    let ghost_rs: Vec<(RowItem, Parent, bool)> = memory
        .ghosts
        .values()
        .filter_map(|g| match &g.item {
            Item::Row(rs) => Some((rs.clone(), g.parent.clone(), g.since.is_some())),
            _ => None,
        })
        .collect();
    for (mut item, parent, vanishing) in ghost_rs {
        (item.meta.vanishing, item.meta.gone) = (vanishing, !vanishing);
        let pods = take_group(&item.meta.uid);
        rows.entry(parent).or_default().push(RsRow { rs: item, pods });
    }
    let loose = take_group(LOOSE_PODS);

    // Trees, live then ghosts.
    let mut trees = Vec::new();
    let own_jobs = top_jobs.into_iter().map(|j| Object::Job(j.clone().into()));
    let tops = super::workloads::tops(store).chain(own_jobs);
    for obj in tops {
        owner_refs(obj.meta(), &mut refs);
        let Some(item) = top_item(&obj) else { continue };
        fresh.push(((created(obj.meta()), item.meta.target.name.clone()), item.meta.uid.clone()));
        trees.push(item);
    }
    for g in memory.ghosts.values() {
        if let Item::Top(d) = &g.item {
            let mut d = d.clone();
            (d.meta.vanishing, d.meta.gone) = (g.since.is_some(), g.since.is_none());
            trees.push(d);
        }
    }
    let mut tree_pods: BTreeMap<String, PodGroup> = btree_map(
        trees
            .iter()
            .filter(|d| owns_pod_group(d.meta.target.kind))
            .map(|d| (d.meta.uid.clone(), take_group(&d.meta.uid))),
    );
    memory.add_order(fresh.into_iter().filter(|(_, uid)| memory.order(uid) == u64::MAX).collect());
    sort_by_key(&mut trees, |d| memory.order(&d.meta.uid));
    let mut trees: Vec<Tree> = trees
        .into_iter()
        .map(|d| {
            // Taken, not removed (see take_group); an emptied entry adds nothing to the lane.
            let key = Parent::Tree(d.meta.uid.clone());
            let mut rows = rows.get_mut(&key).map(std::mem::take).unwrap_or_default();
            sort_by_key(&mut rows, |r| memory.order(&r.rs.meta.uid));
            let pods = tree_pods.remove(&d.meta.uid);
            Tree {
                band: Rect::default(),
                top: d,
                services: Vec::new(),
                autoscalers: Vec::new(),
                ingresses: Vec::new(),
                rows,
                pods,
                claims: Vec::new(),
                revisions: Vec::new(),
                configs: Vec::new(),
                pdbs: Vec::new(),
            }
        })
        .collect();
    let mut service_lane = services::seat(world, &mut trees);
    super::ingresses::seat(world, &mut trees, &mut service_lane);
    super::workloads::seat(store, &mut trees, &mut refs);
    super::configs::seat(store, &mut trees);
    super::pdbs::seat(store, &mut trees);
    // Whatever is left (only the lane, unless a parent went missing) goes to the lane.
    let mut lane_rows: Vec<RsRow> = rows.into_values().flatten().collect();
    sort_by_key(&mut lane_rows, |r| memory.order(&r.rs.meta.uid));
    let mut lane = (!lane_rows.is_empty() || !loose.pods.is_empty() || loose.aggregate.is_some())
        .then_some(OrphanLane { band: Rect::default(), rows: lane_rows, pods: loose });

    let (width, metrics) = (memory.width(), memory.metrics());
    let height = lay_out(&mut trees, service_lane.as_mut(), lane.as_mut(), width, &metrics);

    let mut geo = remember_drawn(&trees, lane.as_ref(), memory);
    super::workloads::geo(&trees, &mut geo);
    let (edges, latest_edge) = edges(&geo, &refs, memory, now);
    memory.finish(store.resource_version(), latest_edge, now);
    let selects = services::selects(store, &trees, lane.as_ref(), service_lane.as_ref());
    let routes = super::ingresses::routes(&trees, service_lane.as_ref());

    ViewModel {
        width,
        height,
        form: metrics.form,
        trees,
        orphans: lane,
        service_lane,
        edges,
        selects,
        routes,
        pod_count: pods.len(),
        summarized,
    }
}

/// A summarised group's pod phases, in name order: each kept from the last build while the
/// pod's resourceVersion is the same (its status text depends on nothing else), else derived
/// afresh. Both lists are in name order, so one merge walk pairs them up without hashing.
fn cached_phases(members: &[&Pod], last: Vec<PhaseEntry>) -> Vec<PhaseEntry> {
    let mut last = last.into_iter().peekable();
    let mut next = Vec::with_capacity(members.len());
    for pod in members {
        let m = &pod.metadata;
        while last.next_if(|e| e.name < m.name).is_some() {}
        let entry = match last.next_if(|e| e.name == m.name && e.rv == m.resource_version) {
            Some(kept) => kept,
            None => PhaseEntry {
                name: m.name.clone(),
                rv: m.resource_version.clone(),
                phase: pod_phase(pod),
            },
        };
        next.push(entry);
    }
    next
}

/// The UID of a controller reference to a drawn object of `kind`.
fn controlled_by(
    m: &ObjectMeta,
    kind: Kind,
    kind_of: impl Fn(&str) -> Option<Kind>,
) -> Option<String> {
    let r = m.controller_ref()?;
    (kind_of(&r.uid) == Some(kind)).then(|| r.uid.clone())
}

fn owner_refs(m: &ObjectMeta, refs: &mut Vec<Ref>) {
    for r in &m.owner_references {
        refs.push(Ref {
            owner: r.uid.clone(),
            dependent: m.uid.clone(),
            controller: r.controller == Some(true),
        });
    }
}

fn created(m: &ObjectMeta) -> i64 {
    m.creation_timestamp.map_or(0, |t| t.millis())
}

pub(super) fn aggregate_uid(key: &str) -> String {
    format!("pods-of:{key}")
}
