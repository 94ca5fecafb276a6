//! Remember as a memory record: the request's record fields checked and turned into a
//! `RecordInput` (shared by `POST /v1/remember`, `POST /v1/answers` and the MCP `remember` tool).

use mnemo_records::RecordType;

use crate::{ApiError, AppState};

/// Remembers a text as a memory record (the episode in the graph, the record metadata beside it)
/// for `POST /v1/remember`.
pub(crate) async fn remember_record(
    state: &AppState,
    mnemo: &mnemo::Mnemo,
    req: crate::views::RememberRequest,
) -> Result<crate::views::RememberResponse, ApiError> {
    let (text, input) = record_input(req, "api")?;
    let r = state.services.records.get(mnemo.tenant(), "api");
    let w = state
        .run_task(async move { r.remember(&text, &input).await })
        .await?
        .map_err(ApiError::from)?;
    Ok(w.into())
}

/// The text and checked record input of a remember request (HTTP or MCP); `default_source`
/// applies when the request names none. A bad field is an error before anything is written.
pub(crate) fn record_input(
    req: crate::views::RememberRequest,
    default_source: &str,
) -> Result<(String, mnemo_records::RecordInput), ApiError> {
    use mnemo::EpisodeKind;
    let kind = req
        .kind
        .as_deref()
        .map(crate::routes::memory::parse_kind)
        .transpose()?;
    let record_type = match (&req.record_type, kind) {
        (Some(t), _) => t.parse::<RecordType>().map_err(ApiError::from)?,
        (None, Some(EpisodeKind::Interaction)) => RecordType::Interaction,
        (None, _) => RecordType::Note,
    };
    let input = mnemo_records::RecordInput {
        id: req.id,
        record_type,
        episode_kind: kind,
        at: req.at,
        user: req.user,
        model: req.model,
        session: req.session,
        speaker: req.speaker.filter(|s| !s.trim().is_empty()),
        listener: req.listener.filter(|s| !s.trim().is_empty()),
        source: req
            .source
            .filter(|s| !s.trim().is_empty())
            .unwrap_or_else(|| default_source.to_string()),
        tags: req.tags,
        pinned: req.pin,
        confidence: req.confidence.unwrap_or(1.0),
        ..mnemo_records::RecordInput::default()
    };
    input.validated().map_err(ApiError::from)?;
    Ok((req.text, input))
}
