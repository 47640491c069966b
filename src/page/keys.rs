//! The page's keys. Single-key shortcuts act only when focus is not in a text field, so
//! typing `k get pods` into the command box types it; Escape closes whatever is on top.
//!
//! Focus starts in the command box, so a P typed there is a `p`. A teacher reaches the
//! shortcuts as in any editor-like page: Escape, with nothing left to close, takes focus out of
//! the command box; P then toggles presenter mode. Typing never changes mode by surprise.

use super::{Effects, KeyPress, Msg, Page};
use crate::view::camera::{CameraKey, CameraMsg};

impl Page {
    pub(super) fn key(&mut self, key: &KeyPress) -> Effects {
        let mut fx = Effects::default();
        if key.modifiers {
            return fx;
        }
        if key.key == "Escape" {
            // In a field of a panel (a label being typed), Escape leaves the panel open.
            let panels = !key.in_text || key.in_command_box;
            fx.handled = self.close_top(panels);
            if !fx.handled && key.in_command_box {
                // Nothing to close: Escape leaves the box, so P, + and - reach the page.
                fx.leave_command_box = true;
                fx.handled = true;
            }
            return fx;
        }
        if key.in_text {
            return fx;
        }
        let msg = match (key.key.as_str(), CameraKey::from_key(&key.key)) {
            ("p" | "P", _) => Msg::TogglePresenter,
            // Arrows pan only while the graph has focus: the graph sends those itself.
            (_, Some(k @ (CameraKey::In | CameraKey::Out | CameraKey::Fit))) => {
                Msg::Camera(CameraMsg::Key(k))
            }
            _ => return fx,
        };
        let mut fx = self.update(msg);
        fx.handled = true;
        fx
    }

    /// Escape: the editor dialog first, then the overflow menu, then (with `panels`) the
    /// inspector, the drawer. Returns whether anything closed.
    fn close_top(&mut self, panels: bool) -> bool {
        if self.sim.editor.is_some() {
            self.sim.cancel_editor();
        } else if self.menu_open {
            self.menu_open = false;
        } else if panels && self.selected.is_some() {
            self.close_inspector();
        } else if panels && self.drawer_open {
            self.drawer_open = false;
        } else {
            return false;
        }
        true
    }
}
