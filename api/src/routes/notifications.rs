//! Notifications: the list with unread counts, marking read, and the owner's per-type settings
//! (`/app/setting/notification`).
use axum::extract::State;
use domain::notifications::settings::{self, TypeSetting};
use domain::store::notifications;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::replies_setup::NotificationList;
use crate::error::{ApiResult, reply};
use crate::extract::{ApiJson, ApiPath, Scope};
use crate::startup::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_notification))
        .routes(routes!(mark_read))
        .routes(routes!(mark_all_read))
        .routes(routes!(get_settings, put_settings))
}

async fn current(state: &AppState, scope: &Scope) -> ApiResult<NotificationList> {
    let unread = notifications::unread(&state.pool, scope.workplace.id, scope.user_id).await?;
    let items = notifications::list(&state.pool, scope.workplace.id, scope.user_id, 50).await?;
    reply(NotificationList { unread, items })
}

/// Unread counts (total, product, supplier, order) and the latest notifications.
#[utoipa::path(get, path = "/core/list-notification", responses((status = 200, body = NotificationList)))]
async fn list_notification(State(state): State<AppState>, scope: Scope) -> ApiResult<NotificationList> {
    current(&state, &scope).await
}

/// Marks one notification read; answers the list as it is now. Another workplace's or user's
/// notification is not found.
#[utoipa::path(post, path = "/core/notifications/{id}/read", params(("id" = i64, Path)), responses((status = 200, body = NotificationList)))]
async fn mark_read(State(state): State<AppState>, scope: Scope, ApiPath(id): ApiPath<i64>) -> ApiResult<NotificationList> {
    if !notifications::mark_read(&state.pool, scope.workplace.id, scope.user_id, id).await? {
        return Err(domain::Error::NotFound("Notification").into());
    }
    current(&state, &scope).await
}

/// Marks every notification of the current workplace read.
#[utoipa::path(post, path = "/core/notifications/read-all", responses((status = 200, body = NotificationList)))]
async fn mark_all_read(State(state): State<AppState>, scope: Scope) -> ApiResult<NotificationList> {
    notifications::mark_all_read(&state.pool, scope.workplace.id, scope.user_id).await?;
    current(&state, &scope).await
}

/// `{items}`: every notification type with its choice (shown in the dashboard, emailed).
#[derive(Serialize, Deserialize, ToSchema)]
pub struct NotificationSettings {
    pub items: Vec<TypeSetting>,
}

#[utoipa::path(get, path = "/core/settings/notification", responses((status = 200, body = NotificationSettings)))]
async fn get_settings(State(state): State<AppState>, scope: Scope) -> ApiResult<NotificationSettings> {
    reply(NotificationSettings { items: settings::all(&state.pool, scope.workplace.id, scope.user_id).await? })
}

/// Saves the listed types' choices (others keep theirs); answers every type.
#[utoipa::path(put, path = "/core/settings/notification", request_body = NotificationSettings, responses((status = 200, body = NotificationSettings)))]
async fn put_settings(State(state): State<AppState>, scope: Scope, ApiJson(input): ApiJson<NotificationSettings>) -> ApiResult<NotificationSettings> {
    reply(NotificationSettings { items: settings::save(&state.pool, scope.workplace.id, scope.user_id, &input.items).await? })
}
