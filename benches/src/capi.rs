//! The `capi` workload: what the C boundary costs. Our C library
//! (`libddscapi.so`, DDS 2.9's `dll.h` interface, built by `cargo build
//! --release -p dds-capi`) is loaded by path at run time and timed, on one
//! thread, against DDS 2.9 (the `oracle` feature) and against the same
//! work through our Rust API, on the same workloads:
//!
//! * `CalcDDtablePBN` on the deals of `list100`, against
//!   `Solver::dd_table` on one solver kept for all the deals (the C
//!   library keeps one solver per calling thread from call to call);
//! * `SolveBoardPBN` (target -1, solutions 3, mode 1) on the 1,000
//!   mid-play positions of `midplay`, against `Board::new` and
//!   `Solver::solve_board(.., Target::Max, Solutions::All)`, again on one
//!   solver kept;
//! * the fixed cost of a call: `SolveBoardPBN`, `SolveBoard` and the Rust
//!   call on a last-trick position (one card in each hand), where the
//!   search is a few nodes and the boundary is most of the time; and
//!   `SolveBoardPBN` with the thread count at its default
//!   (`SetMaxThreads(0)`), what a program that never sets it pays.
//!
//! The variants run in turn within each run, their order rotated from run
//! to run, so that the machine's noise hits them alike; every answer is
//! asserted equal across the variants (tables, or every card's score; not
//! node counts). Each figure is the median over the runs; the ratios are
//! the medians of each run's ratio.
//!
//! The library is found at `$DDSBENCH_CAPI` or else beside the `ddsbench`
//! executable (`target/release/libddscapi.so`); `cargo xtask bench capi`
//! builds it first.

use std::ffi::{c_char, c_int, CStr};
use std::fmt::Debug;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use dds::model::{Card, Deal, Seat, Strain};
use dds::{Board, Solutions, Solver, Target};
use dds_bench::dll::{DdTableDealPbn, DdTableResults, DealBin, DealPbn, FutureTricks};
use dds_bench::workload;
// libloading is the usual, well-kept crate for dlopen/dlsym (and
// LoadLibrary): it ties each symbol's lifetime to the library's handle and
// opens with RTLD_LAZY | RTLD_LOCAL on unix, so our library's symbols do
// not join the process's global namespace, where Debian's DDS (linked with
// the `oracle` feature) exports the same names. Every function of ours is
// looked up through the handle (dlsym on it searches our library first),
// and our library is linked with -Bsymbolic, so its calls between its own
// functions stay inside it too.
use libloading::Library;

use crate::report::{median, secs};

type CalcDdTablePbn = unsafe extern "C" fn(DdTableDealPbn, *mut DdTableResults) -> c_int;
type SolveBoardPbn = unsafe extern "C" fn(DealPbn, c_int, c_int, c_int, *mut FutureTricks, c_int) -> c_int;
type SolveBoardBin = unsafe extern "C" fn(DealBin, c_int, c_int, c_int, *mut FutureTricks, c_int) -> c_int;
type SetInt = unsafe extern "C" fn(c_int);
type SetTwoInts = unsafe extern "C" fn(c_int, c_int);
type Version = unsafe extern "C" fn() -> *const c_char;

/// Our C library, opened by path, with the functions timed.
struct CLib {
    calc_dd_table_pbn: CalcDdTablePbn,
    solve_board_pbn: SolveBoardPbn,
    solve_board: SolveBoardBin,
    set_max_threads: SetInt,
    /// Kept open for the function pointers above (never closed before
    /// them: they are dropped together, and none is called after).
    _lib: Library,
}

