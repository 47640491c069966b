//! kube-proxy's phrases: a Service's rules programmed, changed and removed
//! (controllers/kubeproxy.rs).

use super::{phrases, Said};

phrases! {
    pub enum ProxySaid = "proxy" {
        NoService => "no Service";
        RulesProgrammed => "rules still programmed";
        RemoveRules => "remove its rules";
        RouteToReady => "route traffic to ready endpoints";
        Endpoints { endpoints: usize, ready: usize } =>
            "{endpoints} endpoint{endpoints|/s}, {ready} ready";
        NoClusterIp => "no rules: the Service has no cluster IP";
        Reject { ip: String } => "reject traffic to {ip}: no endpoints";
        /// `backends`: up to four `ip:port`, joined with ", ".
        SendTo { ip: String, backends: String } => "send {ip} to {backends}";
        SendToMore { ip: String, backends: String, more: usize } =>
            "send {ip} to {backends} + {more} more";
        /// The backends are serving, terminating endpoints, used because none is ready.
        Terminating { action: Box<Said> } => "{action} (terminating, none ready)";
    }
}
