//! What the API server's Service REST storage adds to the generic store: cluster IPs from
//! the service CIDR and node ports from the node-port range, allocated on create, carried
//! over on update and released on delete (pkg/registry/core/service/storage/alloc.go, with
//! the bitmap allocators of pkg/registry/core/service/ipallocator/bitmap.go and
//! portallocator/allocator.go and their random-scan-with-offset strategy from
//! pkg/registry/core/service/allocator/bitmap.go). Also the `Tabled` rules of the three
//! Service kinds.

use crate::clock::Time;
use crate::labels::field::BadValue;
use crate::labels::validation::FieldError;
use crate::model::*;
use crate::rng::SimRng;

use super::table::{Table, Tabled};
use super::Store;

/// `--service-cluster-ip-range` of kubeadm and kind: 10.96.0.0/12.
pub const SERVICE_CIDR: &str = "10.96.0.0/12";
const CIDR_BASE: u32 = 10 << 24 | 96 << 16;
/// Addresses a bit can stand for: the /12 without its network and broadcast addresses.
const IP_BITS: u32 = (1 << 20) - 2;
/// `calculateRangeOffset` for a /12: min(max(16, size/16), 256). Dynamic allocation
/// prefers the addresses above it, leaving the lower band to IPs users ask for.
const IP_OFFSET: u32 = 256;
/// `--service-node-port-range`'s default.
pub const NODE_PORT_MIN: i32 = 30000;
pub const NODE_PORT_MAX: i32 = 32767;
/// `calculateRangeOffset` for ports: min(max(16, 2768/32), 128) = 86.
const PORT_OFFSET: u32 = 86;

/// The allocators' bitmaps, as sets of what is taken, and their random source. Upstream's
/// allocators draw from a source of their own, so allocating here leaves the world's RNG
/// (and every later pod name) as it was.
#[derive(Clone)]
pub struct ServiceAllocations {
    ips: Bits,
    ports: Bits,
    rng: SimRng,
}

/// A set of taken bits, kept as a sorted list: what a `BTreeSet<u32>` did with binary
/// searches, sharing the code of every other `Vec`, where a B-tree of `u32` compiled its own
/// (about 6 KB of wasm). Services are few next to pods, so a list's inserts stay cheap.
#[derive(Clone, Default)]
struct Bits(Vec<u32>);

impl Bits {
    fn len(&self) -> usize {
        self.0.len()
    }

    #[cfg(test)]
    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    fn contains(&self, bit: &u32) -> bool {
        self.0.binary_search(bit).is_ok()
    }

    /// Whether `bit` was free, as `BTreeSet::insert` answers.
    fn insert(&mut self, bit: u32) -> bool {
        match self.0.binary_search(&bit) {
            Ok(_) => false,
            Err(at) => {
                self.0.insert(at, bit);
                true
            }
        }
    }

    fn remove(&mut self, bit: &u32) {
        if let Ok(at) = self.0.binary_search(bit) {
            self.0.remove(at);
        }
    }

    fn iter(&self) -> impl Iterator<Item = &u32> {
        self.0.iter()
    }
}

impl Default for ServiceAllocations {
    fn default() -> Self {
        ServiceAllocations::seeded(0)
    }
}

/// `randomScanStrategyWithOffset.AllocateBit`: a random start in the upper band, scanning
/// forward; only when that band is full, the same in the lower one.
fn allocate_bit(taken: &Bits, max: u32, offset: u32, rng: &mut SimRng) -> Option<u32> {
    if taken.len() as u64 >= u64::from(max) {
        return None;
    }
    let upper = max - offset;
    let start = rng.below(upper);
    let found = (0..upper).map(|i| offset + (start + i) % upper).find(|b| !taken.contains(b));
    found.or_else(|| {
        let start = rng.below(offset);
        (0..offset).map(|i| (start + i) % offset).find(|b| !taken.contains(b))
    })
}

fn ip_of_bit(bit: u32) -> String {
    let ip = CIDR_BASE + 1 + bit;
    format!("{}.{}.{}.{}", ip >> 24, (ip >> 16) & 255, (ip >> 8) & 255, ip & 255)
}

