//! The page's API: `POST /api/read`, `POST /api/export` and
//! `POST /api/reconcile`.
//!
//! `/api/read` takes either JSON (`{"text": "...", "notation": "auto",
//! "letters": "auto"}`, as the page sends pasted text) or the raw bytes
//! of a file in any encoding (`?notation=&letters=&encoding=&file=`), and
//! answers the reading of the text ([`crate::inspect`]) as JSON, with
//! the text itself (decoded, for a file) and the encoding it was read in.
//! The answer is written as the games are read, and compressed as it is
//! written, to be sent as the client takes it.
//!
//! `/api/export` takes the same JSON with `to` (`pgn`, `san`, `lan`,
//! `uci`, `iccf`, `descriptive`, `figurine`, `spoken`, `fen`, `epd`,
//! `json`) and `to_lang`, and answers what `scoresheet convert --to`
//! writes for every game that converts; the `x-rejected` header counts
//! the others.
//!
//! `/api/reconcile` takes two copies of one game's scoresheet as JSON
//! (`{"a": "...", "b": "...", "notation": "auto", "letters": "auto"}`)
//! and answers what [`crate::reconcile`] makes of them: the game as
//! `pgn`, its `disagreements` (`ply`, `move_number`, `side`, `a_written`,
//! `b_written`, `chosen`, `right`, `reason`, `candidates`) and its
//! `tag_conflicts` (`name`, `a`, `b`).
//!
//! Every error is a JSON object `{"error": "..."}` with a status that
//! says what kind: 400 (not a request the page sends), 403 (sent by
//! another site's page), 408 (too slow), 413 (too large), 422 (no text to
//! read), 503 (busy).

use std::io::{self, BufWriter, Read, Write};
use std::sync::Arc;
use std::time::Instant;

use axum::Json;
use axum::body::{Body, Bytes};
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};

use super::Shared;
use super::guard::{Packing, receive, same_origin, turn};
use crate::convert::Converter;
use crate::decode::{EncodingChoice, decode};
use crate::game::Letters;
use crate::inspect::{Options, inspect_each};
use crate::lang::Language;
use crate::notation::Notation;
use crate::notation::iccf::Promotion;
use crate::output::Format;
use crate::pgn::split::Splitter;
use crate::reconcile::{ReconcileOptions, Reconciliation};

/// What the page asks for, as JSON.
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ReadRequest {
    /// The text.
    pub text: String,
    /// `auto`, `san`, `lan`, `coord`, `iccf`, `iccf-hu` or `descriptive`.
    pub notation: Option<String>,
    /// `auto` or a language code.
    pub letters: Option<String>,
    /// The file name for the report.
    pub file: Option<String>,
    /// With `/api/export`: the output format.
    pub to: Option<String>,
    /// With `/api/export`: the output letters.
    pub to_lang: Option<String>,
}

/// Two copies of one scoresheet, as the page sends them.
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ReconcileRequest {
    /// The first copy's text.
    pub a: String,
    /// The second copy's text.
    pub b: String,
    /// As [`ReadRequest::notation`].
    pub notation: Option<String>,
    /// As [`ReadRequest::letters`].
    pub letters: Option<String>,
}

/// A half-move the copies disagree on, as the page shows it.
#[derive(Debug, Serialize)]
struct DisagreementRow {
    ply: u32,
    move_number: u32,
    side: &'static str,
    a_written: String,
    b_written: String,
    chosen: String,
    right: String,
    reason: String,
    candidates: Vec<String>,
}

/// A tag the copies give different values.
#[derive(Debug, Serialize)]
struct TagConflictRow {
    name: String,
    a: String,
    b: String,
}

/// The answer to `/api/reconcile`.
#[derive(Debug, Serialize)]
struct ReconcileAnswer {
    pgn: String,
    agrees: bool,
    disagreements: Vec<DisagreementRow>,
    tag_conflicts: Vec<TagConflictRow>,
}

impl From<Reconciliation> for ReconcileAnswer {
    fn from(joined: Reconciliation) -> ReconcileAnswer {
        ReconcileAnswer {
            pgn: joined.game.output().unwrap_or_default().to_owned(),
            agrees: joined.agrees(),
            disagreements: joined
                .disagreements
                .into_iter()
                .map(|d| DisagreementRow {
                    ply: d.ply,
                    move_number: d.move_number,
                    side: d.side_name(),
                    right: d.right.to_string(),
                    a_written: d.a_written,
                    b_written: d.b_written,
                    chosen: d.chosen,
                    reason: d.reason,
                    candidates: d.candidates,
                })
                .collect(),
            tag_conflicts: joined
                .tag_conflicts
                .into_iter()
                .map(|t| TagConflictRow {
                    name: t.name,
                    a: t.a,
                    b: t.b,
                })
                .collect(),
        }
    }
}

/// The query of a raw upload.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct ReadQuery {
    notation: Option<String>,
    letters: Option<String>,
    encoding: Option<String>,
    file: Option<String>,
}

