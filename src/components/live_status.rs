//! Live mode's status line: what the page is attached to (the server's gitVersion) and the
//! connection's state. Renders what `live::Live` says; decides nothing.

use yew::prelude::*;

use crate::live::{Conn, Live};
use crate::words::{use_words, Words};

/// What the line shows, read from the connection.
#[derive(Clone, Debug, PartialEq)]
pub struct LiveStatusView {
    pub server: Option<String>,
    pub conn: Conn,
    /// Objects that could not be read, and fields dropped to read the rest.
    pub unreadable: u64,
    pub dropped_fields: u64,
}

impl From<&Live> for LiveStatusView {
    fn from(live: &Live) -> Self {
        LiveStatusView {
            server: live.server.clone(),
            conn: live.conn.clone(),
            unreadable: live.unreadable,
            dropped_fields: live.dropped_fields,
        }
    }
}

impl LiveStatusView {
    /// The line's text: `Connected to Kubernetes v1.32.0 at this page's origin · live`.
    pub fn text(&self, w: &Words) -> String {
        let state = match &self.conn {
            Conn::Connecting => w.t("live-status-connecting"),
            Conn::Live => w.t("live-status-live"),
            Conn::Reconnecting(why) => {
                w.with("live-status-reconnecting", &[("why", why.as_str().into())])
            }
            // Already in kubectl's words (`Error from server (...)`, `error: ...`).
            Conn::Error(why) => why.clone(),
        };
        let mut text = match &self.server {
            Some(v) => w.with(
                "live-status-server",
                &[("version", v.as_str().into()), ("state", state.into())],
            ),
            None => w.with("live-status-api", &[("state", state.into())]),
        };
        if self.unreadable > 0 {
            let count = ("count", (self.unreadable as i64).into());
            text.push_str(&format!(" \u{b7} {}", w.with("live-status-unreadable", &[count])));
        }
        text
    }

    fn state_class(&self) -> &'static str {
        match self.conn {
            Conn::Connecting => "connecting",
            Conn::Live => "live",
            Conn::Reconnecting(_) => "reconnecting",
            Conn::Error(_) => "error",
        }
    }
}

/// Disconnect is the toolbar's (where Connect was), so the line only reports.
/// The status line, as `shipped::live_status` reaches it.
pub(super) fn draw(live: &crate::live::Live) -> Html {
    html! { <LiveStatus view={LiveStatusView::from(live)} /> }
}

#[derive(Properties, PartialEq)]
pub struct LiveStatusProps {
    pub view: LiveStatusView,
}

#[component]
pub fn LiveStatus(props: &LiveStatusProps) -> Html {
    let w = use_words();
    let v = &props.view;
    let title = (v.dropped_fields > 0)
        .then(|| w.with("live-status-dropped", &[("count", (v.dropped_fields as i64).into())]));
    html! {
        <div class={classes!("live-status", v.state_class())} role="status" aria-label={w.t("live-status-label")} {title}>
            <span class="live-dot" aria-hidden="true"></span>
            <span class="live-text">{ v.text(&w) }</span>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_says_what_it_is_attached_to_and_how_the_connection_is() {
        let w = Words::default();
        let mut v = LiveStatusView {
            server: Some("v1.32.0".into()),
            conn: Conn::Live,
            unreadable: 0,
            dropped_fields: 0,
        };
        assert_eq!(v.text(&w), "Connected to Kubernetes v1.32.0 at this page's origin \u{b7} live");
        v.server = None;
        v.conn = Conn::Reconnecting("timeout".into());
        v.unreadable = 2;
        assert_eq!(
            v.text(&w),
            "Connected to the Kubernetes API at this page's origin \u{b7} reconnecting (timeout) \u{b7} 2 objects could not be read"
        );
    }
}
