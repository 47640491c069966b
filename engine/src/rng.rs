//! The world's one source of randomness, and the generated names drawn from it.
//!
//! PCG-64 (MCG variant) is a named, platform-stable algorithm, so the same seed gives the same
//! pod names on every machine and in wasm. Only `u32`/`u64` are drawn, never `usize`.

use rand_core::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// The alphabet of generated name suffixes: no vowels and no 0, 1, 3, so no words appear.
/// Models staging/src/k8s.io/apimachinery/pkg/util/rand/rand.go `alphanums`.
pub const ALPHANUMS: &[u8; 27] = b"bcdfghjklmnpqrstvwxz2456789";

/// Length of the random part of a `generateName` name (apiserver `names.randomLength`).
pub const RANDOM_LENGTH: usize = 5;
/// The base of a `generateName` name is cut to this length (`MaxGeneratedNameLength`).
pub const MAX_GENERATED_BASE: usize = 63 - RANDOM_LENGTH;

#[derive(Clone)]
pub struct SimRng {
    inner: Pcg64Mcg,
}

impl SimRng {
    pub fn new(seed: u64) -> Self {
        Self { inner: Pcg64Mcg::seed_from_u64(seed) }
    }

    pub fn next_u64(&mut self) -> u64 {
        self.inner.next_u64()
    }

    pub fn next_u32(&mut self) -> u32 {
        self.inner.next_u32()
    }

    /// A uniform integer in `0..bound` (bound > 0), without modulo bias.
    pub fn below(&mut self, bound: u32) -> u32 {
        assert!(bound > 0, "below(0) is a bug");
        let zone = u32::MAX - (u32::MAX % bound);
        loop {
            let v = self.next_u32();
            if v < zone {
                return v % bound;
            }
        }
    }

    /// `rand.String(n)`: 5-bit chunks of a 63-bit draw, rejecting indices >= 27.
    pub fn string(&mut self, n: usize) -> String {
        let mut out = String::with_capacity(n);
        let mut cache = self.next_u64() >> 1;
        let mut remain = 12; // 63 bits hold twelve 5-bit chunks
        while out.len() < n {
            if remain == 0 {
                cache = self.next_u64() >> 1;
                remain = 12;
            }
            let idx = (cache & 0x1f) as usize;
            if idx < ALPHANUMS.len() {
                out.push(ALPHANUMS[idx] as char);
            }
            cache >>= 5;
            remain -= 1;
        }
        out
    }

    /// `names.SimpleNameGenerator.GenerateName`: the caller supplies the trailing `-`.
    pub fn generate_name(&mut self, base: &str) -> String {
        let mut cut = base.len().min(MAX_GENERATED_BASE);
        while !base.is_char_boundary(cut) {
            cut -= 1;
        }
        format!("{}{}", &base[..cut], self.string(RANDOM_LENGTH))
    }

    /// A version-4-shaped UID, so `-o yaml` looks like a real cluster's.
    pub fn uid(&mut self) -> String {
        let a = self.next_u64();
        let b = self.next_u64();
        format!(
            "{:08x}-{:04x}-4{:03x}-{:x}{:03x}-{:012x}",
            (a >> 32) as u32,
            (a >> 16) as u16,
            a & 0xfff,
            8 + (b >> 62),
            (b >> 48) & 0xfff,
            b & 0xffff_ffff_ffff
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_suffix_uses_the_kubernetes_alphabet() {
        let mut rng = SimRng::new(7);
        for _ in 0..200 {
            let name = rng.generate_name("web-7d9f5cbb6d-");
            assert_eq!(name.len(), "web-7d9f5cbb6d-".len() + 5);
            assert!(name[15..].bytes().all(|b| ALPHANUMS.contains(&b)), "{name}");
        }
    }

    #[test]
    fn long_bases_are_cut_to_58_characters() {
        let mut rng = SimRng::new(1);
        let base = "a".repeat(80);
        assert_eq!(rng.generate_name(&base).len(), 63);
    }

    #[test]
    fn same_seed_gives_same_names() {
        let mut a = SimRng::new(42);
        let mut b = SimRng::new(42);
        let xs: Vec<_> = (0..20).map(|_| a.generate_name("p-")).collect();
        let ys: Vec<_> = (0..20).map(|_| b.generate_name("p-")).collect();
        assert_eq!(xs, ys);
        let mut c = SimRng::new(43);
        assert_ne!(xs[0], c.generate_name("p-"));
    }

    #[test]
    fn uids_look_like_uuid_v4() {
        let mut rng = SimRng::new(3);
        let uid = rng.uid();
        let parts: Vec<_> = uid.split('-').map(str::len).collect();
        assert_eq!(parts, vec![8, 4, 4, 4, 12], "{uid}");
        assert_eq!(&uid[14..15], "4");
        assert!(matches!(&uid[19..20], "8" | "9" | "a" | "b"), "{uid}");
    }
}