impl CLib {
    /// Opens the library at `path`, checks that it is ours and sets it to
    /// one thread as DDS is set (`SetMaxThreads(1)`, `SetResources(0, 1)`).
    fn open(path: &std::path::Path) -> Result<CLib, String> {
        // SAFETY: loading runs the library's initialisers: ours has none
        // beyond Rust's own.
        let lib = unsafe { Library::new(path) }.map_err(|e| format!("cannot load {}: {e}", path.display()))?;
        // SAFETY: each type follows dll.h / ddsrs.h for its symbol.
        unsafe {
            let sym = |name: &str| format!("{} has no {name}", path.display());
            // Only our library has the handle API: if the loader had handed
            // back Debian's libdds (the same soname), this fails.
            let version = *lib.get::<Version>(b"dds_version\0").map_err(|_| sym("dds_version (not ours?)"))?;
            let version = CStr::from_ptr(version()).to_string_lossy().into_owned();
            let set_max_threads = *lib.get::<SetInt>(b"SetMaxThreads\0").map_err(|_| sym("SetMaxThreads"))?;
            let set_resources = *lib.get::<SetTwoInts>(b"SetResources\0").map_err(|_| sym("SetResources"))?;
            set_resources(0, 1);
            set_max_threads(1);
            let clib = CLib {
                calc_dd_table_pbn: *lib.get(b"CalcDDtablePBN\0").map_err(|_| sym("CalcDDtablePBN"))?,
                solve_board_pbn: *lib.get(b"SolveBoardPBN\0").map_err(|_| sym("SolveBoardPBN"))?,
                solve_board: *lib.get(b"SolveBoard\0").map_err(|_| sym("SolveBoard"))?,
                set_max_threads,
                _lib: lib,
            };
            println!("  our C library: {} (ddsrs {version})", path.display());
            Ok(clib)
        }
    }

    /// `SetMaxThreads` (0: every core, the state of a program that never
    /// calls it).
    fn set_max_threads(&self, threads: c_int) {
        // SAFETY: a plain C call without pointers.
        unsafe { (self.set_max_threads)(threads) }
    }

    /// `CalcDDtablePBN`: tricks by strain and declarer.
    fn calc_dd_table_pbn(&self, pbn: &str) -> Result<[[u8; 4]; 5], c_int> {
        let mut res = DdTableResults { res_table: [[0; 4]; 5] };
        // SAFETY: `res` outlives the call; the layouts follow dll.h.
        let code = unsafe { (self.calc_dd_table_pbn)(DdTableDealPbn { cards: pbn_field(pbn) }, &mut res) };
        if code != 1 {
            return Err(code);
        }
        Ok(res.res_table.map(|row| row.map(|t| t as u8)))
    }

    /// `SolveBoardPBN` with target -1, solutions 3, mode 1, thread 0.
    fn solve_board_pbn(&self, pbn: &str, strain: Strain, leader: Seat, played: &[Card]) -> Result<FutureTricks, c_int> {
        let (suits, ranks) = trick_codes(played);
        let dl = DealPbn {
            trump: strain.index() as c_int,
            first: leader.index() as c_int,
            current_trick_suit: suits,
            current_trick_rank: ranks,
            remain_cards: pbn_field(pbn),
        };
        let mut fut = FutureTricks::default();
        // SAFETY: `fut` outlives the call; the layouts follow dll.h.
        let code = unsafe { (self.solve_board_pbn)(dl, -1, 3, 1, &mut fut, 0) };
        if code != 1 {
            return Err(code);
        }
        Ok(fut)
    }

    /// `SolveBoard` (cards as bit masks) with target -1, solutions 3,
    /// mode 1, thread 0.
    fn solve_board(
        &self,
        remaining: &Deal,
        strain: Strain,
        leader: Seat,
        played: &[Card],
    ) -> Result<FutureTricks, c_int> {
        let (suits, ranks) = trick_codes(played);
        let dl = DealBin {
            trump: strain.index() as c_int,
            first: leader.index() as c_int,
            current_trick_suit: suits,
            current_trick_rank: ranks,
            remain_cards: remaining.to_dds_bits(),
        };
        let mut fut = FutureTricks::default();
        // SAFETY: `fut` outlives the call; the layouts follow dll.h.
        let code = unsafe { (self.solve_board)(dl, -1, 3, 1, &mut fut, 0) };
        if code != 1 {
            return Err(code);
        }
        Ok(fut)
    }
}

/// `text` as a NUL-terminated 80-byte PBN field.
fn pbn_field(text: &str) -> [c_char; 80] {
    let mut field = [0 as c_char; 80];
    for (slot, &b) in field.iter_mut().zip(text.as_bytes().iter().take(79)) {
        *slot = b as c_char;
    }
    field
}

