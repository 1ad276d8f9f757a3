//! Output files written beside their target and renamed into place only
//! when complete. A file left unfinished, by an error or by SIGINT or
//! SIGTERM, is removed, and the target keeps what it had.
//!
//! The files of a run are renamed together ([`finish_all`]), once every
//! one of them is written and on disk: a signal that comes while they are
//! renamed waits until all are in place, so a run never leaves one output
//! of its own beside another of the run before.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, Once, PoisonError};

/// Files being written now, with their targets, for the signal handler.
static UNFINISHED: Mutex<Vec<(PathBuf, PathBuf)>> = Mutex::new(Vec::new());
static HANDLER: Once = Once::new();
/// Whether the files of the run are being (or have been) renamed onto
/// their targets; held for as long as that takes, and by the signal
/// handler for as long as it removes the unfinished files, so that the
/// two never overlap.
static PUT_IN_PLACE: Mutex<bool> = Mutex::new(false);

/// A file being written at `path`, to become `target`.
pub struct Partial {
    path: PathBuf,
    target: PathBuf,
    done: bool,
}

impl Partial {
    /// Notes a new unfinished file for `target` (hidden, beside it).
    pub fn new(target: &Path) -> Partial {
        let name = target
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let path = target.with_file_name(format!(".{name}.{}.partial", std::process::id()));
        remove_left_by_killed_runs(target, &name);
        HANDLER.call_once(|| {
            // Without a handler a signal ends the run as before: the
            // target is untouched either way.
            let _ = ctrlc::set_handler(interrupted);
        });
        if let Ok(mut files) = UNFINISHED.lock() {
            files.push((path.clone(), target.to_owned()));
        }
        Partial {
            path,
            target: target.to_owned(),
            done: false,
        }
    }

    /// The file to write.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The file it is to become.
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// Moves the finished file onto its target.
    fn finish(mut self) -> std::io::Result<()> {
        std::fs::rename(&self.path, &self.target)?;
        self.done = true;
        Ok(())
    }
}

/// Moves finished files onto their targets, in order, with no signal
/// handled in between: SIGINT or SIGTERM that comes meanwhile is handled
/// after the last, when there is nothing left to undo, and the run ends
/// as it would have.
///
/// # Errors
///
/// A rename that fails, with its target and the targets replaced before
/// it; the files after it are removed and their targets kept.
pub fn finish_all(files: Vec<Partial>) -> Result<(), String> {
    let mut begun = PUT_IN_PLACE.lock().unwrap_or_else(PoisonError::into_inner);
    *begun = true;
    let mut replaced: Vec<String> = Vec::new();
    for file in files {
        let target = file.target.display().to_string();
        if let Err(e) = file.finish() {
            let before = match &replaced[..] {
                [] => String::new(),
                names => format!(" ({} already replaced)", names.join(", ")),
            };
            return Err(format!("{target}: {e}; the file is left as it was{before}"));
        }
        replaced.push(target);
    }
    Ok(())
}

impl Drop for Partial {
    fn drop(&mut self) {
        if !self.done {
            let _ = std::fs::remove_file(&self.path);
        }
        if let Ok(mut files) = UNFINISHED.lock() {
            files.retain(|(path, _)| *path != self.path);
        }
    }
}

/// Removes, and names, the unfinished files for `target` (named `name`)
/// that a run killed outright (SIGKILL, a power cut) left beside it: those
/// of a process that is no longer running. Where processes cannot be
/// looked up (no `/proc`), they are left.
fn remove_left_by_killed_runs(target: &Path, name: &str) {
    let proc = Path::new("/proc");
    if !proc.join("self").exists() {
        return;
    }
    let folder = match target.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let Ok(entries) = std::fs::read_dir(folder) else {
        return;
    };
    let prefix = format!(".{name}.");
    for entry in entries.flatten() {
        let file = entry.file_name();
        let Some(pid) = file
            .to_str()
            .and_then(|f| f.strip_prefix(&prefix))
            .and_then(|rest| rest.strip_suffix(".partial"))
            .filter(|pid| !pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit()))
        else {
            continue;
        };
        let left = target.with_file_name(&file);
        if pid != std::process::id().to_string()
            && !proc.join(pid).exists()
            && std::fs::remove_file(&left).is_ok()
        {
            super::say(format_args!(
                "scoresheet: removed {}, left unfinished by a run that was killed",
                left.display()
            ));
        }
    }
}

/// SIGINT or SIGTERM: remove what is unfinished, say so, stop; unless
/// the files are being put in place, when the run is all but over and
/// ends by itself with every output its own.
fn interrupted() {
    let begun = PUT_IN_PLACE.lock().unwrap_or_else(PoisonError::into_inner);
    if *begun {
        return;
    }
    let files = UNFINISHED.lock().map(|f| f.clone()).unwrap_or_default();
    for (path, target) in &files {
        let _ = std::fs::remove_file(path);
        super::say(format_args!(
            "scoresheet: interrupted; {} is left as it was",
            target.display()
        ));
    }
    if files.is_empty() {
        super::say("scoresheet: interrupted");
    }
    std::process::exit(130);
}
