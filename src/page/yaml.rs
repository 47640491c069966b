//! The YAML panel's export, whose code the release build ships in the export chunk
//! (`lazy::link_yaml`, `kubeloop::session::export_yaml`): opening the panel fetches it, the
//! panel says so meanwhile, and a failed fetch is said and tried again at the next opening.
//! Every other build has the code already, and nothing here waits.

use super::{Effects, Page, Panel};

/// The export's code, as the panel waits for it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct YamlState {
    /// On its way.
    pub fetching: bool,
    /// Why the last fetch failed.
    pub failed: Option<String>,
}

impl Page {
    /// After `Msg::Panel`: the YAML panel, open and without its export's code, fetches it.
    pub(super) fn want_yaml(&mut self, fx: &mut Effects) {
        if self.panel != Panel::Yaml || (self.yaml_linked)() || self.yaml.fetching {
            return;
        }
        self.yaml = YamlState { fetching: true, failed: None };
        fx.link_yaml = true;
    }

    /// `Msg::YamlExport`: the code arrived (the panel draws the file) or did not.
    pub(super) fn yaml_arrived(&mut self, fetched: Result<(), String>) {
        self.yaml = YamlState { fetching: false, failed: fetched.err() };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::page::Msg;
    use crate::sim::Sim;

    fn page() -> Page {
        Page::new(Sim::new(1), false, false)
    }

    #[test]
    fn opening_the_yaml_panel_fetches_its_export_once_and_says_why_one_failed() {
        let mut p = page();
        p.yaml_linked = || false;
        assert!(!p.update(Msg::Panel(Panel::Missions)).link_yaml, "only the YAML panel");
        let fx = p.update(Msg::Panel(Panel::Yaml));
        assert!(fx.link_yaml);
        assert!(p.yaml.fetching);
        p.update(Msg::Panel(Panel::Feed));
        assert!(!p.update(Msg::Panel(Panel::Yaml)).link_yaml, "one fetch at a time");
        p.update(Msg::YamlExport(Err("offline".into())));
        assert_eq!(p.yaml, YamlState { fetching: false, failed: Some("offline".into()) });
        p.update(Msg::Panel(Panel::Feed));
        assert!(p.update(Msg::Panel(Panel::Yaml)).link_yaml, "tried again");
        p.update(Msg::YamlExport(Ok(())));
        p.yaml_linked = || true;
        assert_eq!(p.yaml, YamlState::default());
        p.update(Msg::Panel(Panel::Feed));
        assert!(!p.update(Msg::Panel(Panel::Yaml)).link_yaml, "here now");
    }
}
