//! The `dds` command: see the `dds_cli` library, which holds its code, and
//! `dds --help`.

/// musl's allocator is slow for the command's pattern of allocations:
/// the static build uses mimalloc instead (see Cargo.toml).
#[cfg(target_env = "musl")]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    dds_cli::main()
}

/// Looks, before the standard library starts, whether standard output can
/// be written. Closed by whoever started the command (`dds table FILE >&-`),
/// the standard library opens `/dev/null` in its place; open for reading
/// only (`1<FILE`), its writes fail with an error the standard library
/// drops. Either way everything written would be lost without a word: the
/// command refuses to run instead (see `dds_cli::STDOUT_STATE`). A function
/// of `.init_array` runs before `main` and before the standard library's
/// own start.
#[cfg(target_os = "linux")]
#[used]
#[link_section = ".init_array"]
static LOOK_AT_STDOUT: extern "C" fn() = {
    extern "C" fn look() {
        // SAFETY: fcntl with F_GETFL reads a descriptor's status flags and
        // changes nothing; it fails (EBADF) only when the descriptor is not
        // open.
        let flags = unsafe { libc::fcntl(1, libc::F_GETFL) };
        let state = match flags {
            -1 => dds_cli::STDOUT_CLOSED,
            f if f & libc::O_ACCMODE == libc::O_RDONLY => dds_cli::STDOUT_READ_ONLY,
            _ => dds_cli::STDOUT_WRITABLE,
        };
        dds_cli::STDOUT_STATE.store(state, std::sync::atomic::Ordering::SeqCst);
    }
    look
};
