//! Stable sorting with one compiled copy of the sort algorithm.
//!
//! `slice::sort_by` is monomorphised per element type and per comparison closure: each call
//! site carries its own copy of the standard library's driftsort, about 3.5 KB of wasm. These
//! helpers sort a list of indices through a `dyn` comparison instead, so every caller shares
//! one copy and only a small permutation loop is generic. The result is exactly that of
//! `sort_by`: stable, equal elements keep their order. Use them off the hot paths; a
//! controller sorting thousands of objects every tick should keep `sort_by`.
//!
//! `collect()` into a `BTreeMap` or `BTreeSet` sorts its input first, with another copy of
//! driftsort per element type; `btree_map` and `btree_set` insert one by one instead, which
//! reuses the insertion code every map already has.

use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet};

/// Sorts `v` stably by `cmp`, like `v.sort_by(cmp)`.
pub fn sort_by<T>(v: &mut [T], mut cmp: impl FnMut(&T, &T) -> Ordering) {
    if v.len() < 2 {
        return;
    }
    let order = sorted_indices(v.len(), &mut |a, b| cmp(&v[a], &v[b]));
    permute(v, order);
}

/// Sorts `v` stably by the key `f` extracts, like `v.sort_by_key(f)`.
pub fn sort_by_key<T, K: Ord>(v: &mut [T], mut f: impl FnMut(&T) -> K) {
    sort_by(v, |a, b| f(a).cmp(&f(b)));
}

/// Sorts `v` stably, like `v.sort()`.
pub fn sort<T: Ord>(v: &mut [T]) {
    sort_by(v, T::cmp);
}

/// Like `items.collect::<BTreeMap<_, _>>()`: of equal keys, the last value wins.
pub fn btree_map<K: Ord, V>(items: impl IntoIterator<Item = (K, V)>) -> BTreeMap<K, V> {
    let mut map = BTreeMap::new();
    map.extend(items);
    map
}

/// Like `items.collect::<BTreeSet<_>>()`.
pub fn btree_set<T: Ord>(items: impl IntoIterator<Item = T>) -> BTreeSet<T> {
    let mut set = BTreeSet::new();
    set.extend(items);
    set
}

/// The positions `0..n` in sorted order: the one instantiation of the standard sort.
#[inline(never)]
fn sorted_indices(n: usize, cmp: &mut dyn FnMut(usize, usize) -> Ordering) -> Vec<usize> {
    let mut idx: Vec<usize> = (0..n).collect();
    idx.sort_by(|&a, &b| cmp(a, b));
    idx
}

/// Rearranges `v` so that position `i` holds what was at `order[i]`, following each cycle of
/// the permutation with swaps.
fn permute<T>(v: &mut [T], mut order: Vec<usize>) {
    for start in 0..v.len() {
        let mut at = start;
        loop {
            let from = order[at];
            order[at] = at;
            if from == start {
                break;
            }
            v.swap(at, from);
            at = from;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_the_standard_stable_sort() {
        // Pseudo-random pairs with many ties on the key, so stability is exercised.
        let mut x: u32 = 7;
        for len in 0..60 {
            let items: Vec<(u32, usize)> = (0..len)
                .map(|i| {
                    x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                    ((x >> 16) % 5, i)
                })
                .collect();
            let mut ours = items.clone();
            let mut std_sorted = items.clone();
            sort_by_key(&mut ours, |p| p.0);
            std_sorted.sort_by_key(|p| p.0);
            assert_eq!(ours, std_sorted);
            let mut ours = items.clone();
            let mut std_sorted = items;
            sort_by(&mut ours, |a, b| b.0.cmp(&a.0));
            std_sorted.sort_by_key(|p| std::cmp::Reverse(p.0));
            assert_eq!(ours, std_sorted);
        }
    }

    #[test]
    fn collects_like_collect() {
        let pairs = [(3, 'a'), (1, 'b'), (3, 'c'), (2, 'd')];
        assert_eq!(btree_map(pairs), pairs.into_iter().collect::<BTreeMap<_, _>>());
        assert_eq!(btree_set([3, 1, 3, 2]), [1, 2, 3].into_iter().collect::<BTreeSet<_>>());
    }

    #[test]
    fn sorts_owned_values() {
        let mut v: Vec<String> = ["b", "c", "a", "b"].iter().map(|s| s.to_string()).collect();
        sort(&mut v);
        assert_eq!(v, ["a", "b", "b", "c"]);
    }
}
