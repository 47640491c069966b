//! A table row's key: namespace and name, with a fixed-width prefix of each kept beside the
//! text, so a search through tens of thousands of rows compares integers in the tree's own
//! nodes instead of following a pointer to each name and `memcmp`-ing it.
//!
//! Event names are the cause (`<object>.<unix nanoseconds in hex>`, 37 bytes for a
//! Deployment's pod): longer than a `CompactString` holds inline, so every comparison read a
//! separate heap block, and the recorder inserts and expires tens of thousands of them. The
//! order is still exactly the text order of (namespace, name), which lists rely on.

use std::borrow::Borrow;
use std::cmp::Ordering;

use compact_str::CompactString;

/// Namespace (empty for cluster-scoped kinds) and name.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Key {
    pub ns: CompactString,
    pub name: CompactString,
}

impl Key {
    pub fn new(ns: &str, name: &str) -> Self {
        Key { ns: CompactString::from(ns), name: CompactString::from(name) }
    }

    pub fn of(meta: &crate::model::ObjectMeta, kind: crate::model::Kind) -> Self {
        let ns = if kind.namespaced() { meta.namespace.as_str() } else { "" };
        Key::new(ns, &meta.name)
    }
}

/// The last byte of a prefix that does not hold the whole text.
const LONG: u8 = 0xFF;

/// The first `N - 1` bytes of a text, zero-padded, then its length if it fits (else `LONG`).
/// Compared as bytes, two packings order as their texts do whenever they differ; equal
/// packings mean equal texts unless both end in `LONG`, when only the texts can tell.
/// (A shorter text padded with zeros never sorts after one it is a prefix of, and the length
/// byte orders texts that differ only in trailing zero bytes.)
fn pack<const N: usize>(s: &str) -> [u8; N] {
    let b = s.as_bytes();
    let n = b.len().min(N - 1);
    let mut out = [0; N];
    out[..n].copy_from_slice(&b[..n]);
    out[N - 1] = if b.len() < N { b.len() as u8 } else { LONG };
    out
}

/// The packed namespace (8 bytes: "default" fits whole) and name (32 bytes: a pod's name and
/// most of its Events' names), as big-endian words so integer order is byte order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct KeyCode {
    ns: u64,
    name: [u64; 4],
}

impl KeyCode {
    fn of(ns: &str, name: &str) -> Self {
        let n: [u8; 32] = pack(name);
        let word = |i: usize| u64::from_be_bytes(n[i * 8..i * 8 + 8].try_into().expect("8 bytes"));
        KeyCode { ns: u64::from_be_bytes(pack(ns)), name: [word(0), word(1), word(2), word(3)] }
    }

    /// Text order of (namespace, name); the texts are read only when the prefixes tie.
    fn compare<'a, 'b>(
        &self,
        other: &KeyCode,
        a: impl Fn() -> (&'a str, &'a str),
        b: impl Fn() -> (&'b str, &'b str),
    ) -> Ordering {
        if self.ns != other.ns {
            return self.ns.cmp(&other.ns);
        }
        if self.ns as u8 == LONG {
            match a().0.cmp(b().0) {
                Ordering::Equal => {}
                unequal => return unequal,
            }
        }
        if self.name != other.name {
            return self.name.cmp(&other.name);
        }
        if self.name[3] as u8 == LONG {
            return a().1.cmp(b().1);
        }
        Ordering::Equal
    }
}

/// What a table is searched by: a stored row's key, or a borrowed namespace and name (so a
/// read builds no owned `Key`, two allocations for long names).
pub(super) trait KeyParts {
    fn code(&self) -> &KeyCode;
    fn parts(&self) -> (&str, &str);
}

/// A key as a table stores it, with its packed prefix.
pub(super) struct RowKey {
    code: KeyCode,
    pub key: Key,
}

impl RowKey {
    pub fn new(key: Key) -> Self {
        RowKey { code: KeyCode::of(&key.ns, &key.name), key }
    }
}

/// A namespace and name to search for.
pub(super) struct Probe<'a> {
    code: KeyCode,
    ns: &'a str,
    name: &'a str,
}

impl<'a> Probe<'a> {
    pub fn new(ns: &'a str, name: &'a str) -> Self {
        Probe { code: KeyCode::of(ns, name), ns, name }
    }
}

impl KeyParts for RowKey {
    fn code(&self) -> &KeyCode {
        &self.code
    }
    fn parts(&self) -> (&str, &str) {
        (&self.key.ns, &self.key.name)
    }
}

impl KeyParts for Probe<'_> {
    fn code(&self) -> &KeyCode {
        &self.code
    }
    fn parts(&self) -> (&str, &str) {
        (self.ns, self.name)
    }
}

impl<'a> Borrow<dyn KeyParts + 'a> for RowKey {
    fn borrow(&self) -> &(dyn KeyParts + 'a) {
        self
    }
}

impl Ord for dyn KeyParts + '_ {
    fn cmp(&self, other: &Self) -> Ordering {
        self.code().compare(other.code(), || self.parts(), || other.parts())
    }
}

impl PartialOrd for dyn KeyParts + '_ {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for dyn KeyParts + '_ {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for dyn KeyParts + '_ {}

// The same order as the borrowed form's (the map requires it), without the virtual calls.
impl Ord for RowKey {
    fn cmp(&self, other: &Self) -> Ordering {
        self.code.compare(&other.code, || self.parts(), || other.parts())
    }
}

impl PartialOrd for RowKey {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for RowKey {
    fn eq(&self, other: &Self) -> bool {
        self.key == other.key
    }
}

impl Eq for RowKey {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packed_keys_order_as_their_texts() {
        let texts = [
            "",
            "\0",
            "\0\0",
            "a",
            "a\0",
            "a\0b",
            "ab",
            "abcdefg",
            "abcdefg\0",
            "abcdefgh",
            "abcdefgi",
            "abcdefgh-longer-than-eight",
            "default",
            "kube-system",
            "web-5d7f8c9b4d-abcde",
            "web-5d7f8c9b4d-abcde.1880f2a3b4c5d6e7",
            "web-5d7f8c9b4d-abcde.1880f2a3b4c5d6e8",
            "web-5d7f8c9b4d-abcde.1880f2a3b4c5d6e",
            "web-5d7f8c9b4d-abcde.1880f2a3b4c\0",
            "web-5d7f8c9b4d-abcde.1880f2a3b4c",
            "web-5d7f8c9b4d-abcde.1880f2a3b4",
            "web-5d7f8c9b4d-abcdf",
            "\u{ff}\u{ff}",
            "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz\u{ff}",
        ];
        let rows: Vec<RowKey> = texts
            .iter()
            .flat_map(|ns| texts.iter().map(move |name| RowKey::new(Key::new(ns, name))))
            .collect();
        for a in &rows {
            for b in &rows {
                assert_eq!(a.cmp(b), a.key.cmp(&b.key), "{:?} vs {:?}", a.key, b.key);
                let probe = Probe::new(&b.key.ns, &b.key.name);
                let (a_dyn, b_dyn): (&dyn KeyParts, &dyn KeyParts) = (a, &probe);
                assert_eq!(a_dyn.cmp(b_dyn), a.key.cmp(&b.key));
                assert_eq!(a == b, a.key == b.key);
            }
        }
    }
}
