//! The endpoint loops' phrases: the Endpoints controller (controllers/endpoints.rs) and the
//! EndpointSlice controller (controllers/endpointslice), which see a Service's pods alike.

use super::{phrases, Said};

phrases! {
    pub enum EndpointsSaid = "endpoints" {
        /// What both loops see of the pods a Service selects.
        Pods { pods: usize, ready: usize } => "{pods} pod{pods|/s}, {ready} ready";
        PodsTerminating { pods: usize, ready: usize, terminating: usize } =>
            "{pods} pod{pods|/s}, {ready} ready, {terminating} terminating";
        AddressEach { selector: String } => "the address of each pod matching {selector}";
        CreateEndpoints { name: String, addresses: Box<Said> } =>
            "create endpoints {name} with {addresses}";
        UpdateEndpoints { name: String, addresses: Box<Said> } =>
            "update endpoints {name} with {addresses}";
        NoAddresses => "no addresses";
        /// The plural follows the count next to the noun: not-ready, unless it is zero.
        Addresses { ready: usize, not_ready: usize } =>
            "{ready} ready and {not_ready} not-ready address{not_ready|{ready|/es}//es}";
        OnlyForServices => "endpoints only for existing services";
        ServiceGone { service: String } => "service {service} is gone";
        DeleteEndpoints { name: String } => "delete endpoints {name}";
        EndpointEach { selector: String } => "an endpoint for each pod matching {selector}";
        /// The endpoints written when no slice write happened (the first one failed).
        Write { endpoints: Box<Said> } => "write {endpoints}";
        WriteSlices { endpoints: Box<Said>, slices: Vec<Said> } =>
            "write {endpoints}: {slices}";
        NoEndpoints => "no endpoints";
        /// The plural follows the count next to the noun: not-ready, unless it is zero.
        EndpointCounts { ready: usize, not_ready: usize } =>
            "{ready} ready and {not_ready} not-ready endpoint{not_ready|{ready|/s}//s}";
        EndpointCountsTerminating { ready: usize, not_ready: usize, terminating: usize } =>
            "{ready} ready and {not_ready} not-ready endpoint{not_ready|{ready|/s}//s} ({terminating} terminating)";
        CreateSlice { slice: String } => "create slice {slice}";
        UpdateSlice { slice: String } => "update slice {slice}";
        DeleteSlice { slice: String } => "delete slice {slice}";
        /// A few slices, named (`names` joined with ", ").
        CreateSlicesNamed { count: usize, names: String } => "create {count} slices {names}";
        UpdateSlicesNamed { count: usize, names: String } => "update {count} slices {names}";
        DeleteSlicesNamed { count: usize, names: String } => "delete {count} slices {names}";
        CreateSlices { count: usize } => "create {count} slices";
        UpdateSlices { count: usize } => "update {count} slices";
        DeleteSlices { count: usize } => "delete {count} slices";
    }
}
