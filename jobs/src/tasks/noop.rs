//! A job that does nothing: the queue benchmark and the queue tests measure the path itself.
pub const KIND: &str = "noop";
