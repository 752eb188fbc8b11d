//! Parcel tracking across carriers.
pub mod track17;
