//! What bounds a request: its origin, its turn among the others, the
//! size of its text and the time to receive it, and the place its answer
//! holds until it is sent.

use std::convert::Infallible;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

use axum::body::{Body, Bytes};
use axum::http::{HeaderMap, StatusCode, header};
use http_body::{Frame, SizeHint};
use tokio::sync::OwnedSemaphorePermit;

use super::Shared;
use super::api::ApiError;

/// Refuses a request that another site's page sends (a browser says
/// which page sent it in `Origin`): only this server's own page, or a
/// client that is no browser, may have texts read.
pub(super) fn same_origin(headers: &HeaderMap) -> Result<(), ApiError> {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return Ok(());
    };
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    let from = origin
        .to_str()
        .ok()
        .and_then(|o| o.split_once("://"))
        .map(|(_, authority)| authority.trim_end_matches('/'));
    match (from, host) {
        (Some(from), Some(host)) if from.eq_ignore_ascii_case(host) => Ok(()),
        _ => Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "texts are read only for this server's own page",
        )),
    }
}

/// An answer's bytes with the request's place: the place is given up
/// when the answer is sent (or the connection drops), so that answers
/// waiting for slow clients count among the requests taken in.
pub(super) struct Held {
    bytes: Option<Bytes>,
    _place: OwnedSemaphorePermit,
}

impl Held {
    pub(super) fn body(bytes: Bytes, place: OwnedSemaphorePermit) -> Body {
        Body::new(Held {
            bytes: Some(bytes),
            _place: place,
        })
    }
}

impl axum::body::HttpBody for Held {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        _: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        Poll::Ready(self.bytes.take().map(|b| Ok(Frame::data(b))))
    }

    fn is_end_stream(&self) -> bool {
        self.bytes.is_none()
    }

    fn size_hint(&self) -> SizeHint {
        SizeHint::with_exact(self.bytes.as_ref().map_or(0, |b| b.len() as u64))
    }
}

/// Waits for a turn at `semaphore`, within the queue's time.
pub(super) async fn turn(
    shared: &Shared,
    semaphore: &Arc<tokio::sync::Semaphore>,
) -> Result<OwnedSemaphorePermit, ApiError> {
    let busy = || {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "the server is busy; try again in a moment",
        )
    };
    match tokio::time::timeout(shared.limits.queue, semaphore.clone().acquire_owned()).await {
        Ok(Ok(permit)) => Ok(permit),
        _ => Err(busy()),
    }
}

/// The request's body, within the size and time limits.
pub(super) async fn receive(
    shared: &Shared,
    headers: &HeaderMap,
    body: Body,
) -> Result<Bytes, ApiError> {
    let max = shared.limits.max_body;
    let too_large = || {
        ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "the text is larger than {} KiB; read larger files with `scoresheet convert`",
                max >> 10
            ),
        )
    };
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > max as u64) {
        return Err(too_large());
    }
    match tokio::time::timeout(shared.limits.receive, axum::body::to_bytes(body, max)).await {
        Err(_) => Err(ApiError::new(
            StatusCode::REQUEST_TIMEOUT,
            "the text took too long to arrive",
        )),
        Ok(Err(e)) if is_length_limit(&e) => Err(too_large()),
        Ok(Err(_)) => Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            "the text did not arrive whole",
        )),
        Ok(Ok(bytes)) => Ok(bytes),
    }
}

fn is_length_limit(error: &axum::Error) -> bool {
    let mut source: Option<&dyn std::error::Error> = Some(error);
    while let Some(e) = source {
        if e.to_string().contains("length limit") {
            return true;
        }
        source = e.source();
    }
    false
}