/// The bit of an IPv4 address in the range, `Err` with `ErrNotInRange`'s wording if outside.
fn bit_of_ip(ip: &str) -> Result<u32, String> {
    let not_in_range = || {
        format!(
            "the provided IP ({ip}) is not in the valid range. The range of valid IPs is {SERVICE_CIDR}"
        )
    };
    let addr: std::net::Ipv4Addr = ip.parse().map_err(|_| not_in_range())?;
    let n = u32::from(addr);
    if n <= CIDR_BASE || n > CIDR_BASE + IP_BITS {
        return Err(not_in_range());
    }
    Ok(n - CIDR_BASE - 1)
}

impl ServiceAllocations {
    pub fn seeded(seed: u64) -> Self {
        // A seed of its own, apart from the world's stream.
        let rng = SimRng::new(seed ^ 0x5e41_c1ce_a110_ca7e);
        ServiceAllocations { ips: Bits::default(), ports: Bits::default(), rng }
    }

    /// Takes `ip`, a well-formed address of the range, for a Service the system writes.
    pub(super) fn claim_ip(&mut self, ip: &str) {
        if let Ok(bit) = bit_of_ip(ip) {
            self.ips.insert(bit);
        }
    }

    /// Allocates what a new Service needs, or refuses it as alloc.go does. Nothing is
    /// taken unless everything could be.
    fn allocate(&mut self, s: &mut Service) -> Result<(), Vec<FieldError>> {
        let rng = &mut self.rng;
        let spec = &mut s.spec;
        let mut took_ip = None;
        if spec.type_ != ServiceType::ExternalName && !spec.headless() {
            let bit = match spec.cluster_ip.as_deref().filter(|ip| !ip.is_empty()) {
                Some(ip) => {
                    let fail = |e: String| {
                        vec![FieldError::invalid(
                            "spec.clusterIPs",
                            BadValue::json(&spec.cluster_ips),
                            &format!("failed to allocate IP {ip}: {e}"),
                        )]
                    };
                    let bit = bit_of_ip(ip).map_err(fail)?;
                    if self.ips.contains(&bit) {
                        return Err(fail("provided IP is already allocated".into()));
                    }
                    bit
                }
                None => allocate_bit(&self.ips, IP_BITS, IP_OFFSET, rng).ok_or_else(|| {
                    vec![FieldError::invalid(
                        "spec.clusterIPs",
                        BadValue::json(&spec.cluster_ips),
                        "failed to allocate IP: range is full",
                    )]
                })?,
            };
            self.ips.insert(bit);
            took_ip = Some(bit);
            let ip = ip_of_bit(bit);
            spec.cluster_ip = Some(ip.clone());
            spec.cluster_ips = vec![ip];
        }
        if let Err(e) = self.allocate_ports(spec, &Bits::default()) {
            if let Some(bit) = took_ip {
                self.ips.remove(&bit);
            }
            return Err(e);
        }
        Ok(())
    }

    /// Node ports for every port that needs one and has none; `kept` are the Service's own
    /// ports from before an update, which it may keep.
    fn allocate_ports(
        &mut self,
        spec: &mut ServiceSpec,
        kept: &Bits,
    ) -> Result<(), Vec<FieldError>> {
        if !spec.type_.has_node_ports() {
            for p in &mut spec.ports {
                p.node_port = None;
            }
            return Ok(());
        }
        let mut took = Vec::new();
        let mut result = Ok(());
        for (i, p) in spec.ports.iter_mut().enumerate() {
            let bit = match p.node_port.filter(|n| *n != 0) {
                Some(n) => {
                    let field = format!("spec.ports[{i}].nodePort");
                    if !(NODE_PORT_MIN..=NODE_PORT_MAX).contains(&n) {
                        let detail = format!("provided port is not in the valid range. The range of valid ports is {NODE_PORT_MIN}-{NODE_PORT_MAX}");
                        result = Err(vec![FieldError::invalid(&field, n, &detail)]);
                        break;
                    }
                    let bit = (n - NODE_PORT_MIN) as u32;
                    if self.ports.contains(&bit) && !kept.contains(&bit) {
                        let detail = "provided port is already allocated";
                        result = Err(vec![FieldError::invalid(&field, n, detail)]);
                        break;
                    }
                    bit
                }
                None => {
                    let size = (NODE_PORT_MAX - NODE_PORT_MIN + 1) as u32;
                    match allocate_bit(&self.ports, size, PORT_OFFSET, &mut self.rng) {
                        Some(bit) => bit,
                        None => {
                            let field = format!("spec.ports[{i}].nodePort");
                            let detail = "failed to allocate a nodePort: range is full";
                            result = Err(vec![FieldError::invalid(&field, 0, detail)]);
                            break;
                        }
                    }
                }
            };
            if self.ports.insert(bit) {
                took.push(bit);
            }
            p.node_port = Some(NODE_PORT_MIN + bit as i32);
        }
        if result.is_err() {
            for bit in took {
                self.ports.remove(&bit);
            }
        }
        result
    }

