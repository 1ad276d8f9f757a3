//! What bounds a request: its origin, its turn among the others, the
//! size of its text and the time to receive it, and the place its answer
//! holds, compressed, until it is sent.

use std::io::{self, Cursor, Read, Write};
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

/// An answer being written, compressed as it is written: a large answer
/// (about 18 times its text: every move with its position) is never held
/// whole, only its compressed bytes, about a sixth of it.
pub(super) struct Packing {
    encoder: zstd::stream::write::Encoder<'static, Vec<u8>>,
    len: u64,
}

impl Packing {
    pub(super) fn new() -> io::Result<Packing> {
        Ok(Packing {
            // The fastest level: the compression is for the wait, not the wire.
            encoder: zstd::stream::write::Encoder::new(Vec::new(), 1)?,
            len: 0,
        })
    }

    /// The answer written, ready to be sent.
    pub(super) fn finish(self) -> io::Result<Packed> {
        Ok(Packed {
            bytes: self.encoder.finish()?.into(),
            len: self.len,
        })
    }
}

impl Write for Packing {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.encoder.write(buf)?;
        self.len += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.encoder.flush()
    }
}

/// An answer written and compressed, its length known.
pub(super) struct Packed {
    bytes: Bytes,
    len: u64,
}

impl Packed {
    /// The answer's body, holding the request's `place` until its last
    /// byte is handed to the connection, or the connection drops.
    pub(super) fn body(self, place: OwnedSemaphorePermit) -> io::Result<Body> {
        let decoder = zstd::stream::read::Decoder::with_buffer(Cursor::new(self.bytes))?;
        Ok(Body::new(Held {
            decoder: (self.len > 0).then_some(decoder),
            left: self.len,
            _place: place,
        }))
    }
}

/// The bytes of an answer handed to the connection as they are sent, a
/// piece at a time: the connection asks for the next piece only when it
/// has sent most of the last, so an answer that waits for a slow client
/// keeps its place among the requests taken in, and its memory is its
/// compressed bytes, not its text.
struct Held {
    decoder: Option<zstd::stream::read::Decoder<'static, Cursor<Bytes>>>,
    left: u64,
    _place: OwnedSemaphorePermit,
}

/// The largest piece of an answer handed over at once.
const PIECE: u64 = 64 << 10;

impl axum::body::HttpBody for Held {
    type Data = Bytes;
    type Error = io::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        _: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, io::Error>>> {
        let want = PIECE.min(self.left) as usize;
        let Some(decoder) = self.decoder.as_mut() else {
            return Poll::Ready(None);
        };
        let mut piece = vec![0; want];
        let mut filled = 0;
        while filled < want {
            match decoder.read(&mut piece[filled..]) {
                Ok(0) => break,
                Ok(n) => filled += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => {
                    self.decoder = None;
                    return Poll::Ready(Some(Err(e)));
                }
            }
        }
        if filled < want {
            self.decoder = None;
            return Poll::Ready(Some(Err(io::Error::new(
                io::ErrorKind::UnexpectedEof,
                "the answer ended before its length",
            ))));
        }
        self.left -= want as u64;
        if self.left == 0 {
            // The compressed bytes are freed with the last piece.
            self.decoder = None;
        }
        Poll::Ready(Some(Ok(Frame::data(Bytes::from(piece)))))
    }

    fn is_end_stream(&self) -> bool {
        self.left == 0
    }

    fn size_hint(&self) -> SizeHint {
        SizeHint::with_exact(self.left)
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