/// DDS's suit and rank codes of the cards of the current trick.
fn trick_codes(played: &[Card]) -> ([c_int; 3], [c_int; 3]) {
    let mut suits = [0; 3];
    let mut ranks = [0; 3];
    for (i, card) in played.iter().enumerate() {
        suits[i] = card.suit().index() as c_int;
        ranks[i] = c_int::from(card.rank().value());
    }
    (suits, ranks)
}

/// Every card's score, sorted: what the three variants must agree on.
type Scores = Vec<(String, i32)>;

fn scores_of_c(fut: &FutureTricks) -> Scores {
    let mut cards: Scores = (0..fut.cards as usize)
        .map(|i| {
            let suit = ["S", "H", "D", "C"][fut.suit[i] as usize];
            let rank = b"23456789TJQKA"[fut.rank[i] as usize - 2] as char;
            (format!("{suit}{rank}"), fut.score[i])
        })
        .collect();
    cards.sort();
    cards
}

fn scores_of_rust(solution: &dds::Solution) -> Scores {
    let mut cards: Scores =
        solution.cards.iter().map(|c| (c.card.to_string(), c.tricks.map_or(-2, i32::from))).collect();
    cards.sort();
    cards
}

/// The user CPU time of this process so far (`getrusage(RUSAGE_SELF)`).
pub(crate) fn user_cpu() -> Duration {
    crate::rusage::self_user()
}

/// One timed run of one variant: wall time and user CPU.
#[derive(Clone, Copy)]
struct Sample {
    wall: Duration,
    user: Duration,
}

/// The answers of a run, read into comparable form once the clock has
/// stopped.
type Later<'a, T> = Box<dyn FnOnce() -> Vec<T> + 'a>;

/// A way to do the whole workload: the timed work, returning how to read
/// its answers (one per item).
struct Variant<'a, T> {
    label: &'static str,
    run: Box<dyn FnMut() -> Later<'a, T> + 'a>,
    samples: Vec<Sample>,
}

