//! `stagedUploadsCreate`: a target in Shopify's storage for each input (`shopify::staged`).
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

/// The input's resource, if the sandbox stages it, else why not.
fn checked(i: usize, input: &StagedUploadInput) -> Result<(Resource, u64), UserError> {
    let at = |f: &str| vec!["input".to_string(), i.to_string(), f.to_string()];
    let err = |f: &str, m: &str| UserError { field: Some(at(f)), message: m.to_string(), code: None };
    let resource = match input.resource {
        R::Video => Resource::Video,
        _ => return Err(err("resource", "The sandbox stages VIDEO uploads only")),
    };
    // Video targets are signed POST policies; the sandbox emulates that form only.
    if input.http_method != Some(StagedUploadHttpMethodType::Post) {
        return Err(err("httpMethod", "The sandbox stages videos for POST uploads only"));
    }
    let Some(size) = input.file_size.as_ref().and_then(|s| s.parse::<u64>().ok()) else {
        return Err(err("fileSize", "File size is required for VIDEO uploads"));
    };
    if size == 0 || size > 1 << 30 {
        return Err(err("fileSize", "Video must be between 1 byte and 1 GB"));
    }
    if !resource.takes(&input.mime_type) {
        return Err(err("mimeType", "Video must be an MP4, MOV or WebM file"));
    }
    if input.filename.trim().is_empty() {
        return Err(err("filename", "Filename can't be blank"));
    }
    Ok((resource, size))
}

#[Object]
impl StagedMutation {
    async fn staged_uploads_create(&self, ctx: &Context<'_>, input: Vec<StagedUploadInput>) -> Option<StagedUploadsCreatePayload> {
        let g = gql(ctx);
        let mut checked_all = vec![];
        for (i, one) in input.iter().enumerate() {
            match checked(i, one) {
                Ok(c) => checked_all.push(c),
                Err(e) => return Some(StagedUploadsCreatePayload { staged_targets: None, user_errors: vec![e.into()] }),
            }
        }
        let base = g.app.base_url();
        let now = g.now_ms();
        let targets = input
            .iter()
            .zip(checked_all)
            .map(|(one, (resource, size))| {
                let file = staged::stage(&g.shop, resource, &one.filename, &one.mime_type, size, g.world.next_id(), now);
                let target = StagedMediaUploadTarget {
                    parameters: file.parameters().into_iter().map(|(name, value)| StagedUploadParameter { name: name.into(), value }).collect(),
                    resource_url: Some(Url(file.resource_url(&base))),
                    url: Some(Url(file.url(&base))),
                };
                g.write(|s| s.staged.insert(file.key.clone(), file));
                target
            })
            .collect();
        Some(StagedUploadsCreatePayload { staged_targets: Some(targets), user_errors: vec![] })
    }
}
