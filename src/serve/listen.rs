//! How connections are taken in, watched and let go.
//!
//! Each accepted connection is served by hyper on a task of its own, with
//! the limits that concern a connection rather than a request: how many
//! are open at once, how long its request's headers (or the next request,
//! on a connection kept open) may take to arrive, and how long its client
//! may leave its answer unread. A client that stalls loses its connection,
//! and with it its answer and the answer's place. When the server is
//! asked to stop, it stops taking connections, lets the answers being
//! sent finish for a moment, and then drops whatever is left.

use std::future::Future;
use std::io;
use std::pin::{Pin, pin};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Semaphore, watch};
use tokio::task::JoinSet;
use tokio::time::Sleep;

use super::Limits;

/// Serves `app` on `listener` until `stop` resolves; then ends within
/// `limits.stop`, or at once when `stop_again` resolves first.
pub(super) async fn serve(
    listener: TcpListener,
    app: Router,
    limits: Limits,
    stop: impl Future<Output = ()>,
    stop_again: impl Future<Output = ()>,
) {
    let open = Arc::new(Semaphore::new(limits.connections.max(1)));
    let (stopping, stop_told) = watch::channel(());
    let mut connections = JoinSet::new();
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.headers);
    let mut stop = pin!(stop);
    loop {
        // Connections that have ended are let go of as others come.
        while connections.try_join_next().is_some() {}
        let place = tokio::select! {
            () = &mut stop => break,
            place = Arc::clone(&open).acquire_owned() => place,
        };
        // The semaphore is never closed.
        let Ok(place) = place else { break };
        let stream = tokio::select! {
            () = &mut stop => break,
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(_) => {
                    // Most often too many open files: wait for some to close.
                    tokio::select! {
                        () = &mut stop => break,
                        () = tokio::time::sleep(Duration::from_millis(100)) => continue,
                    }
                }
            },
        };
        let _ = stream.set_nodelay(true);
        let io = TokioIo::new(Watched::new(stream, limits.send));
        let connection = http.serve_connection(io, TowerToHyperService::new(app.clone()));
        let mut stop_told = stop_told.clone();
        connections.spawn(async move {
            let _place = place;
            let mut connection = pin!(connection);
            tokio::select! {
                _ = connection.as_mut() => return,
                _ = stop_told.changed() => {}
            }
            // The answer being sent is finished; nothing more is read.
            connection.as_mut().graceful_shutdown();
            let _ = connection.await;
        });
    }
    drop(listener);
    let _ = stopping.send(());
    let all_ended = async { while connections.join_next().await.is_some() {} };
    tokio::select! {
        () = all_ended => {}
        () = tokio::time::sleep(limits.stop) => {}
        () = stop_again => {}
    }
    // Dropping the set ends the connections still open.
}

/// A connection whose client must keep taking its answer: when a write
/// has waited `limit` for the client to take any byte, the connection
/// fails, and hyper drops it with its answer.
struct Watched {
    stream: TcpStream,
    limit: Duration,
    /// Since when a write has waited, when one does.
    stalled: Option<Pin<Box<Sleep>>>,
}

impl Watched {
    fn new(stream: TcpStream, limit: Duration) -> Watched {
        Watched {
            stream,
            limit,
            stalled: None,
        }
    }

    /// `poll`, a write's or a flush's, failed once the client has taken
    /// nothing for the limit.
    fn watch<T>(&mut self, cx: &mut Context<'_>, poll: Poll<io::Result<T>>) -> Poll<io::Result<T>> {
        if poll.is_ready() {
            self.stalled = None;
            return poll;
        }
        let limit = self.limit;
        let stalled = self
            .stalled
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(limit)));
        match stalled.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the client took none of its answer in time",
            ))),
            Poll::Pending => Poll::Pending,
        }
    }
}

impl AsyncRead for Watched {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Watched {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let poll = Pin::new(&mut self.stream).poll_write(cx, buf);
        self.watch(cx, poll)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let poll = Pin::new(&mut self.stream).poll_write_vectored(cx, bufs);
        self.watch(cx, poll)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let poll = Pin::new(&mut self.stream).poll_flush(cx);
        self.watch(cx, poll)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let poll = Pin::new(&mut self.stream).poll_shutdown(cx);
        self.watch(cx, poll)
    }
}