impl<'a, T> Variant<'a, T> {
    fn new(label: &'static str, run: impl FnMut() -> Later<'a, T> + 'a) -> Variant<'a, T> {
        Variant { label, run: Box::new(run), samples: Vec::new() }
    }
}

/// Runs every variant `reps` times, in turn within each run and in a
/// rotated order from run to run, and asserts that every answer equals the
/// first variant's (`item` names an item in the message).
fn interleave<T: PartialEq + Debug>(
    name: &str,
    reps: usize,
    variants: &mut [Variant<'_, T>],
    item: impl Fn(usize) -> String,
) {
    let mut reference: Option<(&str, Vec<T>)> = None;
    let n = variants.len();
    for rep in 0..reps {
        for k in 0..n {
            let v = &mut variants[(rep + k) % n];
            let (wall0, user0) = (Instant::now(), user_cpu());
            let later = (v.run)();
            v.samples.push(Sample { wall: wall0.elapsed(), user: user_cpu().saturating_sub(user0) });
            let answers = later();
            match &reference {
                None => reference = Some((v.label, answers)),
                Some((first, want)) => {
                    assert_eq!(want.len(), answers.len(), "{name}: {} gives {} answers", v.label, answers.len());
                    for (i, (a, b)) in answers.iter().zip(want).enumerate() {
                        assert!(a == b, "{name}: {} differs from {first} on {}: {a:?} against {b:?}", v.label, item(i));
                    }
                }
            }
        }
    }
}

/// Prints the rows of `variants` (ours through C first, then DDS's if
/// there, then ours in Rust last): medians, the ratio to DDS and the
/// boundary's overhead.
fn report<T>(heading: &str, items: usize, per: &str, variants: &[Variant<'_, T>]) {
    let reps = variants[0].samples.len();
    println!("\n{heading}, {reps} runs interleaved, medians");
    let secs_per = |d: Duration| {
        let s = d.as_secs_f64() / items as f64;
        if s >= 0.01 {
            format!("{s:.3}s")
        } else if s >= 1e-5 {
            format!("{:.3}ms", s * 1e3)
        } else {
            format!("{:.0}ns", s * 1e9)
        }
    };
    for v in variants {
        let wall = median(v.samples.iter().map(|s| s.wall).collect());
        let user = median(v.samples.iter().map(|s| s.user).collect());
        println!("  {:<36} wall {}  user {}  per {per} {}", v.label, secs(wall), secs(user), secs_per(wall));
    }
    // The median over the runs of each run's ratio of `a` to `b`.
    let ratio = median_ratio::<T>;
    let (ours_c, rust) = (&variants[0], &variants[variants.len() - 1]);
    if variants.len() == 3 {
        let dds = &variants[1];
        println!(
            "  ratio ours via C / DDS: wall {:.2}  user {:.2}",
            ratio(ours_c, dds, |s| s.wall),
            ratio(ours_c, dds, |s| s.user)
        );
    }
    let overhead = |f: fn(&Sample) -> Duration| (ratio(ours_c, rust, f) - 1.0) * 100.0;
    println!(
        "  boundary overhead (ours via C / ours in Rust - 1): wall {:+.2}%  user {:+.2}%  (target: within 2%)",
        overhead(|s| s.wall),
        overhead(|s| s.user)
    );
}

/// Where our C library is: `$DDSBENCH_CAPI`, or beside this executable.
fn library_path() -> PathBuf {
    if let Some(path) = std::env::var_os("DDSBENCH_CAPI") {
        return PathBuf::from(path);
    }
    let exe = std::env::current_exe().unwrap_or_default();
    exe.parent().map(|dir| dir.join("libddscapi.so")).unwrap_or_else(|| PathBuf::from("target/release/libddscapi.so"))
}

/// The `capi` workload (see the module's documentation).
pub(crate) fn run(reps: usize) {
    let path = library_path();
    println!("\ncapi: our C library loaded by path, single thread");
    let lib = CLib::open(&path).unwrap_or_else(|e| {
        eprintln!("capi: {e}\n(build it with `cargo build --release -p dds-capi`, or run `cargo xtask bench capi`)");
        std::process::exit(1)
    });
    tables(&lib, reps);
    one_table_threads(&lib, reps, 2);
    mid_play(&lib, reps);
    fixed_cost(&lib, reps);
}

/// (a2) `CalcDDtablePBN` on list100 with both libraries set to `threads`
/// threads: one table at a time spread over them (DDS 2.9 and ours spread
/// a table's strains), what a program that asks for one deal at a time
/// waits. Wall time is the figure; user time adds the threads' work.
fn one_table_threads(lib: &CLib, reps: usize, threads: c_int) {
    let deals = workload::hand_file_deals("list100.txt");
    let pbns: Vec<String> = deals.iter().map(Deal::to_string).collect();
    lib.set_max_threads(threads);
    #[cfg(feature = "oracle")]
    dds_bench::oracle::set_threads(threads);
    let mut variants: Vec<Variant<'_, [[u8; 4]; 5]>> =
        vec![our_tables_variant("ours via C CalcDDtablePBN, threads", lib, &pbns)];
    #[cfg(feature = "oracle")]
    variants.push(dds_tables_variant("DDS 2.9 CalcDDtablePBN, threads", &pbns));
    interleave("capi list100 threads", reps, &mut variants, |i| format!("deal {i}: {}", pbns[i]));
    lib.set_max_threads(1);
    #[cfg(feature = "oracle")]
    dds_bench::oracle::set_threads(1);
    report_threads(
        &format!("capi list100: {} deals, one table at a time on {threads} threads", deals.len()),
        &variants,
    );
}

/// The figures of [`one_table_threads`]: each variant's medians and the
/// ratio ours / DDS (wall and user) when DDS ran.
fn report_threads<T>(heading: &str, variants: &[Variant<'_, T>]) {
    let reps = variants[0].samples.len();
    println!("\n{heading}, {reps} runs interleaved, medians");
    for v in variants {
        let wall = median(v.samples.iter().map(|s| s.wall).collect());
        let user = median(v.samples.iter().map(|s| s.user).collect());
        println!("  {:<36} wall {}  user {}", v.label, secs(wall), secs(user));
    }
    if let [ours, dds] = variants {
        let ratio = |f: fn(&Sample) -> Duration| median_ratio(ours, dds, f);
        println!("  ratio ours / DDS: wall {:.2}  user {:.2}", ratio(|s| s.wall), ratio(|s| s.user));
    }
}

/// The median over the runs of each run's ratio of `a`'s figure `f` to
/// `b`'s.
fn median_ratio<T>(a: &Variant<'_, T>, b: &Variant<'_, T>, f: fn(&Sample) -> Duration) -> f64 {
    let mut r: Vec<f64> =
        a.samples.iter().zip(&b.samples).map(|(x, y)| f(x).as_secs_f64() / f(y).as_secs_f64()).collect();
    r.sort_by(f64::total_cmp);
    r[r.len() / 2]
}

/// Our C library's `CalcDDtablePBN` on each of `pbns`.
fn our_tables_variant<'a>(label: &'static str, lib: &'a CLib, pbns: &'a [String]) -> Variant<'a, [[u8; 4]; 5]> {
    Variant::new(label, move || {
        let tables: Vec<_> = pbns
            .iter()
            .map(|p| lib.calc_dd_table_pbn(p).unwrap_or_else(|code| panic!("our CalcDDtablePBN: {code}")))
            .collect();
        Box::new(move || tables)
    })
}

/// DDS 2.9's `CalcDDtablePBN` on each of `pbns`.
#[cfg(feature = "oracle")]
fn dds_tables_variant<'a>(label: &'static str, pbns: &'a [String]) -> Variant<'a, [[u8; 4]; 5]> {
    Variant::new(label, move || {
        let tables: Vec<_> =
            pbns.iter().map(|p| dds_bench::oracle::calc_dd_table_pbn(p).expect("DDS solves the workload")).collect();
        Box::new(move || tables)
    })
}

/// (a) `CalcDDtablePBN` on list100.
fn tables(lib: &CLib, reps: usize) {
    let deals = workload::hand_file_deals("list100.txt");
    let pbns: Vec<String> = deals.iter().map(Deal::to_string).collect();
    let mut solver = Solver::new();
    let mut variants: Vec<Variant<'_, [[u8; 4]; 5]>> =
        vec![our_tables_variant("ours via C CalcDDtablePBN", lib, &pbns)];
    #[cfg(feature = "oracle")]
    variants.push(dds_tables_variant("DDS 2.9 CalcDDtablePBN", &pbns));
    variants.push(Variant::new("ours in Rust Solver::dd_table", || {
        let tables: Vec<_> =
            deals.iter().map(|deal| solver.dd_table(deal).expect("workload deals are valid")).collect();
        Box::new(move || {
            tables.iter().map(|table| Strain::ALL.map(|s| Seat::ALL.map(|d| table.tricks(s, d)))).collect()
        })
    }));
    interleave("capi list100", reps, &mut variants, |i| format!("deal {i}: {}", pbns[i]));
    report(&format!("capi list100: {} deals, full tables", deals.len()), deals.len(), "table", &variants);
}

/// (b) `SolveBoardPBN` (target -1, solutions 3, mode 1) on the mid-play
/// positions.
fn mid_play(lib: &CLib, reps: usize) {
    let positions = workload::mid_play_positions(1000, 0x91a7);
    let pbns: Vec<String> = positions.iter().map(|p| p.remaining.to_string()).collect();
    let mut solver = Solver::new();
    let mut variants: Vec<Variant<'_, Scores>> = vec![Variant::new("ours via C SolveBoardPBN", || {
        let answers: Vec<FutureTricks> = positions
            .iter()
            .zip(&pbns)
            .map(|(p, pbn)| {
                lib.solve_board_pbn(pbn, p.strain, p.leader, &p.played)
                    .unwrap_or_else(|code| panic!("our SolveBoardPBN: {code}"))
            })
            .collect();
        Box::new(move || answers.iter().map(scores_of_c).collect())
    })];
    // DDS's answers come as text already (a microsecond a position, against
    // milliseconds of search).
    #[cfg(feature = "oracle")]
    variants.push(Variant::new("DDS 2.9 SolveBoardPBN", || {
        let answers: Vec<_> = positions
            .iter()
            .zip(&pbns)
            .map(|(p, pbn)| {
                dds_bench::oracle::solve_board_pbn(pbn, p.strain, p.leader, &p.played, 3)
                    .expect("DDS solves the position")
                    .0
            })
            .collect();
        Box::new(move || {
            answers
                .into_iter()
                .map(|cards| {
                    let mut s: Scores = cards.into_iter().map(|(card, score, _)| (card, score)).collect();
                    s.sort();
                    s
                })
                .collect()
        })
    }));
    variants.push(Variant::new("ours in Rust Solver::solve_board", || {
        let answers: Vec<dds::Solution> = positions
            .iter()
            .map(|p| {
                let board = Board::new(&p.remaining, p.strain, p.leader, &p.played).expect("legal play");
                solver.solve_board(&board, Target::Max, Solutions::All).expect("solvable")
            })
            .collect();
        Box::new(move || answers.iter().map(scores_of_rust).collect())
    }));
    interleave("capi midplay", reps, &mut variants, |i| format!("position {i}: {:?}", positions[i]));
    report(
        &format!("capi midplay: {} positions (1-40 cards played), solutions 3", positions.len()),
        positions.len(),
        "position",
        &variants,
    );
}

