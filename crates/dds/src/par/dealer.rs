//! Soren Hein's dealer-aware engine (DDS's `DealerPar`), in DDS's integer
//! terms: contracts numbered 1 (1C) to 35 (7NT).

use super::*;

/// Par denominations 0..5 = C, D, H, S, NT as table strains.
const STRAIN_OF: [usize; 5] = [3, 2, 1, 0, 4];

/// Scores of contracts made exactly, by number and vulnerability.
const SCORES: [[i32; 2]; 36] = [
    [0, 0],
    [70, 70],
    [70, 70],
    [80, 80],
    [80, 80],
    [90, 90],
    [90, 90],
    [90, 90],
    [110, 110],
    [110, 110],
    [120, 120],
    [110, 110],
    [110, 110],
    [140, 140],
    [140, 140],
    [400, 600],
    [130, 130],
    [130, 130],
    [420, 620],
    [420, 620],
    [430, 630],
    [400, 600],
    [400, 600],
    [450, 650],
    [450, 650],
    [460, 660],
    [920, 1370],
    [920, 1370],
    [980, 1430],
    [980, 1430],
    [990, 1440],
    [1440, 2140],
    [1440, 2140],
    [1510, 2210],
    [1510, 2210],
    [1520, 2220],
];

/// Doubled undertricks, by vulnerability and tricks down.
const DOUBLED: [[i32; 14]; 2] = [
    [0, 100, 300, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500],
    [0, 200, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500, 3800],
];

/// The most tricks down that is still a good sacrifice against a
/// contract, by its number and the vulnerability (none, defenders only,
/// declarer only, both).
const DOWN_TARGET: [[i32; 4]; 36] = {
    let mut t = [[0; 4]; 36];
    let mut no = 8;
    while no < 36 {
        t[no] = match no {
            8..=14 | 16 | 17 => [1, 0, 1, 0],
            15 | 18..=25 => [2, 1, 3, 2],
            26 | 27 => [4, 3, 5, 4],
            28..=30 => [4, 3, 6, 5],
            _ => [6, 5, 8, 7],
        };
        no += 1;
    }
    t
};

/// The lowest contract of the same denomination with the same bonus.
const FLOOR: [i32; 36] = [
    0, 1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 1, 2, 3, 4, 15, 1, 2, 18, 19, 15, 21, 22, 18, 19, 15, 26, 27, 28, 29, 30, 31, 32,
    33, 34, 35,
];

const BIG: i32 = 9999;

/// What a side can make in one denomination.
#[derive(Copy, Clone, Default)]
struct Entry {
    score: i32,
    dno: usize,
    /// The contract number (may be zero or negative: nothing makes).
    no: i32,
}

struct Tables<'a> {
    table: &'a DdTable,
    dealer: usize,
}

impl Tables<'_> {
    fn t(&self, dno: usize, hand: usize) -> i32 {
        self.table.raw(STRAIN_OF[dno], hand % 4)
    }

    /// The contract as typed, its declarer from the table.
    fn contract(&self, side: usize, no: i32, dno: usize, delta: i32) -> ParContract {
        let (a, b) = (self.t(dno, side), self.t(dno, side + 2));
        let declarer = ParDeclarer::from_tricks(Seat::ALL[side].side(), a as u8, b as u8);
        self.numbered(no, dno, declarer, delta)
    }

    fn numbered(&self, no: i32, dno: usize, declarer: ParDeclarer, delta: i32) -> ParContract {
        ParContract {
            level: Level::new(((no - 1) / 5 + 1) as u8),
            strain: Strain::ALL[STRAIN_OF[dno]],
            declarer,
            doubled: delta < 0,
            result: delta as i8,
        }
    }
}

