//! One file per component. Components receive props and send messages; none of them owns the
//! simulation.

pub mod command_box;
pub mod decisions;
pub mod graph;
