//! The page's keys. Single-key shortcuts act only when focus is not in a text field, so
//! typing `k get pods` into the command box types it; Escape closes whatever is on top.

use super::{Effects, KeyPress, Msg, Page};

impl Page {
    pub(super) fn key(&mut self, key: &KeyPress) -> Effects {
        let mut fx = Effects::default();
        if key.modifiers {
            return fx;
        }
        if key.key == "Escape" {
            fx.handled = self.close_top();
            return fx;
        }
        if key.in_text {
            return fx;
        }
        let msg = match key.key.as_str() {
            "p" | "P" => Msg::TogglePresenter,
            _ => return fx,
        };
        let mut fx = self.update(msg);
        fx.handled = true;
        fx
    }

    /// Escape: the editor dialog first, then the overflow menu, the inspector, the drawer.
    /// Returns whether anything closed.
    fn close_top(&mut self) -> bool {
        if self.sim.editor.is_some() {
            self.sim.cancel_editor();
        } else if self.menu_open {
            self.menu_open = false;
        } else if self.selected.is_some() {
            self.selected = None;
        } else if self.drawer_open {
            self.drawer_open = false;
        } else {
            return false;
        }
        true
    }
}