/// Writes the answer to `/api/read`: the text read (decoded, for a file),
/// the encoding it was read in, and the reading of it (the fields of
/// `inspect::Reading`), each game written out as soon as it is read.
fn write_reading(
    out: &mut impl Write,
    text: &str,
    encoding: &str,
    options: &Options<'_>,
) -> io::Result<()> {
    out.write_all(b"{\"text\":")?;
    serde_json::to_writer(&mut *out, text)?;
    out.write_all(b",\"encoding\":")?;
    serde_json::to_writer(&mut *out, encoding)?;
    out.write_all(b",\"games\":[")?;
    let mut first = true;
    let rest = inspect_each(text, options, |game| {
        if !std::mem::take(&mut first) {
            out.write_all(b",")?;
        }
        serde_json::to_writer(&mut *out, &game).map_err(io::Error::from)
    })?;
    out.write_all(b"],\"unread\":")?;
    serde_json::to_writer(&mut *out, &rest.unread)?;
    out.write_all(b",\"csv\":")?;
    serde_json::to_writer(&mut *out, &rest.csv)?;
    out.write_all(b"}")
}

/// An error, for the page to show.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    message: String,
}

impl ApiError {
    pub(super) fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        #[derive(Serialize)]
        struct Body {
            error: String,
        }
        (
            self.status,
            Json(Body {
                error: self.message,
            }),
        )
            .into_response()
    }
}

/// `GET /api/health`.
pub async fn health() -> &'static str {
    "ok"
}

/// Anything else.
pub async fn not_found() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "no such page")
}

/// `POST /api/read`.
pub async fn read(
    State(shared): State<Arc<Shared>>,
    query: Result<Query<ReadQuery>, QueryRejection>,
    headers: HeaderMap,
    body: Body,
) -> Result<Response, ApiError> {
    let Query(query) = query.map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, e.body_text()))?;
    same_origin(&headers)?;
    let admitted = turn(&shared, &shared.admitted).await?;
    let bytes = receive(&shared, &headers, body).await?;
    let (request, encoding) = if is_json(&headers) {
        (parse_json(&bytes)?, String::from("UTF-8"))
    } else {
        let (text, encoding) = decode_bytes(bytes, query.encoding.as_deref())?;
        let request = ReadRequest {
            text,
            notation: query.notation,
            letters: query.letters,
            file: query.file,
            ..ReadRequest::default()
        };
        (request, encoding)
    };
    check_text(&request.text)?;
    let notation = notation(request.notation.as_deref())?;
    let letters = letters(request.letters.as_deref())?;
    let _worker = turn(&shared, &shared.workers).await?;
    let deadline = Instant::now() + shared.limits.read;
    let packed = tokio::task::spawn_blocking(move || {
        let file = request.file.as_deref().unwrap_or("-");
        let options = Options {
            notation,
            letters,
            deadline: Some(deadline),
            file,
        };
        let mut out = BufWriter::with_capacity(64 << 10, Packing::new()?);
        write_reading(&mut out, &request.text, &encoding, &options)?;
        out.into_inner().map_err(|e| e.into_error())?.finish()
    })
    .await
    .map_err(|_| internal())?
    .map_err(|_: io::Error| internal())?;
    let body = packed.body(admitted).map_err(|_| internal())?;
    Ok(([(header::CONTENT_TYPE, "application/json")], body).into_response())
}

/// `POST /api/export`.
pub async fn export(
    State(shared): State<Arc<Shared>>,
    headers: HeaderMap,
    body: Body,
) -> Result<Response, ApiError> {
    same_origin(&headers)?;
    let admitted = turn(&shared, &shared.admitted).await?;
    let bytes = receive(&shared, &headers, body).await?;
    let request: ReadRequest = parse_json(&bytes)?;
    check_text(&request.text)?;
    let notation = notation(request.notation.as_deref())?;
    let letters = letters(request.letters.as_deref())?;
    let format = format(request.to.as_deref().unwrap_or("pgn"))?;
    let to_lang = request.to_lang.as_deref().unwrap_or("en");
    let lang = Language::builtin(to_lang).ok_or_else(|| {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            format!("unknown output letters {to_lang:?}"),
        )
    })?;
    let converter = Converter::new()
        .from(notation)
        .letters(letters)
        .to(format)
        .to_lang(lang);
    converter
        .validate()
        .map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, e.to_string()))?;
    let _worker = turn(&shared, &shared.workers).await?;
    let deadline = Instant::now() + shared.limits.read;
    let (out, rejected, unread) = tokio::task::spawn_blocking(move || {
        let mut out = String::new();
        let mut rejected = 0usize;
        let mut unread = false;
        for raw in Splitter::new(request.text.as_bytes()).flatten() {
            if Instant::now() > deadline {
                unread = true;
                break;
            }
            if raw.oversized.is_some() {
                rejected += 1;
                continue;
            }
            match converter.convert_game(&raw.text).output {
                Some(text) => out.push_str(&text),
                None => rejected += 1,
            }
        }
        (out, rejected, unread)
    })
    .await
    .map_err(|_| internal())?;
    if unread {
        return Err(ApiError::new(
            StatusCode::REQUEST_TIMEOUT,
            "the text took too long to convert; convert it with `scoresheet convert`",
        ));
    }
    let content_type = if format == Format::Json {
        "application/json"
    } else {
        "text/plain; charset=utf-8"
    };
    let body = packed_body(out.as_bytes(), admitted)?;
    let mut response = ([(header::CONTENT_TYPE, content_type)], body).into_response();
    response
        .headers_mut()
        .insert("x-rejected", HeaderValue::from(rejected));
    Ok(response)
}

