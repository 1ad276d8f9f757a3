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
//! others wait their turn). Bad input gets a JSON error, never a crash.
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

use std::io;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use tokio::sync::Semaphore;

/// How much one request may ask of the server.
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

    /// Answers requests until interrupted (Ctrl-C or SIGTERM).
    ///
    /// # Errors
    ///
    /// Fails when accepting connections fails.
    pub fn run(self) -> io::Result<()> {
        let app = router(self.limits);
        let Server {
            runtime, listener, ..
        } = self;
        runtime.block_on(async move {
            axum::serve(listener, app)
                .with_graceful_shutdown(interrupted())
                .await
        })
    }
}

/// Resolves when the process is asked to stop.
async fn interrupted() {
    let ctrl_c = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = ctrl_c => {}
                    _ = term.recv() => {}
                }
            }
            Err(_) => {
                let _ = ctrl_c.await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = ctrl_c.await;
    }
}
