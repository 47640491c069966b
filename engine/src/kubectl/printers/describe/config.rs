//! `describe configmap` and `describe secret`. Models describe.go `ConfigMapDescriber` and
//! `describeSecret`: keys in order (kubectl sorts them since 1.33; before, Go's map order
//! varied from run to run), text values whole, binary values and every Secret value as a
//! byte count. A Secret's description has no events, as upstream's has none.

use super::reader::Reader;
use super::{annotations, events, labels, Writer};
use crate::clock::Time;
use crate::model::{ConfigMap, Secret};

pub(super) fn describe_config_map(r: &mut Reader, c: &ConfigMap, now: Time) -> String {
    let m = &c.metadata;
    let mut w = Writer::default();
    w.w(0, &format!("Name:\t{}\n", m.name));
    w.w(0, &format!("Namespace:\t{}\n", m.namespace));
    labels(&mut w, "Labels", &m.labels);
    annotations(&mut w, "Annotations", &m.annotations);
    w.w(0, "\nData\n====\n");
    for (k, v) in &c.data {
        w.w(0, &format!("{k}:\n----\n"));
        w.w(0, &format!("{v}\n"));
        w.w(0, "\n");
    }
    w.w(0, "\nBinaryData\n====\n");
    for (k, v) in &c.binary_data {
        w.w(0, &format!("{k}: {} bytes\n", v.0.len()));
    }
    w.w(0, "\n");
    events(&mut w, r.events_for(&m.uid), now);
    w.0
}

pub(super) fn describe_secret(s: &Secret) -> String {
    let m = &s.metadata;
    let mut w = Writer::default();
    w.w(0, &format!("Name:\t{}\n", m.name));
    w.w(0, &format!("Namespace:\t{}\n", m.namespace));
    labels(&mut w, "Labels", &m.labels);
    annotations(&mut w, "Annotations", &m.annotations);
    w.w(0, &format!("\nType:\t{}\n", s.type_));
    w.w(0, "\nData\n====\n");
    for (k, v) in &s.data {
        // A service account token is shown, as it is what the Secret is for.
        if k == "token" && s.type_ == crate::model::secret_type::SERVICE_ACCOUNT_TOKEN {
            w.w(0, &format!("{k}:\t{}\n", v.lossy()));
        } else {
            w.w(0, &format!("{k}:\t{} bytes\n", v.0.len()));
        }
    }
    w.0
}
