//! The `dds` command: see the `dds_cli` library, which holds its code, and
//! `dds --help`.

fn main() -> std::process::ExitCode {
    dds_cli::main()
}
