//! Sales channels (TikTok Shop, Meta catalog, Google Merchant Center) as push destinations.
use crate::channels::Channel;
use crate::store::products::{ProductRow, VariantRow};
use crate::store::push_targets::Target;
use crate::tasks::TaskContext;

use super::listing::PushError;

pub async fn push(_ctx: &TaskContext, _t: &Target, channel: Channel, _product: &ProductRow, _variants: &[VariantRow]) -> Result<Vec<String>, PushError> {
    Err(PushError::Unavailable(format!("pushing to {} is being connected", channel.name())))
}