/// The fixed cost of one call: 100,000 calls on a last-trick position
/// (one card in each hand, no trump, North leads), through `SolveBoardPBN`,
/// through `SolveBoard` (no text to read) and in Rust; and through
/// `SolveBoardPBN` with the library's thread count left at its default
/// (`SetMaxThreads(0)`, as in a program that never sets it: each call
/// range-checks `threadIndex` against the thread count).
fn fixed_cost(lib: &CLib, reps: usize) {
    const CALLS: usize = 100_000;
    let remaining = Deal::from_pbn_remaining("N:A... .A.. ..A. ...A").expect("valid position");
    let pbn = remaining.to_string();
    let mut solver = Solver::new();
    let mut variants: Vec<Variant<'_, c_int>> = vec![
        Variant::new("ours via C SolveBoardPBN", || {
            let scores: Vec<c_int> = (0..CALLS)
                .map(|_| lib.solve_board_pbn(&pbn, Strain::NoTrump, Seat::North, &[]).expect("solvable").score[0])
                .collect();
            Box::new(move || scores)
        }),
        Variant::new("ours via C SolveBoardPBN, threads 0", || {
            lib.set_max_threads(0);
            let scores: Vec<c_int> = (0..CALLS)
                .map(|_| lib.solve_board_pbn(&pbn, Strain::NoTrump, Seat::North, &[]).expect("solvable").score[0])
                .collect();
            lib.set_max_threads(1);
            Box::new(move || scores)
        }),
        Variant::new("ours via C SolveBoard", || {
            let scores: Vec<c_int> = (0..CALLS)
                .map(|_| lib.solve_board(&remaining, Strain::NoTrump, Seat::North, &[]).expect("solvable").score[0])
                .collect();
            Box::new(move || scores)
        }),
        Variant::new("ours in Rust Solver::solve_board", || {
            let scores: Vec<c_int> = (0..CALLS)
                .map(|_| {
                    let board = Board::new(&remaining, Strain::NoTrump, Seat::North, &[]).expect("legal");
                    let solution = solver.solve_board(&board, Target::Max, Solutions::All).expect("solvable");
                    c_int::from(solution.cards[0].tricks.unwrap_or(0))
                })
                .collect();
            Box::new(move || scores)
        }),
    ];
    interleave("capi last trick", reps, &mut variants, |i| format!("call {i}"));
    report_fixed(CALLS, &variants);
}

/// The rows of the fixed-cost measure: time per call and the difference
/// from the Rust call.
fn report_fixed(calls: usize, variants: &[Variant<'_, c_int>]) {
    let reps = variants[0].samples.len();
    println!(
        "\ncapi last trick: {calls} calls on a one-card-each position (solutions 3), {reps} runs interleaved, medians"
    );
    let per_call =
        |v: &Variant<'_, c_int>| median(v.samples.iter().map(|s| s.wall).collect()).as_secs_f64() * 1e9 / calls as f64;
    let rust = per_call(&variants[variants.len() - 1]);
    for v in variants {
        let ns = per_call(v);
        println!("  {:<36} {ns:>7.0} ns per call  ({:+.0} ns against Rust)", v.label, ns - rust);
    }
}