    /// An update: the allocated values the body left out come from the stored Service
    /// (`patchAllocatedValues`), node ports follow the type and the ports, and what the
    /// Service no longer uses is released.
    fn reallocate(&mut self, new: &mut Service, old: &Service) -> Result<(), Vec<FieldError>> {
        let spec = &mut new.spec;
        if spec.cluster_ip.as_deref().is_none_or(str::is_empty) && spec.cluster_ips.is_empty() {
            spec.cluster_ip = old.spec.cluster_ip.clone();
            spec.cluster_ips = old.spec.cluster_ips.clone();
        }
        if spec.type_.has_node_ports() && old.spec.type_.has_node_ports() {
            for p in spec.ports.iter_mut().filter(|p| p.node_port.is_none()) {
                let same = old
                    .spec
                    .ports
                    .iter()
                    .find(|o| o.port == p.port && o.protocol() == p.protocol());
                p.node_port = same.and_then(|o| o.node_port);
            }
        }
        let mine = node_port_bits(&old.spec);
        self.allocate_ports(spec, &mine)?;
        let now = node_port_bits(spec);
        for bit in mine.iter().filter(|b| !now.contains(b)) {
            self.ports.remove(bit);
        }
        Ok(())
    }

    fn release(&mut self, s: &Service) {
        if let Some(bit) = s.spec.cluster_ip.as_deref().and_then(|ip| bit_of_ip(ip).ok()) {
            self.ips.remove(&bit);
        }
        for bit in node_port_bits(&s.spec).iter() {
            self.ports.remove(bit);
        }
    }
}

fn node_port_bits(spec: &ServiceSpec) -> Bits {
    let mut bits = Bits::default();
    let ports = spec.ports.iter().filter_map(|p| p.node_port);
    for n in ports.filter(|n| (NODE_PORT_MIN..=NODE_PORT_MAX).contains(n)) {
        bits.insert((n - NODE_PORT_MIN) as u32);
    }
    bits
}

impl Store {
    /// A store whose allocators draw from `seed`, so a replay allocates the same IPs.
    pub fn with_seed(seed: u64) -> Store {
        Store::with_seed_at(seed, Time::ZERO)
    }

    /// `with_seed`, for a cluster whose time starts at `start` (its system objects' age).
    pub fn with_seed_at(seed: u64, start: Time) -> Store {
        let mut store = Store::blank();
        store.allocations = ServiceAllocations::seeded(seed);
        store.create_system_namespaces(seed, start);
        store.create_system_service_accounts(start);
        store.create_system_priority_classes(start);
        store.create_api_service(seed, start);
        store
    }
}

impl Tabled for Service {
    super::table::tabled!(Service, services, false);
    /// `ValidateServiceName` (pkg/apis/core/validation): a DNS-1035 label, so that the
    /// name can be a DNS name of its own.
    fn validate_name(name: &str) -> Vec<FieldError> {
        if name.is_empty() {
            return vec![FieldError::required("metadata.name", "name or generateName is required")];
        }
        let errs = crate::labels::validation::is_dns1035_label(name);
        errs.iter().map(|m| FieldError::invalid("metadata.name", name, m)).collect()
    }
    fn apply_defaults(obj: &mut Self) {
        crate::model::default_service(&mut obj.spec);
    }
    fn validate_spec(obj: &Self) -> Vec<FieldError> {
        crate::model::validate::service(obj)
    }
    const ALLOCATES: bool = true;
    fn allocate(obj: &mut Self, store: &mut Store) -> Result<(), Vec<FieldError>> {
        store.allocations.allocate(obj)
    }
    fn reallocate(new: &mut Self, old: &Self, store: &mut Store) -> Result<(), Vec<FieldError>> {
        store.allocations.reallocate(new, old)
    }
    fn release(obj: &Self, store: &mut Store) {
        store.allocations.release(obj);
    }
    super::table::status_kind!();
}

