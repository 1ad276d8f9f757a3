//! The proofreading page's API, called in-process, and `scoresheet serve`
//! started as a command: what it answers for good input, and that bad
//! input gets a JSON error, never a crash.

#![cfg(feature = "serve")]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use scoresheet::serve::{Limits, Server, router};
use serde_json::Value;
use tower::ServiceExt;

/// A Hungarian book page whose third move is misprinted: `F65` for `Fb5`.
const PAGE: &str = "Spanyol megnyitás\n\n\
1. e4 e5 2. Hf3 Hc6 3. F65 a6 4. Fa4 Hf6 5. O-O Fe7 6. Be1 b5 7. Fb3 d6 \
8. c3 O-O 9. h3 Hb8 10. d4 Hbd7 *\n";

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime")
}

/// Sends `request` to a fresh router; the status and the body.
fn call(limits: Limits, request: Request<Body>) -> (StatusCode, Vec<u8>, Option<String>) {
    runtime().block_on(async move {
        let response = router(limits).oneshot(request).await.expect("an answer");
        let status = response.status();
        let rejected = response
            .headers()
            .get("x-rejected")
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned);
        let body = axum::body::to_bytes(response.into_body(), 64 << 20)
            .await
            .expect("a body");
        (status, body.to_vec(), rejected)
    })
}

fn post_json(path: &str, body: &Value) -> Request<Body> {
    Request::post(path)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_string()))
        .expect("a request")
}

fn post_bytes(path: &str, bytes: Vec<u8>) -> Request<Body> {
    Request::post(path)
        .header(header::CONTENT_TYPE, "application/octet-stream")
        .body(Body::from(bytes))
        .expect("a request")
}

fn json(bytes: &[u8]) -> Value {
    serde_json::from_slice(bytes).expect("JSON")
}

/// The error message of an error answer with `status`.
fn error(answer: (StatusCode, Vec<u8>, Option<String>), status: StatusCode) -> String {
    assert_eq!(answer.0, status, "{}", String::from_utf8_lossy(&answer.1));
    json(&answer.1)["error"]
        .as_str()
        .expect("an error message")
        .to_owned()
}

#[test]
fn a_misprint_is_placed_in_the_text_with_the_edit_that_fixes_it() {
    let (status, body, _) = call(
        Limits::default(),
        post_json("/api/read", &serde_json::json!({ "text": PAGE })),
    );
    assert_eq!(status, StatusCode::OK);
    let reading = json(&body);
    let game = &reading["games"][0];
    assert_eq!(game["status"], "rejected");
    assert_eq!(game["letters"], "hu");
    let moves = game["moves"].as_array().expect("moves");
    // Every move is placed, those after the misprint too.
    assert_eq!(moves.len(), 20);
    let span = |m: &Value| {
        let s = &m["span"];
        &PAGE[s[0].as_u64().unwrap_or(0) as usize..s[1].as_u64().unwrap_or(0) as usize]
    };
    assert_eq!(span(&moves[2]), "Hf3");
    assert_eq!(moves[2]["san"], "Nf3");
    assert_eq!(
        moves[3]["fen"],
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
    );
    assert_eq!(span(&moves[4]), "F65");
    assert_eq!(moves[4]["severity"], "error");
    // Read past the misprint as the legal move it is nearest to.
    assert_eq!(moves[4]["san"], "Bb5");
    let finding = game["findings"]
        .as_array()
        .and_then(|f| f.iter().find(|f| f["kind"] != "letter-set"))
        .expect("the misprint's finding");
    assert_eq!(finding["kind"], "unparseable");
    assert_eq!(finding["suggestion"], "Bb5");
    let fix = &finding["fixes"][0];
    assert_eq!(fix["replacement"], "Fb5");
    let at = &fix["place"]["span"];
    let (from, to) = (at[0].as_u64().unwrap_or(0), at[1].as_u64().unwrap_or(0));
    assert_eq!(&PAGE[from as usize..to as usize], "F65");
    // The title is commentary.
    assert_eq!(game["comments"][0]["span"], serde_json::json!([0, 18]));
    let csv = reading["csv"].as_str().expect("the report");
    assert!(
        csv.starts_with("file,game,line,column,byte_offset,"),
        "{csv}"
    );
    assert!(csv.contains(",F65,unparseable,"), "{csv}");

    // Accepted, the fix gives a clean game.
    let fixed = format!("{}Fb5{}", &PAGE[..from as usize], &PAGE[to as usize..]);
    let (status, body, _) = call(
        Limits::default(),
        post_json("/api/read", &serde_json::json!({ "text": fixed })),
    );
    assert_eq!(status, StatusCode::OK);
    let game = &json(&body)["games"][0];
    assert_eq!(game["status"], "clean", "{game}");
    let pgn = game["pgn"].as_str().expect("a verified game");
    assert!(pgn.contains("3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7"), "{pgn}");
}

