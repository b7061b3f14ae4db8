//! The node-count signature: a fixed set of tables solved single-threaded
//! with the default table size, and the nodes each took. Any change to the
//! search's behaviour shows up as a reviewable snapshot diff; a pure
//! refactoring must leave it untouched (run `cargo insta review` after an
//! intended change).

use dds::Solver;
use dds_fixtures::load_hand_file;

#[test]
fn node_signature() {
    let mut lines = Vec::new();
    let mut total = 0;
    for record in load_hand_file("list10.txt").unwrap().iter().take(5) {
        let mut solver = Solver::new();
        solver.dd_table(&record.deal).unwrap();
        total += solver.nodes();
        lines.push(format!("{:>10}  {}", solver.nodes(), record.deal));
    }
    lines.push(format!("{total:>10}  total"));
    insta::assert_snapshot!(lines.join("\n"));
}