/// `POST /api/reconcile`.
pub async fn reconcile(
    State(shared): State<Arc<Shared>>,
    headers: HeaderMap,
    body: Body,
) -> Result<Response, ApiError> {
    same_origin(&headers)?;
    let admitted = turn(&shared, &shared.admitted).await?;
    let bytes = receive(&shared, &headers, body).await?;
    let request: ReconcileRequest = parse_json(&bytes)?;
    for (name, text) in [("A", &request.a), ("B", &request.b)] {
        check_text(text).map_err(|e| ApiError::new(e.status, format!("copy {name}: {}", e.message)))?;
    }
    let notation = notation(request.notation.as_deref())?;
    let letters = letters(request.letters.as_deref())?;
    let _worker = turn(&shared, &shared.workers).await?;
    let answer = tokio::task::spawn_blocking(move || {
        let options = ReconcileOptions { notation, letters };
        crate::reconcile::reconcile(&request.a, &request.b, &options).map(ReconcileAnswer::from)
    })
    .await
    .map_err(|_| internal())?
    .map_err(|_| internal())?;
    let json = serde_json::to_vec(&answer).map_err(|_| internal())?;
    let body = packed_body(&json, admitted)?;
    Ok(([(header::CONTENT_TYPE, "application/json")], body).into_response())
}

fn is_json(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"))
}

/// `bytes` as the body of an answer, compressed while it waits, holding
/// the request's `place` until it is sent.
fn packed_body(bytes: &[u8], place: tokio::sync::OwnedSemaphorePermit) -> Result<Body, ApiError> {
    Packing::new()
        .and_then(|mut packing| {
            packing.write_all(bytes)?;
            packing.finish()
        })
        .and_then(|packed| packed.body(place))
        .map_err(|_| internal())
}

fn parse_json<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    serde_json::from_slice(bytes).map_err(|e| {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            format!("the request is not the JSON the page sends: {e}"),
        )
    })
}

/// A file's bytes as text, in its encoding (detected unless `label` names
/// one), with the encoding's name.
fn decode_bytes(bytes: Bytes, label: Option<&str>) -> Result<(String, String), ApiError> {
    let choice = match label {
        None | Some("" | "auto") => EncodingChoice::Auto,
        Some(label) => EncodingChoice::Label(label.to_owned()),
    };
    let decoded = decode(std::io::Cursor::new(bytes), &choice)
        .map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, e.to_string()))?;
    let encoding = decoded.encoding.name().to_owned();
    let mut out = Vec::new();
    let mut reader = decoded.reader;
    reader
        .read_to_end(&mut out)
        .map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, e.to_string()))?;
    // Invalid bytes become U+FFFD, which the reading reports.
    Ok((String::from_utf8_lossy(&out).into_owned(), encoding))
}

/// Refuses text with nothing to read, or that is no text at all.
fn check_text(text: &str) -> Result<(), ApiError> {
    if text.trim().is_empty() {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "there is no text to read: paste a game or drop a file",
        ));
    }
    let controls = text
        .chars()
        .filter(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t' | '\u{c}'))
        .count();
    if controls * 20 > text.chars().count().min(1 << 16) {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "this looks like a binary file, not text",
        ));
    }
    Ok(())
}

fn internal() -> ApiError {
    ApiError::new(
        StatusCode::INTERNAL_SERVER_ERROR,
        "the text could not be read; please report it with the text",
    )
}

/// The notation asked for; `None` detects it.
fn notation(name: Option<&str>) -> Result<Option<Notation>, ApiError> {
    Ok(match name.unwrap_or("auto") {
        "" | "auto" => None,
        "san" | "lan" | "coord" => Some(Notation::San),
        "iccf" => Some(Notation::Iccf(Promotion::Iccf)),
        "iccf-hu" => Some(Notation::Iccf(Promotion::Hungarian)),
        "descriptive" => Some(Notation::Descriptive),
        other => {
            return Err(ApiError::new(
                StatusCode::BAD_REQUEST,
                format!(
                    "unknown notation {other:?}: auto, san, lan, coord, iccf, iccf-hu or descriptive"
                ),
            ));
        }
    })
}

/// The letters asked for.
fn letters(code: Option<&str>) -> Result<Letters<'static>, ApiError> {
    let code = match code.unwrap_or("auto") {
        "" => "auto",
        code => code,
    };
    Letters::from_code(code).ok_or_else(|| {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            format!("unknown letters {code:?}; `scoresheet languages` lists them"),
        )
    })
}

/// The output format named `name`, as `--to` names them.
fn format(name: &str) -> Result<Format, ApiError> {
    Format::named(name).ok_or_else(|| {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            format!("unknown output format {name:?}"),
        )
    })
}
