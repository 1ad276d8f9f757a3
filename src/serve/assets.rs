//! The page's files, built into the binary: no file is read at run time
//! and nothing is fetched from elsewhere.

use axum::http::header;
use axum::response::IntoResponse;

const INDEX: &str = include_str!("../../assets/index.html");
const SCRIPT: &str = include_str!("../../assets/app.js");
const STYLE: &str = include_str!("../../assets/style.css");

/// Headers every file is served with: its type, and a policy that lets
/// the page load only what this server serves.
fn serve(content_type: &'static str, body: &'static str) -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, content_type),
            (
                header::CONTENT_SECURITY_POLICY,
                "default-src 'self'; img-src 'self' data: blob:; style-src 'self'",
            ),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
}

/// `GET /`.
pub async fn index() -> impl IntoResponse {
    serve("text/html; charset=utf-8", INDEX)
}

/// `GET /app.js`.
pub async fn script() -> impl IntoResponse {
    serve("text/javascript; charset=utf-8", SCRIPT)
}

/// `GET /style.css`.
pub async fn style() -> impl IntoResponse {
    serve("text/css; charset=utf-8", STYLE)
}
