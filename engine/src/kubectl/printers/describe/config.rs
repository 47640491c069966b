//! `describe configmap` and `describe secret`. Models describe.go `ConfigMapDescriber` and
//! `describeSecret`: keys in order (kubectl sorts them since 1.33; before, Go's map order
//! varied from run to run), text values whole, binary values and every Secret value as a
//! byte count. A Secret's description has no events, as upstream's has none. And
//! `describe serviceaccount`, as 1.34's `describeServiceAccount` prints it: the image pull
//! secrets, the mountable secrets and the token Secrets bound to the account, a name the
//! namespace lacks marked `(not found)`, then the events.

use super::reader::Reader;
use super::{annotations, events, labels, Writer};
use crate::clock::Time;
use crate::model::{ConfigMap, Secret, ServiceAccount};

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

pub(super) fn describe_service_account(r: &mut Reader, a: &ServiceAccount, now: Time) -> String {
    let m = &a.metadata;
    let mut w = Writer::default();
    w.w(0, &format!("Name:\t{}\n", m.name));
    w.w(0, &format!("Namespace:\t{}\n", m.namespace));
    labels(&mut w, "Labels", &m.labels);
    annotations(&mut w, "Annotations", &m.annotations);
    let secrets = r.list::<Secret>(Some(&m.namespace), None, None);
    // Token Secrets name the account and its UID in their annotations.
    let bound = |s: &&std::rc::Rc<Secret>| {
        let note = |k: &str| s.metadata.annotations.get(k).map(String::as_str);
        s.type_ == "kubernetes.io/service-account-token"
            && note("kubernetes.io/service-account.name") == Some(m.name.as_str())
            && note("kubernetes.io/service-account.uid") == Some(m.uid.as_str())
    };
    let tokens: Vec<String> =
        secrets.iter().filter(bound).map(|s| s.metadata.name.clone()).collect();
    let exists = |name: &str| secrets.iter().any(|s| s.metadata.name == name);
    let pull: Vec<String> = a.image_pull_secrets.iter().map(|s| s.name.clone()).collect();
    let mount: Vec<String> = a.secrets.iter().map(|s| s.name.to_string()).collect();
    let missing = |name: &str| {
        let listed = pull.iter().chain(&mount).any(|n| n == name);
        listed && !exists(name)
    };
    // Go walks the headers' set sorted, padded to one width.
    for (header, names) in [
        ("Image pull secrets:", &pull),
        ("Mountable secrets: ", &mount),
        ("Tokens:            ", &tokens),
    ] {
        if names.is_empty() {
            w.w(0, &format!("{header}\t<none>\n"));
            continue;
        }
        let mut prefix = header;
        for name in names {
            let gone = if missing(name) { " (not found)" } else { "" };
            w.w(0, &format!("{prefix}\t{name}{gone}\n"));
            prefix = "                   ";
        }
    }
    events(&mut w, r.events_for(&m.uid), now);
    w.0
}