#[test]
fn spans_in_utf16_units_for_the_browser() {
    let text = "„Világos” — 1. e4 e5 2. Hf3 *";
    let (_, body, _) = call(
        Limits::default(),
        post_json("/api/read", &serde_json::json!({ "text": text })),
    );
    let moves = &json(&body)["games"][0]["moves"];
    let units: Vec<u16> = text.encode_utf16().collect();
    let at = &moves[2]["at"];
    let (from, to) = (
        at[0].as_u64().unwrap_or(0) as usize,
        at[1].as_u64().unwrap_or(0) as usize,
    );
    assert_eq!(String::from_utf16_lossy(&units[from..to]), "Hf3");
}

#[test]
fn the_page_of_this_server_may_send_texts() {
    let request = Request::post("/api/read")
        .header(header::CONTENT_TYPE, "application/json")
        .header(header::HOST, "127.0.0.1:8080")
        .header(header::ORIGIN, "http://127.0.0.1:8080")
        .body(Body::from("{\"text\": \"1. e4 e5 *\"}"))
        .expect("a request");
    assert_eq!(call(Limits::default(), request).0, StatusCode::OK);
}

#[test]
fn a_file_in_a_legacy_encoding_is_decoded() {
    // Windows-1250: "Lékó" and "Szirmai Gábor".
    let mut bytes = b"[White \"L\xe9k\xf3\"]\n[Black \"Szirmai G\xe1bor\"]\n\n".to_vec();
    bytes.extend_from_slice(b"1. e4 c5 2. Hf3 d6 3. d4 cxd4 4. Hxd4 Hf6 5. Hc3 a6 *\n");
    let (status, body, _) = call(
        Limits::default(),
        post_bytes("/api/read?file=lek%C3%B3.pgn&encoding=windows-1250", bytes),
    );
    assert_eq!(status, StatusCode::OK);
    let reading = json(&body);
    assert_eq!(reading["encoding"], "windows-1250");
    assert_eq!(reading["games"][0]["white"], "Lékó");
    assert!(reading["text"].as_str().unwrap_or("").contains("Gábor"));
    // Read with the Hungarian letters: a note, not a warning.
    assert_eq!(reading["games"][0]["status"], "clean");
}

#[test]
fn several_games_are_listed() {
    let text = "[White \"a\"]\n\n1. e4 e5 *\n\n[White \"b\"]\n\n1. d4 d5 *\n";
    let (_, body, _) = call(
        Limits::default(),
        post_json("/api/read", &serde_json::json!({ "text": text })),
    );
    let games = json(&body)["games"].clone();
    assert_eq!(games.as_array().map(Vec::len), Some(2));
    assert_eq!(games[1]["white"], "b");
    assert_eq!(games[1]["moves"][0]["span"], serde_json::json!([41, 43]));
}

#[test]
fn export_writes_every_notation_the_command_line_does() {
    let text = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n1. e4 e5 2. Ke3 *\n";
    for (to, lang, want) in [
        ("pgn", "en", "3. Bb5 a6"),
        ("san", "hu", "Fb5"),
        ("uci", "en", "f1b5"),
        ("descriptive", "en", "B-N5"),
        ("figurine", "en", "♗b5"),
        (
            "fen",
            "en",
            "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4",
        ),
    ] {
        let (status, body, rejected) = call(
            Limits::default(),
            post_json(
                "/api/export",
                &serde_json::json!({ "text": text, "to": to, "to_lang": lang }),
            ),
        );
        let out = String::from_utf8_lossy(&body);
        assert_eq!(status, StatusCode::OK, "{to}: {out}");
        assert!(out.contains(want), "{to}: {out}");
        assert_eq!(rejected.as_deref(), Some("1"), "{to}");
    }
}

