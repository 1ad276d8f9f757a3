//! `scoresheet languages`: the tables it knows.

use std::process::ExitCode;

use crate::lang::{LetterSet, roles};

pub fn run() -> Result<ExitCode, String> {
    super::print("letter set  languages                letters (K Q R B N P)")?;
    for set in LetterSet::builtin() {
        let names: Vec<String> = set
            .languages
            .iter()
            .map(|l| format!("{} ({})", l.code, l.name))
            .collect();
        let letters: Vec<&str> = roles()
            .iter()
            .map(|r| set.reader().letter(*r))
            .map(|l| if l.is_empty() { "-" } else { l })
            .collect();
        super::print(format_args!(
            "{:<11} {:<24} {}",
            set.name(),
            names.join(", "),
            letters.join(" ")
        ))?;
    }
    Ok(ExitCode::SUCCESS)
}
