//! One file per component. Components receive props and send messages; none of them owns the
//! simulation.

pub mod budget;
pub mod command_box;
pub mod decisions;
pub mod editor;
pub mod export;
pub mod faults;
pub mod graph;
pub mod inspector;
pub mod live_feed;
pub mod live_status;
pub mod missions;
pub mod nodes;
pub mod playback;
pub mod shipped;
pub mod side;
pub mod step;
pub mod timeline;
pub mod toolbar;
pub mod transfer;
