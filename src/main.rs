//! The `scoresheet` command; everything it does is in the library's
//! [`scoresheet::cli`].

fn main() -> std::process::ExitCode {
    scoresheet::cli::main()
}
