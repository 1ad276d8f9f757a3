//! The proofreading page: a local HTTP server with one page and its API.
//!
//! `scoresheet serve` starts it. The page (HTML, script, style, all in
//! the binary) sends the text to [`api`], which reads it with
//! [`crate::inspect`] and answers JSON: every game, every move with its
//! place in the text and the position after it, every finding with the
//! edits that fix it, and the audit report. The server keeps nothing
//! between requests.
//!
//! Every request is bounded ([`Limits`]): its size, the time to send it,
//! the time spent reading its games, and how many are read at once (the
//! others wait their turn). So is every connection: the time to send a
//! request's headers, the time its client may leave its answer unread,
//! and how many are open at once. An answer waits for its client
//! compressed, and counts among the requests taken in until it is sent.
//! Bad input gets a JSON error, never a crash.
//!
//! ```no_run
//! use scoresheet::serve::{Limits, Server};
//!
//! let server = Server::bind("127.0.0.1:8080".parse().unwrap(), Limits::default()).unwrap();
//! println!("{}", server.url());
//! server.run().unwrap();
//! ```

pub mod api;
mod assets;
mod guard;
mod listen;

use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use tokio::sync::{Semaphore, watch};

/// How much one request, and one connection, may ask of the server.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Largest request body, in bytes.
    pub max_body: usize,
    /// Longest time to receive a request's body.
    pub receive: Duration,
    /// Longest time spent reading one request's games: no game is
    /// started after it, and the answer says which were left unread.
    pub read: Duration,
    /// Requests taken in at once, from their body to the last byte of
    /// their answer; the others wait.
    pub admitted: usize,
    /// Requests read at once (each on one core); the others wait.
    pub workers: usize,
    /// Longest wait for a turn before the server answers that it is busy.
    pub queue: Duration,
    /// Longest time to receive a request's headers, and to wait for the
    /// next request on a connection kept open; the connection is then
    /// closed.
    pub headers: Duration,
    /// Longest time an answer waits for its client to take any of its
    /// bytes; the connection is then dropped, and the answer with it.
    pub send: Duration,
    /// Connections open at once; more wait to be taken in.
    pub connections: usize,
    /// Once asked to stop, the longest time given to the answers being
    /// sent before the server ends anyway.
    pub stop: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        Limits {
            max_body: 2 << 20,
            receive: Duration::from_secs(15),
            read: Duration::from_secs(20),
            admitted: 16,
            workers: cores,
            queue: Duration::from_secs(120),
            headers: Duration::from_secs(10),
            send: Duration::from_secs(30),
            connections: 512,
            stop: Duration::from_millis(500),
        }
    }
}

/// What every request shares: the limits and the turns.
#[derive(Debug)]
pub struct Shared {
    limits: Limits,
    admitted: Arc<Semaphore>,
    workers: Arc<Semaphore>,
}

/// The page's routes, with `limits`.
pub fn router(limits: Limits) -> Router {
    let shared = Arc::new(Shared {
        limits,
        admitted: Arc::new(Semaphore::new(limits.admitted.max(1))),
        workers: Arc::new(Semaphore::new(limits.workers.max(1))),
    });
    Router::new()
        .route("/", get(assets::index))
        .route("/app.js", get(assets::script))
        .route("/style.css", get(assets::style))
        .route("/api/read", post(api::read))
        .route("/api/export", post(api::export))
        .route("/api/reconcile", post(api::reconcile))
        .route("/api/health", get(api::health))
        .fallback(api::not_found)
        // The body is taken in by the handlers, within the limit.
        .layer(DefaultBodyLimit::disable())
        .with_state(shared)
}

/// A server bound to its address, not yet answering.
pub struct Server {
    runtime: tokio::runtime::Runtime,
    listener: tokio::net::TcpListener,
    limits: Limits,
}

impl Server {
    /// Binds `addr` (port 0: any free port).
    ///
    /// # Errors
    ///
    /// Fails when the runtime cannot start or the address cannot be bound.
    pub fn bind(addr: SocketAddr, limits: Limits) -> io::Result<Server> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .enable_all()
            .build()?;
        let listener = runtime.block_on(tokio::net::TcpListener::bind(addr))?;
        Ok(Server {
            runtime,
            listener,
            limits,
        })
    }

    /// The address bound.
    ///
    /// # Errors
    ///
    /// Fails when the socket cannot tell its address.
    pub fn local_addr(&self) -> io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// The page's address, for people.
    pub fn url(&self) -> String {
        match self.local_addr() {
            Ok(addr) => format!("http://{addr}/"),
            Err(_) => String::from("(address unknown)"),
        }
    }

    /// Answers requests until interrupted (Ctrl-C or SIGTERM), then
    /// stops taking connections and ends within [`Limits::stop`] (at once
    /// on a second signal), whatever its clients do.
    ///
    /// # Errors
    ///
    /// Fails when the signals that stop it cannot be listened for.
    pub fn run(self) -> io::Result<()> {
        let signals = {
            let _runtime = self.runtime.enter();
            signals()?
        };
        self.serve(received(signals.clone(), 1), received(signals, 2));
        Ok(())
    }

    /// Answers requests until `stop` resolves, then stops taking
    /// connections and ends within [`Limits::stop`], whatever its clients
    /// do: [`Server::run`] for a program that says itself when to stop
    /// (the tests, with limits of their own).
    #[cfg(feature = "internals")]
    pub fn run_until(self, stop: impl Future<Output = ()>) {
        self.serve(stop, std::future::pending());
    }

    fn serve(self, stop: impl Future<Output = ()>, stop_again: impl Future<Output = ()>) {
        let app = router(self.limits);
        let Server {
            runtime,
            listener,
            limits,
        } = self;
        runtime.block_on(listen::serve(listener, app, limits, stop, stop_again));
        // Readings still running are not waited for.
        runtime.shutdown_background();
    }
}

/// Counts the signals that ask the process to stop (Ctrl-C, SIGTERM).
fn signals() -> io::Result<watch::Receiver<u32>> {
    let (count, counted) = watch::channel(0);
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let mut interrupt = signal(SignalKind::interrupt())?;
        let mut terminate = signal(SignalKind::terminate())?;
        tokio::spawn(async move {
            loop {
                tokio::select! {
                    Some(()) = interrupt.recv() => {}
                    Some(()) = terminate.recv() => {}
                    else => break,
                }
                count.send_modify(|n| *n += 1);
            }
        });
    }
    #[cfg(not(unix))]
    tokio::spawn(async move {
        while tokio::signal::ctrl_c().await.is_ok() {
            count.send_modify(|n| *n += 1);
        }
    });
    Ok(counted)
}

/// Resolves once `n` signals have come; never, when none can come.
async fn received(mut signals: watch::Receiver<u32>, n: u32) {
    if signals.wait_for(|&count| count >= n).await.is_err() {
        std::future::pending::<()>().await;
    }
}