#[test]
fn the_page_and_its_files_are_served() {
    let get = |path: &str| {
        call(
            Limits::default(),
            Request::get(path).body(Body::empty()).expect("a request"),
        )
    };
    let (status, page, _) = get("/");
    assert_eq!(status, StatusCode::OK);
    let page = String::from_utf8_lossy(&page);
    assert!(page.contains("<script src=\"/app.js\""));
    assert!(
        !page.contains("https://"),
        "the page loads nothing from elsewhere"
    );
    assert_eq!(get("/app.js").0, StatusCode::OK);
    assert_eq!(get("/style.css").0, StatusCode::OK);
    let missing = get("/nothing");
    assert_eq!(error(missing, StatusCode::NOT_FOUND), "no such page");
}

#[test]
fn a_text_too_large_is_refused() {
    let limits = Limits {
        max_body: 1024,
        ..Limits::default()
    };
    let text = "1. e4 e5 ".repeat(200);
    let message = error(
        call(
            limits,
            post_json("/api/read", &serde_json::json!({ "text": text })),
        ),
        StatusCode::PAYLOAD_TOO_LARGE,
    );
    assert!(message.contains("larger than 1 KiB"), "{message}");
    // A length declared too large is refused before the body is read.
    let request = Request::post("/api/read")
        .header(header::CONTENT_TYPE, "application/octet-stream")
        .header(header::CONTENT_LENGTH, "5000")
        .body(Body::from(vec![b'a'; 5000]))
        .expect("a request");
    error(call(limits, request), StatusCode::PAYLOAD_TOO_LARGE);
}

/// A body whose bytes never come.
struct Stalled;

impl axum::body::HttpBody for Stalled {
    type Data = axum::body::Bytes;
    type Error = std::io::Error;

