//! Criterion benchmarks: DD tables of a few fixture deals. The answers are
//! checked against the fixtures before timing, so a fast wrong change cannot
//! look like a win.

use criterion::{criterion_main, Criterion};
use dds::model::{Seat, Strain};
use dds::Solver;
use dds_fixtures::load_hand_file;

fn tables(c: &mut Criterion) {
    let records = load_hand_file("list10.txt").expect("fixtures");
    let mut solver = Solver::new();
    for record in &records {
        let table = solver.dd_table(&record.deal).expect("valid");
        let expected = record.table.expect("list10 has tables");
        for strain in Strain::ALL {
            for declarer in Seat::ALL {
                assert_eq!(table.tricks(strain, declarer), expected[strain][declarer]);
            }
        }
    }
    let mut group = c.benchmark_group("dd_table");
    group.sample_size(10);
    group.bench_function("list10", |b| {
        b.iter(|| {
            for record in &records {
                std::hint::black_box(solver.dd_table(&record.deal).expect("valid"));
            }
        })
    });
    group.finish();
}

// The macro generates an undocumented public function.
#[allow(missing_docs)]
mod group {
    criterion::criterion_group!(benches, super::tables);
}

criterion_main!(group::benches);
