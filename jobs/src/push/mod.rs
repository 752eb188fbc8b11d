//! Push: publish imported products to connected stores and sales channels, exactly once.
pub mod listing;