    fn poll_frame(
        self: std::pin::Pin<&mut Self>,
        _: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<http_body::Frame<Self::Data>, Self::Error>>> {
        std::task::Poll::Pending
    }
}

#[test]
fn a_text_that_never_arrives_is_given_up() {
    let limits = Limits {
        receive: Duration::from_millis(200),
        ..Limits::default()
    };
    let request = Request::post("/api/read")
        .header(header::CONTENT_TYPE, "application/octet-stream")
        .body(Body::new(Stalled))
        .expect("a request");
    let message = error(call(limits, request), StatusCode::REQUEST_TIMEOUT);
    assert!(message.contains("too long to arrive"), "{message}");
}

#[test]
fn games_past_the_reading_time_are_left_unread_and_said_so() {
    let limits = Limits {
        read: Duration::ZERO,
        ..Limits::default()
    };
    let (status, body, _) = call(
        limits,
        post_json("/api/read", &serde_json::json!({ "text": "1. e4 e5 *" })),
    );
    assert_eq!(status, StatusCode::OK);
    let reading = json(&body);
    assert_eq!(reading["games"], serde_json::json!([]));
    let unread = reading["unread"].as_str().unwrap_or("");
    assert!(unread.contains("from game 1 on were not read"), "{unread}");
}

#[test]
fn a_request_that_waits_too_long_for_its_turn_is_told_the_server_is_busy() {
    let limits = Limits {
        admitted: 1,
        queue: Duration::from_millis(100),
        ..Limits::default()
    };
    runtime().block_on(async move {
        let app = router(limits);
        // The one place is held by a text that does not arrive.
        let stalled = Request::post("/api/read")
            .header(header::CONTENT_TYPE, "application/octet-stream")
            .body(Body::new(Stalled))
            .expect("a request");
        let first = tokio::spawn(app.clone().oneshot(stalled));
        tokio::time::sleep(Duration::from_millis(50)).await;
        let second = app
            .oneshot(post_json(
                "/api/read",
                &serde_json::json!({ "text": "1. e4 e5 *" }),
            ))
            .await
            .expect("an answer");
        assert_eq!(second.status(), StatusCode::SERVICE_UNAVAILABLE);
        first.abort();
    });
}

#[test]
fn bad_input_gets_a_clear_json_error() {
    let cases: Vec<(Request<Body>, StatusCode, &str)> = vec![
        (
            Request::post("/api/read")
                .header(header::CONTENT_TYPE, "application/json")
                .body(Body::from(b"{\"text\": \"1. e4 \xff\xfe\"}".to_vec()))
                .expect("a request"),
            StatusCode::BAD_REQUEST,
            "not the JSON the page sends",
        ),
        (
            post_json("/api/read", &serde_json::json!({ "txt": "1. e4" })),
            StatusCode::BAD_REQUEST,
            "unknown field",
        ),
        (
            post_json("/api/read", &serde_json::json!({ "text": "  \n" })),
            StatusCode::UNPROCESSABLE_ENTITY,
            "no text to read",
        ),
        (
            post_bytes("/api/read", vec![0, 1, 2, 3, 0, 0, 7, 0, 0, 0, 5, 6]),
            StatusCode::UNPROCESSABLE_ENTITY,
            "binary file",
        ),
        (
            post_json(
                "/api/read",
                &serde_json::json!({ "text": "1. e4", "notation": "morse" }),
            ),
            StatusCode::BAD_REQUEST,
            "unknown notation",
        ),
        (
            post_json(
                "/api/read",
                &serde_json::json!({ "text": "1. e4", "letters": "klingon" }),
            ),
            StatusCode::BAD_REQUEST,
            "unknown letters",
        ),
        (
            post_bytes("/api/read?encoding=ebcdic-martian", b"1. e4".to_vec()),
            StatusCode::BAD_REQUEST,
            "unknown encoding",
        ),
        (
            post_json(
                "/api/export",
                &serde_json::json!({ "text": "1. e4", "to": "braille" }),
            ),
            StatusCode::BAD_REQUEST,
            "unknown output format",
        ),
        (
            Request::post("/api/read")
                .header(header::CONTENT_TYPE, "text/plain")
                .header(header::HOST, "127.0.0.1:8080")
                .header(header::ORIGIN, "https://elsewhere.example")
                .body(Body::from("1. e4 e5 *"))
                .expect("a request"),
            StatusCode::FORBIDDEN,
            "this server's own page",
        ),
    ];
    for (request, status, want) in cases {
        let message = error(call(Limits::default(), request), status);
        assert!(message.contains(want), "{message:?} lacks {want:?}");
    }
}

#[test]
fn garbage_is_read_without_a_crash() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(15);
    let pieces = [
        "1.", "e4", "(", ")", "{", "}", "[", "]", "\"", "Kt-B 5", "F65", "\n\n", "0-0-0", "½-½",
        "…", "x", "#", "=Q", "$1", ";", "Világos", "\u{feff}", "\r\n", "  ",
    ];
    for _ in 0..40 {
        let n = rng.random_range(1..60);
        let text: String = (0..n)
            .map(|_| pieces[rng.random_range(0..pieces.len())])
            .collect::<Vec<_>>()
            .join(" ");
        let (status, body, _) = call(
            Limits::default(),
            post_json("/api/read", &serde_json::json!({ "text": text })),
        );
        assert!(
            status == StatusCode::OK || status == StatusCode::UNPROCESSABLE_ENTITY,
            "{text:?}: {status}"
        );
        let answer = json(&body);
        assert!(answer.get("games").is_some() || answer.get("error").is_some());
        let bytes: Vec<u8> = (0..rng.random_range(1..400))
            .map(|_| rng.random())
            .collect();
        let (status, body, _) = call(Limits::default(), post_bytes("/api/read", bytes));
        assert!(
            status == StatusCode::OK || status == StatusCode::UNPROCESSABLE_ENTITY,
            "{status}"
        );
        json(&body);
    }
}

/// `scoresheet serve` on a free loopback port, stopped when dropped.
struct Serving {
    child: Child,
    addr: String,
    /// Its output, kept open while it runs.
    _stdout: BufReader<std::process::ChildStdout>,
}

impl Serving {
    fn start() -> Serving {
        let mut child = Command::new(env!("CARGO_BIN_EXE_scoresheet"))
            .args(["serve", "--port", "0"])
            .stdout(Stdio::piped())
            .spawn()
            .expect("scoresheet serve starts");
        let stdout = child.stdout.take().expect("its output");
        let mut stdout = BufReader::new(stdout);
        let mut line = String::new();
        stdout.read_line(&mut line).expect("the address");
        let addr = line
            .split("http://")
            .nth(1)
            .and_then(|s| s.split('/').next())
            .expect("an address")
            .to_owned();
        Serving {
            child,
            addr,
            _stdout: stdout,
        }
    }
}

impl Drop for Serving {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn the_command_serves_on_loopback() {
    let serving = Serving::start();
    assert!(serving.addr.starts_with("127.0.0.1:"), "{}", serving.addr);
    let body = "{\"text\": \"1. e4 e5 2. Sf3 Sc6 *\"}";
    let mut stream = TcpStream::connect(&serving.addr).expect("a connection");
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .expect("a timeout");
    write!(
        stream,
        "POST /api/read HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        serving.addr,
        body.len()
    )
    .expect("the request is sent");
    let mut answer = String::new();
    stream.read_to_string(&mut answer).expect("an answer");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains("\"san\":\"Nf3\""), "{answer}");
}