impl Tabled for EndpointSlice {
    // pkg/registry/discovery/endpointslice/strategy.go sets and bumps generation.
    super::table::tabled!(EndpointSlice, endpointslices, true);
    fn same_spec(a: &Self, b: &Self) -> bool {
        a.address_type == b.address_type && a.endpoints == b.endpoints && a.ports == b.ports
    }
    // No status subresource: an update replaces the whole object.
    fn keep_status(_: &mut Self, _: &Self) {}
    fn copy_status(into: &mut Self, from: &Self) {
        *into = from.clone();
    }
}

impl Tabled for Endpoints {
    super::table::tabled!(Endpoints, endpoints, false);
    fn same_spec(a: &Self, b: &Self) -> bool {
        a.subsets == b.subsets
    }
    fn keep_status(_: &mut Self, _: &Self) {}
    fn copy_status(into: &mut Self, from: &Self) {
        *into = from.clone();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dynamic_ips_come_from_the_upper_band_of_the_range() {
        let mut a = ServiceAllocations::seeded(7);
        for _ in 0..50 {
            let mut s = Service::default();
            a.allocate(&mut s).unwrap();
            let bit = bit_of_ip(s.spec.cluster_ip.as_deref().unwrap()).unwrap();
            assert!(bit >= IP_OFFSET, "{:?}", s.spec.cluster_ip);
        }
        assert_eq!(a.ips.len(), 50);
    }

    #[test]
    fn a_requested_ip_outside_the_range_or_taken_is_refused_with_alloc_go_wording() {
        let mut a = ServiceAllocations::seeded(1);
        let mut s = Service::default();
        s.spec.cluster_ip = Some("10.0.0.5".into());
        s.spec.cluster_ips = vec!["10.0.0.5".into()];
        let e = a.allocate(&mut s).unwrap_err();
        assert_eq!(e[0].to_string(), "spec.clusterIPs: Invalid value: [\"10.0.0.5\"]: failed to allocate IP 10.0.0.5: the provided IP (10.0.0.5) is not in the valid range. The range of valid IPs is 10.96.0.0/12");
        s.spec.cluster_ip = Some("10.96.0.10".into());
        s.spec.cluster_ips = vec!["10.96.0.10".into()];
        a.allocate(&mut s.clone()).unwrap();
        let e = a.allocate(&mut s).unwrap_err();
        assert!(
            e[0].to_string()
                .ends_with("failed to allocate IP 10.96.0.10: provided IP is already allocated"),
            "{}",
            e[0]
        );
    }

    #[test]
    fn node_ports_are_allocated_checked_and_released() {
        let mut a = ServiceAllocations::seeded(3);
        let mut s = Service::default();
        s.spec.type_ = ServiceType::NodePort;
        s.spec.ports = vec![ServicePort { port: 80, ..Default::default() }];
        a.allocate(&mut s).unwrap();
        let n = s.spec.ports[0].node_port.unwrap();
        assert!((NODE_PORT_MIN + PORT_OFFSET as i32..=NODE_PORT_MAX).contains(&n), "{n}");
        let mut clash = s.clone();
        clash.spec.cluster_ip = None;
        clash.spec.cluster_ips.clear();
        let e = a.allocate(&mut clash).unwrap_err();
        assert_eq!(
            e[0].to_string(),
            format!(
                "spec.ports[0].nodePort: Invalid value: {n}: provided port is already allocated"
            )
        );
        let mut low = clash.clone();
        low.spec.ports[0].node_port = Some(80);
        let e = a.allocate(&mut low).unwrap_err();
        assert!(e[0].to_string().ends_with(
            "provided port is not in the valid range. The range of valid ports is 30000-32767"
        ));
        assert_eq!(a.ips.len(), 1, "a refused create gives its IP back");
        a.release(&s);
        assert!(a.ips.is_empty() && a.ports.is_empty());
    }
}
