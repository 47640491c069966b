//! Live mode's status line: what the page is attached to (the server's gitVersion) and the
//! connection's state. Renders what `live::Live` says; decides nothing.

use yew::prelude::*;

use crate::live::{Conn, Live};

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
    /// The line's text: `live: Kubernetes v1.32.0 at this origin · live`.
    pub fn text(&self) -> String {
        let server = match &self.server {
            Some(v) => format!("Kubernetes {v}"),
            None => "the Kubernetes API".into(),
        };
        let mut text = format!("Connected to {server} at this page's origin \u{b7} {}", self.conn);
        if self.unreadable > 0 {
            text.push_str(&format!(" \u{b7} {} objects could not be read", self.unreadable));
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
#[derive(Properties, PartialEq)]
pub struct LiveStatusProps {
    pub view: LiveStatusView,
}

#[component]
pub fn LiveStatus(props: &LiveStatusProps) -> Html {
    let v = &props.view;
    let title = (v.dropped_fields > 0).then(|| {
        format!(
            "{} fields this page does not know were left out of the objects shown",
            v.dropped_fields
        )
    });
    html! {
        <div class={classes!("live-status", v.state_class())} role="status" aria-label="live connection" {title}>
            <span class="live-dot" aria-hidden="true"></span>
            <span class="live-text">{ v.text() }</span>
        </div>
    }
}