/// A server with `limits` on a free loopback port, answering on a thread
/// of its own until the test ends.
fn serve_in_process(limits: Limits) -> SocketAddr {
    let loopback = SocketAddr::from(([127, 0, 0, 1], 0));
    let server = Server::bind(loopback, limits).expect("a server");
    let addr = server.local_addr().expect("its address");
    std::thread::spawn(move || server.run_until(std::future::pending()));
    addr
}

/// A text whose answer (about 16 MB) is far larger than what the
/// sockets of a connection hold: 3,000 short games.
fn large_text() -> String {
    "[Event \"g\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 \
     7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 *\n\n"
        .repeat(3000)
}

/// Sends `text` to `/api/read` on a connection of its own.
fn post_read(addr: &str, text: &str) -> TcpStream {
    let body = serde_json::json!({ "text": text }).to_string();
    let mut stream = TcpStream::connect(addr).expect("a connection");
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .expect("a timeout");
    write!(
        stream,
        "POST /api/read HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .expect("the request is sent");
    stream
}

/// Reads the start of an answer, and no more: the answer has begun.
fn answer_begun(stream: &mut TcpStream) {
    let mut start = [0; 12];
    stream.read_exact(&mut start).expect("an answer");
    assert_eq!(&start, b"HTTP/1.1 200");
}

/// The status of a whole answer.
fn status_of(mut stream: TcpStream) -> String {
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).expect("an answer");
    String::from_utf8_lossy(&answer[..answer.len().min(12)]).into_owned()
}

