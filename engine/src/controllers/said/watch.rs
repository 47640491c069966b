//! The phrases of a loop that lost a watch event (world/lost.rs): what it missed, and when
//! its resync will find it.

use super::phrases;

phrases! {
    pub enum WatchSaid = "watch" {
        EachEvent { kind: String, name: String } => "each watch event for {kind} {name}";
        Lost { kind: String, name: String, event: String } =>
            "lost the watch event for {kind} {name} ({event})";
        NoticeAtResync { controller: String, seconds: i64 } =>
            "the {controller} will notice at its next resync in {seconds}s";
    }
}
