//! Which paths name the same file, so that a run never reads what it
//! writes nor writes two things to one file.
//!
//! A [`PathId`] is where a path leads: for a file that exists, the file
//! itself (its device and inode on Unix, so hard and symbolic links to it
//! are the same); for one that does not yet exist, its directory's
//! canonical path and its name. [`check_distinct`] is run on every path
//! of a run before anything is opened for writing.
//!
//! ```
//! use std::path::Path;
//! use scoresheet::paths::{Role, check_distinct};
//!
//! let dir = std::env::temp_dir();
//! let out = dir.join("scoresheet-doc-out.pgn");
//! let paths = [(Role::Output, out.as_path()), (Role::Rejects, out.as_path())];
//! let err = check_distinct(&paths).unwrap_err();
//! assert!(err.to_string().contains("the output and the rejects"));
//! ```

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

/// Where a path leads.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum PathId {
    /// A file that exists.
    File {
        /// The device it is on.
        device: u64,
        /// Its number on that device (on systems without inodes, a hash
        /// of its canonical path).
        inode: u64,
    },
    /// A file yet to be made: its directory, canonical, and its name.
    New(PathBuf),
}

impl PathId {
    /// Where `path` leads.
    ///
    /// # Errors
    ///
    /// Fails when neither the file nor its directory can be looked up.
    pub fn of(path: &Path) -> io::Result<PathId> {
        match std::fs::metadata(path) {
            Ok(meta) => Ok(PathId::of_metadata(path, &meta)),
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                let name = path.file_name().ok_or(e)?;
                let dir = match path.parent() {
                    Some(p) if !p.as_os_str().is_empty() => p,
                    _ => Path::new("."),
                };
                Ok(PathId::New(std::fs::canonicalize(dir)?.join(name)))
            }
            Err(e) => Err(e),
        }
    }

    /// Where `path`, a file that exists and whose metadata (links
    /// followed) is `meta`, leads.
    pub fn of_metadata(path: &Path, meta: &std::fs::Metadata) -> PathId {
        file_id(path, meta)
    }
}

#[cfg(unix)]
fn file_id(_path: &Path, meta: &std::fs::Metadata) -> PathId {
    use std::os::unix::fs::MetadataExt;
    PathId::File {
        device: meta.dev(),
        inode: meta.ino(),
    }
}

#[cfg(not(unix))]
fn file_id(path: &Path, _meta: &std::fs::Metadata) -> PathId {
    use std::hash::{Hash, Hasher};
    let canonical = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_owned());
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    canonical.hash(&mut hasher);
    PathId::File {
        device: 0,
        inode: hasher.finish(),
    }
}

/// What a path is for in a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Role {
    /// A file read.
    Input,
    /// The converted games.
    Output,
    /// The rejected games.
    Rejects,
    /// The CSV report.
    Report,
    /// The JSON summary.
    Summary,
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Role::Input => "an input",
            Role::Output => "the output",
            Role::Rejects => "the rejects",
            Role::Report => "the report",
            Role::Summary => "the summary",
        })
    }
}

/// Two roles given one file.
#[derive(Debug)]
pub struct SamePath {
    /// The path as given for the second role.
    pub path: PathBuf,
    /// The path as given (or found by a directory walk) for the first.
    pub first: PathBuf,
    /// The two roles, in the order given.
    pub roles: (Role, Role),
}

impl fmt::Display for SamePath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {} and {} would be the same file",
            self.path.display(),
            self.roles.0,
            self.roles.1
        )?;
        if self.first != self.path {
            write!(f, " ({})", self.first.display())?;
        }
        f.write_str("; nothing was written")
    }
}

impl std::error::Error for SamePath {}

/// Checks that no two paths lead to the same file, unless both are
/// inputs, or the file is a device or pipe (`/dev/null` takes any number
/// of outputs). A path that cannot be looked up is left to fail when it
/// is opened. Inputs found by a directory walk are checked as those
/// named are: an output inside a folder read would replace a file whose
/// games the run reads.
///
/// # Errors
///
/// The first two roles that share a file.
pub fn check_distinct(paths: &[(Role, &Path)]) -> Result<(), SamePath> {
    // A walk may give a hundred thousand inputs: looked up, not compared
    // pairwise.
    let mut seen: std::collections::HashMap<PathId, (Role, &Path)> =
        std::collections::HashMap::with_capacity(paths.len());
    for &(role, path) in paths {
        if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
            continue;
        }
        let Ok(id) = PathId::of(path) else {
            continue;
        };
        match seen.get(&id) {
            Some(&(Role::Input, _)) if role == Role::Input => {}
            Some(&(first, first_path)) => {
                return Err(SamePath {
                    path: path.to_owned(),
                    first: first_path.to_owned(),
                    roles: (first, role),
                });
            }
            None => {
                seen.insert(id, (role, path));
            }
        }
    }
    Ok(())
}
