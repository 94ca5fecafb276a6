//! Request extractors whose rejections are structured `ApiError`s (axum's own answer in plain
//! text), and the extractor that scopes the facade to the caller's tenant.

use std::fmt;
use std::marker::PhantomData;

use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::StatusCode;
use mnemo::Mnemo;
use mnemo_core::Tenant;
use serde::de::value::MapAccessDeserializer;
use serde::de::{DeserializeOwned, MapAccess, Visitor};
use serde::{Deserialize, Deserializer};

use crate::{ApiError, AppState};

/// `axum::Json` with JSON error bodies: 400 bad_json (syntax), 422 invalid_input (wrong fields, or
/// not a JSON object), 413 body_too_large, 415 unsupported_media_type.
#[derive(Debug, Clone, Copy, Default)]
pub struct ApiJson<T>(pub T);

impl<T, S> FromRequest<S> for ApiJson<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        match axum::Json::<Object<T>>::from_request(req, state).await {
            Ok(axum::Json(Object(v))) => Ok(ApiJson(v)),
            Err(rej) => Err(json_rejection(rej)),
        }
    }
}

/// `T` from a JSON object only. serde's derived struct visitor also takes a JSON array as the
/// fields in declaration order, so `["some text"]` was a remember request; every request body is
/// an object, so this asks the parser for a map and hands that map to `T`. Anything else fails
/// with "invalid type: sequence, expected a JSON object" (a 422 through `JsonDataError`).
struct Object<T>(T);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Object<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct ObjectVisitor<T>(PhantomData<T>);

        impl<'de, T: Deserialize<'de>> Visitor<'de> for ObjectVisitor<T> {
            type Value = Object<T>;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a JSON object")
            }

            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Object<T>, A::Error> {
                T::deserialize(MapAccessDeserializer::new(map)).map(Object)
            }
        }

        deserializer.deserialize_map(ObjectVisitor(PhantomData))
    }
}

fn json_rejection(rej: JsonRejection) -> ApiError {
    match rej {
        JsonRejection::JsonDataError(e) => ApiError::invalid(e.body_text()),
        JsonRejection::JsonSyntaxError(e) => ApiError::bad_json(e.body_text()),
        JsonRejection::MissingJsonContentType(_) => ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "unsupported_media_type",
            "send the body as JSON with `Content-Type: application/json`",
        ),
        JsonRejection::BytesRejection(e) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => {
            ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                "body_too_large",
                "the request body is over this endpoint's size limit",
            )
        }
        other => ApiError::new(other.status(), "bad_request", other.body_text()),
    }
}

/// `axum::extract::Path` with a JSON 400 on a bad path parameter.
#[derive(Debug)]
pub struct ApiPath<T>(pub T);

impl<T, S> FromRequestParts<S> for ApiPath<T>
where
    T: DeserializeOwned + Send,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        axum::extract::Path::<T>::from_request_parts(parts, state)
            .await
            .map(|p| ApiPath(p.0))
            .map_err(|e: PathRejection| {
                ApiError::new(StatusCode::BAD_REQUEST, "invalid_input", e.body_text())
            })
    }
}

/// `axum::extract::Query` with a JSON 400 on bad query parameters.
#[derive(Debug)]
pub struct ApiQuery<T>(pub T);

impl<T, S> FromRequestParts<S> for ApiQuery<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        axum::extract::Query::<T>::from_request_parts(parts, state)
            .await
            .map(|q| ApiQuery(q.0))
            .map_err(|e: QueryRejection| {
                ApiError::new(StatusCode::BAD_REQUEST, "invalid_input", e.body_text())
            })
    }
}

/// The facade scoped to the tenant of the request's API key (set by `auth::require_key`).
#[derive(Debug, Clone)]
pub struct Scoped(pub Mnemo);

impl FromRequestParts<AppState> for Scoped {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        // The auth layer runs on every /v1 route; a missing tenant is a wiring bug, never a
        // reason to fall back to some default tenant.
        let tenant = parts.extensions.get::<Tenant>().ok_or_else(|| {
            tracing::error!("request reached a scoped handler without a tenant");
            ApiError::internal()
        })?;
        Ok(Scoped(state.mnemo.for_tenant(tenant.clone())))
    }
}
