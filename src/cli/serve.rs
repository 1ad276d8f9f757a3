//! `scoresheet serve`: the proofreading page on a local address.

use std::io::Write;
use std::net::{IpAddr, SocketAddr};
use std::process::ExitCode;

use crate::serve::{Limits, Server};
use clap::Args;

/// Options of `serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// Port to listen on (0: any free port; the address is printed).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// Address to listen on. Anything but a loopback address lets other
    /// machines read texts through this one.
    #[arg(long, default_value = "127.0.0.1")]
    bind: IpAddr,
    /// Largest text accepted, in KiB.
    #[arg(long, value_name = "KIB", default_value_t = 2048)]
    max_kib: usize,
}

/// Serves the page until interrupted.
pub fn run(args: ServeArgs) -> Result<ExitCode, String> {
    let limits = Limits {
        max_body: args.max_kib.saturating_mul(1024),
        ..Limits::default()
    };
    let addr = SocketAddr::new(args.bind, args.port);
    let server = Server::bind(addr, limits).map_err(|e| format!("cannot listen on {addr}: {e}"))?;
    // The server runs on whether or not anyone reads its output.
    let mut out = std::io::stdout();
    let _ = writeln!(
        out,
        "scoresheet: the proofreading page is at {}\nscoresheet: press Ctrl-C to stop",
        server.url()
    );
    if !args.bind.is_loopback() {
        let _ = writeln!(
            out,
            "scoresheet: listening on {}, which other machines may reach: anyone who can may have texts read",
            args.bind
        );
    }
    let _ = out.flush();
    server.run().map_err(|e| e.to_string())?;
    Ok(ExitCode::SUCCESS)
}