#[test]
fn a_connection_whose_headers_never_end_is_closed() {
    let addr = serve_in_process(Limits {
        headers: Duration::from_millis(300),
        ..Limits::default()
    });
    let mut stream = TcpStream::connect(addr).expect("a connection");
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .expect("a timeout");
    stream
        .write_all(b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: a")
        .expect("half the headers");
    let started = Instant::now();
    let mut rest = Vec::new();
    // Read to its end: the connection is closed, not left open.
    let closed = stream.read_to_end(&mut rest);
    assert!(closed.is_ok(), "still open: {closed:?}");
    assert!(started.elapsed() < Duration::from_secs(5));

    // A connection kept open after its answer is closed when no next
    // request comes.
    let mut stream = TcpStream::connect(addr).expect("a connection");
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .expect("a timeout");
    stream
        .write_all(b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n")
        .expect("a request");
    let mut answer = Vec::new();
    let closed = stream.read_to_end(&mut answer);
    assert!(closed.is_ok(), "still open: {closed:?}");
    assert!(answer.starts_with(b"HTTP/1.1 200"));
    assert!(answer.ends_with(b"ok"));
}

#[test]
fn an_answer_waiting_for_its_client_keeps_its_place() {
    let addr = serve_in_process(Limits {
        admitted: 1,
        queue: Duration::from_millis(300),
        ..Limits::default()
    })
    .to_string();
    let mut unread = post_read(&addr, &large_text());
    answer_begun(&mut unread);
    // The one place is the unread answer's: the next request is told the
    // server is busy, rather than a second answer taken in.
    let next = post_read(&addr, "1. e4 e5 *");
    assert_eq!(status_of(next), "HTTP/1.1 503");
}

#[test]
fn a_client_that_takes_none_of_its_answer_is_dropped() {
    let addr = serve_in_process(Limits {
        admitted: 1,
        send: Duration::from_millis(300),
        ..Limits::default()
    })
    .to_string();
    let mut unread = post_read(&addr, &large_text());
    answer_begun(&mut unread);
    // The place comes free when the unread answer is dropped.
    let next = post_read(&addr, "1. e4 e5 *");
    assert_eq!(status_of(next), "HTTP/1.1 200");
    // What is left of the dropped answer is what the sockets held.
    let mut rest = Vec::new();
    let _ = unread.read_to_end(&mut rest);
    assert!(rest.len() < 12 << 20, "{} bytes came", rest.len());
}

#[cfg(unix)]
#[test]
fn the_command_stops_within_a_second_of_sigterm_while_an_answer_waits() {
    let mut serving = Serving::start();
    let mut unread = post_read(&serving.addr, &large_text());
    answer_begun(&mut unread);
    let started = Instant::now();
    let killed = Command::new("kill")
        .args(["-TERM", &serving.child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    let status = loop {
        if let Some(status) = serving.child.try_wait().expect("its status") {
            break status;
        }
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "still running 10 s after SIGTERM"
        );
        std::thread::sleep(Duration::from_millis(10));
    };
    let took = started.elapsed();
    assert!(took < Duration::from_secs(1), "stopped after {took:?}");
    assert!(status.success(), "{status}");
}

#[test]
fn two_copies_are_reconciled_into_one_game() {
    let read = |name: &str| {
        std::fs::read_to_string(format!("{}/examples/{name}", env!("CARGO_MANIFEST_DIR")))
            .expect("the example copy")
    };
    let (status, body, _) = call(
        Limits::default(),
        post_json(
            "/api/reconcile",
            &serde_json::json!({ "a": read("copy-white.txt"), "b": read("copy-black.txt") }),
        ),
    );
    assert_eq!(status, StatusCode::OK, "{}", String::from_utf8_lossy(&body));
    let answer = json(&body);
    let pgn = answer["pgn"].as_str().expect("the game as PGN");
    assert!(pgn.contains("[White \"Paul Morphy\"]"), "{pgn}");
    assert!(
        pgn.contains("4. dxe5 Bxf3") && pgn.contains("17. Rd8# 1-0"),
        "{pgn}"
    );
    assert_eq!(answer["agrees"], false);
    let rows: Vec<(u64, &str, &str, &str, &str, &str)> = answer["disagreements"]
        .as_array()
        .expect("the disagreements")
        .iter()
        .map(|d| {
            (
                d["ply"].as_u64().unwrap_or_default(),
                d["side"].as_str().unwrap_or_default(),
                d["a_written"].as_str().unwrap_or_default(),
                d["b_written"].as_str().unwrap_or_default(),
                d["chosen"].as_str().unwrap_or_default(),
                d["right"].as_str().unwrap_or_default(),
            )
        })
        .collect();
    assert_eq!(
        rows,
        [
            (7, "white", "dxe6", "dxe5", "dxe5", "B"),
            (14, "black", "Qe7", "Qd7", "Qe7", "A"),
            (20, "black", "...", "cxb5", "cxb5", "B"),
            (24, "black", "Rd8", "Rd9", "Rd8", "A"),
        ]
    );
    assert_eq!(answer["disagreements"][3]["move_number"], 12);
    assert!(
        answer["disagreements"][0]["reason"]
            .as_str()
            .is_some_and(|r| r.contains("illegal"))
    );
    assert_eq!(
        answer["tag_conflicts"],
        serde_json::json!([{ "name": "White", "a": "Paul Morphy", "b": "Morphy" }])
    );
}

#[test]
fn reconciling_refuses_what_reading_refuses() {
    let cases: Vec<(Value, StatusCode, &str)> = vec![
        (
            serde_json::json!({ "a": "1. e4 e5" }),
            StatusCode::UNPROCESSABLE_ENTITY,
            "copy B: there is no text to read",
        ),
        (
            serde_json::json!({ "a": "1. e4", "b": "1. e4", "text": "1. e4" }),
            StatusCode::BAD_REQUEST,
            "unknown field",
        ),
        (
            serde_json::json!({ "a": "1. e4", "b": "1. e4", "notation": "morse" }),
            StatusCode::BAD_REQUEST,
            "unknown notation",
        ),
        (
            serde_json::json!({ "a": "1. e4", "b": "1. e4", "letters": "klingon" }),
            StatusCode::BAD_REQUEST,
            "unknown letters",
        ),
        (
            serde_json::json!({ "a": "\u{0}\u{1}\u{2}\u{3}\u{0}\u{7}", "b": "1. e4" }),
            StatusCode::UNPROCESSABLE_ENTITY,
            "copy A: this looks like a binary file",
        ),
    ];
    for (body, status, want) in cases {
        let message = error(
            call(Limits::default(), post_json("/api/reconcile", &body)),
            status,
        );
        assert!(message.contains(want), "{message:?} lacks {want:?}");
    }
    let limits = Limits {
        max_body: 1024,
        ..Limits::default()
    };
    let copy = "1. e4 e5\n".repeat(100);
    let message = error(
        call(
            limits,
            post_json(
                "/api/reconcile",
                &serde_json::json!({ "a": copy, "b": copy }),
            ),
        ),
        StatusCode::PAYLOAD_TOO_LARGE,
    );
    assert!(message.contains("larger than 1 KiB"), "{message}");
}