pub(super) fn dealer_par(table: &DdTable, dealer: Seat, vulnerability: Vulnerability) -> Par {
    let vul_by_side = match vulnerability.to_dds() {
        0 => [0usize, 0],
        1 => [1, 1],
        2 => [1, 0],
        _ => [0, 1],
    };
    let tb = Tables { table, dealer: dealer.index() };
    // Survey each side's makes.
    let mut list = [[Entry::default(); 5]; 2];
    let mut stats = [(0i32, 0i32, 0i32); 2]; // (highest no, dearest no, dearest score)
    for side in 0..2 {
        let (mut highest, mut dearest_no, mut dearest_score) = (0, 0, 0);
        for (dno, entry) in list[side].iter_mut().enumerate() {
            let best = tb.t(dno, side).max(tb.t(dno, side + 2));
            let no = 5 * (best - 7) + dno as i32 + 1;
            *entry = Entry { score: 0, dno, no };
            if best < 7 {
                continue;
            }
            let score = SCORES[no as usize][vul_by_side[side]];
            entry.score = score;
            if score > dearest_score || (score == dearest_score && no < dearest_no) {
                dearest_score = score;
                dearest_no = no;
            }
            highest = highest.max(no);
        }
        stats[side] = (highest, dearest_no, dearest_score);
    }
    let (s0, s1) = (stats[0].0, stats[1].0);
    let side = if s0 > s1 {
        0
    } else if s0 < s1 {
        1
    } else if s0 == 0 {
        return Par::default();
    } else {
        // Both sides' highest make is the same contract: whoever can bid
        // it first.
        let dno = ((s0 - 1) % 5) as usize;
        let t_max = (s0 + 34) / 5;
        (tb.dealer..tb.dealer + 4).find(|&p| tb.t(dno, p) == t_max).map_or(0, |p| p % 2)
    };
    let other = 1 - side;
    let vul_no = 2 * vul_by_side[side] + vul_by_side[other];
    let dearest_no = stats[side].1;
    // The primacy side's contracts, highest number first (a stable sort).
    let mut lists = list[side];
    lists.sort_by_key(|e| core::cmp::Reverse(e.no));
    let candidates = lists.iter().filter(|e| e.no >= dearest_no).count();

    let mut best_plus = 0;
    let mut best_down = 0;
    let mut sac_found = false;
    let mut kind = [0i8; 5]; // 1 make, 0 the sacrifice, -1 ignored
    let mut downs = [0i32; 5];
    let mut sac_gap = [0i32; 5];
    let mut sacr = [[0i32; 5]; 5];
    for n in 0..candidates {
        let Entry { no, dno, score } = lists[n];
        let target = DOWN_TARGET[no as usize][vul_no];
        let down = best_sacrifice(&tb, side, no, dno, &list[other], &mut sacr);
        if down <= target {
            best_down = best_down.max(down);
            if sac_found {
                kind[n] = -1;
            } else {
                sac_found = true;
                kind[n] = 0;
                downs[n] = down;
            }
        } else {
            best_plus = best_plus.max(score);
            kind[n] = 1;
            sac_gap[n] = target - down;
        }
    }
    let sign = if side == 0 { 1 } else { -1 };
    let sac = DOUBLED[vul_by_side[other]][best_down.clamp(0, 13) as usize];
    let mut contracts = Vec::new();
    let score;
    if !sac_found || best_plus > sac {
        score = sign * best_plus;
        for n in 0..candidates {
            if kind[n] != 1 || lists[n].score != best_plus {
                continue;
            }
            let (no, plus) = reduce(lists[n].no, sac_gap[n]);
            contracts.push(tb.contract(side, no, lists[n].dno, plus));
        }
    } else {
        score = sign * sac;
        for n in 0..candidates {
            if kind[n] != 0 || downs[n] != best_down {
                continue;
            }
            sacrifices(&tb, side, best_down, lists[n].no, lists[n].dno, &list[other], &sacr, &mut contracts);
        }
    }
    Par { score, contracts }
}

/// The fewest tricks down of the other side's cheapest sacrifice over
/// contract `no` in `dno`; fills `sacr[dno][eno]` per denomination.
fn best_sacrifice(
    tb: &Tables<'_>,
    side: usize,
    no: i32,
    dno: usize,
    others: &[Entry; 5],
    sacr: &mut [[i32; 5]; 5],
) -> i32 {
    let mut best = BIG;
    for eno in 0..5 {
        let their = others[eno].no;
        let mut down;
        if eno == dno {
            // The same denomination: one level higher if a player of the
            // primacy side could bid it before the sacrificer.
            down = BIG;
            let t_max = (no + 34) / 5;
            let mut incr = 0;
            for p in tb.dealer..tb.dealer + 4 {
                let diff = t_max - tb.t(dno, p);
                if p % 2 == side {
                    if diff == 0 {
                        incr = 1;
                    }
                } else {
                    down = down.min(diff + incr);
                }
            }
        } else {
            down = (no - their + 4) / 5;
        }
        if their + 5 * down > 35 {
            down = BIG;
        }
        sacr[dno][eno] = down;
        best = best.min(down);
    }
    best
}

/// The contract bid lower while the opponents' sacrifice stays
/// unprofitable, keeping its bonus: the new number and the overtricks.
fn reduce(no: i32, sac_gap: i32) -> (i32, i32) {
    if sac_gap >= -1 {
        return (no, 0);
    }
    let new_no = (no + 5 * (sac_gap + 1)).max(FLOOR[no as usize]);
    (new_no, (no - new_no) / 5)
}

/// The other side's sacrifices that cost `best_down` against the
/// primacy side's contract `no_decl` in `dno`.
#[allow(clippy::too_many_arguments)]
fn sacrifices(
    tb: &Tables<'_>,
    side: usize,
    best_down: i32,
    no_decl: i32,
    dno: usize,
    others: &[Entry; 5],
    sacr: &[[i32; 5]; 5],
    out: &mut Vec<ParContract>,
) {
    let other = 1 - side;
    for eno in 0..5 {
        if sacr[dno][eno] != best_down {
            continue;
        }
        if eno != dno {
            out.push(tb.contract(other, others[eno].no + 5 * best_down, eno, -best_down));
            continue;
        }
        let t_max = (no_decl + 34) / 5;
        let mut incr = 0;
        let mut hits: Vec<(usize, i32)> = Vec::with_capacity(2);
        for p in tb.dealer..tb.dealer + 4 {
            let diff = t_max - tb.t(dno, p);
            if p % 2 == side {
                if diff == 0 {
                    incr = 1;
                }
            } else if diff + incr == best_down {
                hits.push((p % 4, no_decl + 5 * incr));
            }
        }
        let single = |(p, no): (usize, i32)| tb.numbered(no, eno, ParDeclarer::Seat(Seat::ALL[p]), -best_down);
        match hits[..] {
            [hit] => out.push(single(hit)),
            [a, b] if a.1 == b.1 => out.push(tb.contract(other, a.1, eno, -best_down)),
            [a, b] => out.push(single(if a.1 < b.1 { a } else { b })),
            _ => {}
        }
    }
}
