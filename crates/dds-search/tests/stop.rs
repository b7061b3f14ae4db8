//! The stop flag: a search that sees it set ends part way and says so, and
//! once cleared the searcher answers as a fresh one (DDS's tables of
//! list10.txt).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use dds_fixtures::load_hand_file;
use dds_model::{Seat, Strain};
use dds_search::{Position, Searcher};
use dds_tt::PartitionTable;

#[test]
fn a_set_flag_stops_the_search_and_a_clear_forgets_it() {
    let records = load_hand_file("list10.txt").unwrap();
    let flag = Arc::new(AtomicBool::new(false));
    let mut stops = 0;
    for record in &records {
        let table = record.table.expect("a TABLE line");
        for strain in Strain::ALL {
            // North declares: East leads.
            let pos = Position::new(*record.deal.hands(), Seat::East, &[], strain).unwrap();
            let expected = u32::from(table[strain][Seat::North]);
            let mut searcher = Searcher::new(PartitionTable::default(), strain);
            searcher.set_stop(Some(Arc::clone(&flag)));
            // Not set: the search runs to its answer.
            flag.store(false, Ordering::Relaxed);
            assert_eq!(searcher.solve_ns(&pos), expected, "{} {strain}", record.deal);
            assert!(!searcher.stopped());
            // Set: the next search ends part way, unless it is over before
            // its first look at the flag (a search of fewer than
            // `STOP_INTERVAL` nodes reaching the move loop, far under a
            // millisecond), when its answer stands. Cleared first: an
            // entry stored by the first search could settle the root.
            searcher.clear();
            flag.store(true, Ordering::Relaxed);
            let ns = searcher.solve_ns(&pos);
            let stopped = searcher.stopped();
            if stopped {
                stops += 1;
            } else {
                assert_eq!(ns, expected, "{} {strain}: not stopped", record.deal);
            }
            // Cleared, with the flag down, it answers again.
            flag.store(false, Ordering::Relaxed);
            searcher.clear();
            assert!(!searcher.stopped());
            assert_eq!(searcher.solve_ns(&pos), expected, "{} {strain} after a stop", record.deal);
            assert!(!searcher.stopped());
        }
    }
    assert!(stops > records.len(), "{stops} of the searches stopped");
}
