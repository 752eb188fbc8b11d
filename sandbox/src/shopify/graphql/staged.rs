//! `stagedUploadsCreate`: a target in Shopify's storage for each input (`shopify::staged`):
//! a video, or the JSONL variables of a bulk mutation (`shopify::bulk`).
use async_graphql::{Context, Object, SimpleObject};

use super::gql;
use super::inputs::{StagedUploadHttpMethodType, StagedUploadInput, StagedUploadTargetGenerateUploadResource as R};
use super::scalars::Url;
use super::types::{PlainUserError, UserError};
use crate::shopify::staged::{self, Resource};

#[derive(Default)]
pub struct StagedMutation;

#[derive(SimpleObject, Clone)]
pub struct StagedUploadParameter {
    pub name: String,
    pub value: String,
}

#[derive(SimpleObject, Clone)]
pub struct StagedMediaUploadTarget {
    pub parameters: Vec<StagedUploadParameter>,
    pub resource_url: Option<Url>,
    pub url: Option<Url>,
}

#[derive(SimpleObject)]
pub struct StagedUploadsCreatePayload {
    pub staged_targets: Option<Vec<StagedMediaUploadTarget>>,
    pub user_errors: Vec<PlainUserError>,
}

/// The input's resource, declared size and the sizes its policy allows, if the sandbox stages
/// it, else why not. `bulk_max` is the shop's bulk mutation variables file limit.
fn checked(i: usize, input: &StagedUploadInput, bulk_max: u64) -> Result<(Resource, u64, (u64, u64)), UserError> {
    let at = |f: &str| vec!["input".to_string(), i.to_string(), f.to_string()];
    let err = |f: &str, m: &str| UserError { field: Some(at(f)), message: m.to_string(), code: None };
    let resource = match input.resource {
        R::Video => Resource::Video,
        R::BulkMutationVariables => Resource::BulkMutationVariables,
        _ => return Err(err("resource", "The sandbox stages VIDEO and BULK_MUTATION_VARIABLES uploads only")),
    };
    // Both targets are signed POST policies; the sandbox emulates that form only.
    if input.http_method != Some(StagedUploadHttpMethodType::Post) {
        return Err(err("httpMethod", "The sandbox stages files for POST uploads only"));
    }
    if input.filename.trim().is_empty() {
        return Err(err("filename", "Filename can't be blank"));
    }
    let declared = input.file_size.as_ref().and_then(|s| s.parse::<u64>().ok());
    if resource == Resource::BulkMutationVariables {
        if !resource.takes(&input.mime_type) {
            return Err(err("mimeType", "Bulk mutation variables must be a JSONL file (text/jsonl)"));
        }
        // fileSize is optional here; the policy bounds what the storage takes.
        return Ok((resource, declared.unwrap_or(0), (1, bulk_max)));
    }
    let Some(size) = declared else {
        return Err(err("fileSize", "File size is required for VIDEO uploads"));
    };
    if size == 0 || size > 1 << 30 {
        return Err(err("fileSize", "Video must be between 1 byte and 1 GB"));
    }
    if !resource.takes(&input.mime_type) {
        return Err(err("mimeType", "Video must be an MP4, MOV or WebM file"));
    }
    Ok((resource, size, (size, size)))
}

#[Object]
impl StagedMutation {
    async fn staged_uploads_create(&self, ctx: &Context<'_>, input: Vec<StagedUploadInput>) -> Option<StagedUploadsCreatePayload> {
        let g = gql(ctx);
        let bulk_max = g.read(|s| s.limits.bulk_file_bytes);
        let mut checked_all = vec![];
        for (i, one) in input.iter().enumerate() {
            match checked(i, one, bulk_max) {
                Ok(c) => checked_all.push(c),
                Err(e) => return Some(StagedUploadsCreatePayload { staged_targets: None, user_errors: vec![e.into()] }),
            }
        }
        let base = g.app.base_url();
        let now = g.now_ms();
        let targets = input
            .iter()
            .zip(checked_all)
            .map(|(one, (resource, file_size, size_range))| {
                let want = staged::Wanted { resource, filename: &one.filename, mime_type: &one.mime_type, file_size, size_range };
                let file = staged::stage(&g.shop, &want, g.world.next_id(), now);
                let target = StagedMediaUploadTarget {
                    parameters: file.parameters().into_iter().map(|(name, value)| StagedUploadParameter { name: name.into(), value }).collect(),
                    resource_url: file.resource_url(&base).map(Url),
                    url: Some(Url(file.url(&base))),
                };
                g.write(|s| s.staged.insert(file.key.clone(), file));
                target
            })
            .collect();
        Some(StagedUploadsCreatePayload { staged_targets: Some(targets), user_errors: vec![] })
    }
}
