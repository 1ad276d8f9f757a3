//! The library's one error type: what went wrong, and where.
//!
//! Problems inside a game (an illegal move, a wrong mark) are not errors:
//! they are [findings](crate::audit::Finding) of the game, and reading
//! goes on. An [`Error`] stops a read: an input that cannot be opened or
//! read, an option that names nothing known.
//!
//! ```
//! use scoresheet::{ErrorKind, Reader};
//!
//! let err = Reader::new().letters("xx").unwrap_err();
//! assert!(matches!(err.kind(), ErrorKind::UnknownLetters(code) if code == "xx"));
//! assert_eq!(err.to_string(), "unknown letter set \"xx\" (see `scoresheet languages`)");
//! ```

use std::fmt;
use std::io;
use std::path::PathBuf;

/// An error that stops a read. Boxed, so that results stay small.
#[derive(Debug)]
pub struct Error(Box<ErrorKind>);

/// What went wrong.
#[derive(Debug)]
#[non_exhaustive]
pub enum ErrorKind {
    /// An input could not be opened or read.
    Io {
        /// The input's path, when it is a file.
        path: Option<PathBuf>,
        /// The game being read when it failed (from 1), if any.
        game: Option<u64>,
        /// The underlying error.
        source: io::Error,
    },
    /// No letter set has this code.
    UnknownLetters(String),
    /// No encoding has this label.
    UnknownEncoding(String),
    /// The output asked for cannot be written so (FEN needs one letter
    /// per piece); why.
    Unwritable(String),
}

impl Error {
    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.0
    }

    /// What went wrong, owned.
    pub fn into_kind(self) -> ErrorKind {
        *self.0
    }

    pub(crate) fn io(path: Option<PathBuf>, game: Option<u64>, source: io::Error) -> Error {
        Error(Box::new(ErrorKind::Io { path, game, source }))
    }
}

impl From<ErrorKind> for Error {
    fn from(kind: ErrorKind) -> Error {
        Error(Box::new(kind))
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &*self.0 {
            ErrorKind::Io { path, game, source } => {
                match path {
                    Some(path) => write!(f, "{}", path.display())?,
                    None => f.write_str("input")?,
                }
                if let Some(game) = game {
                    write!(f, ", game {game}")?;
                }
                write!(f, ": {source}")
            }
            ErrorKind::UnknownLetters(code) => write!(
                f,
                "unknown letter set {code:?} (see `scoresheet languages`)"
            ),
            ErrorKind::UnknownEncoding(label) => write!(f, "unknown encoding {label:?}"),
            ErrorKind::Unwritable(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &*self.0 {
            ErrorKind::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}
