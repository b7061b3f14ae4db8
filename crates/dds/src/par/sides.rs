//! DDS's `Par` / `SidesPar` engine: Matthew Kidd's algorithm (DDS's
//! `SidesParBin`), in DDS's integer terms.

use super::*;

/// Kidd's denominations 0..5 = NT, S, H, D, C as table strains.
const STRAIN_OF: [usize; 5] = [4, 0, 1, 2, 3];

/// The most levels a making contract is lowered to, by class (NT,
/// major, minor) and top level: never below a bonus threshold.
const MAX_LOWER: [[i32; 8]; 3] = [[0, 0, 1, 0, 1, 2, 0, 0], [0, 0, 1, 2, 0, 1, 0, 0], [0, 0, 1, 2, 3, 0, 0, 0]];

/// The score of a contract bid and made exactly with `tricks` in
/// `denom`, or with `denom == None` of a doubled contract `tricks` down
/// (negative).
fn raw_score(denom: Option<usize>, tricks: i32, vulnerable: bool) -> i32 {
    let Some(denom) = denom else {
        return if vulnerable {
            100 - 300 * tricks
        } else if tricks <= 3 {
            100 - 200 * tricks
        } else {
            400 - 300 * tricks
        };
    };
    let level = tricks - 6;
    let (mut score, game) = match denom {
        0 => (10 + 30 * level, level >= 3),
        1 | 2 => (30 * level, level >= 4),
        _ => (20 * level, level >= 5),
    };
    score += match (game, vulnerable) {
        (true, true) => 500,
        (true, false) => 300,
        (false, _) => 50,
    };
    score += match (level, vulnerable) {
        (6, true) => 750,
        (6, false) => 500,
        (7, true) => 1500,
        (7, false) => 1000,
        _ => 0,
    };
    score
}

/// Whether side 0 (NS) or 1 (EW) is vulnerable, by DDS's code.
fn side_vulnerable(side: usize, vul: u8) -> bool {
    vul == 1 || if side == 1 { vul == 3 } else { vul == 2 }
}

/// The vulnerability of the side that does not make par (DDS's
/// `VulnerDefSide`).
fn defender_vulnerable(ns_makes: bool, vul: u8) -> bool {
    match vul {
        0 => false,
        1 => true,
        _ if ns_makes => vul != 2,
        _ => vul != 3,
    }
}

/// One view's search result: the best score from the view side's point
/// of view, its undertricks when it is a sacrifice, and every
/// (denomination, tricks) reaching it.
struct View {
    best: i32,
    sac_under: i32,
    found: Vec<(usize, i32)>,
}

/// Alternates the two sides' best bids until neither improves, then
/// repeats without the par denomination while the score stays the same.
fn search_view(table: &DdTable, view: usize, vul: u8) -> View {
    let mut filtered = [false; 5];
    let mut result = View { best: 0, sac_under: 0, found: Vec::new() };
    let (mut par_denom, mut par_tricks, mut par_score, mut par_sac) = (-1i32, 6i32, 0i32, 0i32);
    let mut current = 0usize;
    let mut both_once = false;
    loop {
        let k = (view + current) % 2;
        let vulnerable = side_vulnerable(k, vul);
        let mut changed = false;
        let (prev_denom, prev_tricks) = (par_denom, par_tricks);
        // (denomination, tricks, sort key), sorted by key descending,
        // ties in denomination order (a stable sort).
        let mut candidates: Vec<(usize, i32, i32)> = (0..5)
            .filter(|&j| !filtered[j])
            .map(|j| {
                let tricks = table.raw(STRAIN_OF[j], k).max(table.raw(STRAIN_OF[j], k + 2));
                let beats = tricks > par_tricks || (tricks == par_tricks && (j as i32) < par_denom);
                let key = if beats {
                    raw_score(Some(j), tricks, vulnerable)
                } else {
                    raw_score(None, prev_tricks - tricks, vulnerable)
                };
                (j, tricks, key)
            })
            .collect();
        candidates.sort_by_key(|&(_, _, key)| core::cmp::Reverse(key));
        for (j, tricks, _) in candidates {
            let beats = tricks > par_tricks || (tricks == par_tricks && (j as i32) < par_denom);
            let mut under = 0;
            let mut score = if beats {
                raw_score(Some(j), tricks, vulnerable)
            } else {
                under = prev_tricks - tricks;
                if j as i32 >= prev_denom {
                    // No sacrifice above 7NT; otherwise one level higher.
                    if prev_tricks == 13 {
                        continue;
                    }
                    under += 1;
                }
                if under <= 0 {
                    continue;
                }
                raw_score(None, under, vulnerable)
            };
            if current == 1 {
                score = -score;
            }
            if (current == 0 && score > par_score) || (current == 1 && score < par_score) {
                changed = true;
                par_score = score;
                par_denom = j as i32;
                if (current == 0 && score > 0) || (current == 1 && score < 0) {
                    par_tricks = tricks;
                    par_sac = 0;
                } else {
                    par_tricks = tricks + under;
                    par_sac = under;
                }
            }
        }
        if !changed && both_once {
            if result.found.is_empty() {
                result.best = par_score;
                if par_score == 0 {
                    return result;
                }
                result.sac_under = par_sac;
            } else if result.best != par_score {
                return result;
            }
            if result.found.len() >= 5 {
                return result;
            }
            filtered[par_denom as usize] = true;
            result.found.push((par_denom as usize, par_tricks));
            (par_denom, par_tricks, par_score, par_sac) = (-1, 6, 0, 0);
            current = 0;
            both_once = false;
        } else {
            both_once = true;
            current = 1 - current;
        }
    }
}

/// A contract in DDS's terms before it becomes a [`ParContract`].
#[derive(Copy, Clone)]
struct Raw {
    denom: usize,
    level: i32,
    over: i32,
    under: i32,
    declarer: ParDeclarer,
}

/// The contracts of one view, as DDS lists them.
fn contracts_of(table: &DdTable, view: usize, v: &View, best_ns_first: i32, vul: u8) -> Vec<Raw> {
    let side_tricks = |side: usize, j: usize| (table.raw(STRAIN_OF[j], side), table.raw(STRAIN_OF[j], side + 2));
    let side_of = |s: usize| if s == 0 { Side::NorthSouth } else { Side::EastWest };
    let declarer = |side: usize, j: usize| {
        let (a, b) = side_tricks(side, j);
        ParDeclarer::from_tricks(side_of(side), a as u8, b as u8)
    };
    let mut out = Vec::new();
    if v.sac_under > 0 {
        let dr = usize::from(v.best <= 0);
        let side = if (dr + view) % 2 == 1 { 0 } else { 1 };
        let mut found = v.found.clone();
        found.sort_by_key(|&(j, _)| j);
        for (j, tricks) in found {
            out.push(Raw { denom: j, level: tricks - 6, over: 0, under: v.sac_under, declarer: declarer(side, j) });
        }
    } else {
        let dr = usize::from(v.best >= 0);
        let side = if (dr + view) % 2 == 1 { 0 } else { 1 };
        let defenders = 1 - side;
        let (mut tu_max, mut denom_max) = (0, 0usize);
        for m in 0..5 {
            let (a, b) = side_tricks(defenders, m);
            if a.max(b) > tu_max {
                tu_max = a.max(b);
                denom_max = m;
            }
        }
        let def_vul = defender_vulnerable(best_ns_first > 0, vul);
        for &(j, tricks) in &v.found {
            let higher = i32::from(denom_max < j);
            let mut lower = tricks - tu_max - higher;
            let target = v.best.abs();
            while lower > 0 {
                let penalty = -raw_score(None, tricks - lower - tu_max + 1 - higher, def_vul);
                if target < penalty {
                    break;
                }
                lower -= 1;
            }
            let (a, b) = side_tricks(defenders, j);
            let opp = a.max(b);
            while lower > 0 {
                let penalty = -raw_score(None, tricks - lower - opp, def_vul);
                if target > penalty && v.best < 0 {
                    lower -= 1;
                } else {
                    break;
                }
            }
            let class = match j {
                0 => 0,
                1 | 2 => 1,
                _ => 2,
            };
            lower = lower.min(MAX_LOWER[class][(tricks - 6) as usize]);
            let over = match tricks - 6 {
                4 | 5 => lower.clamp(0, 3),
                3 => lower.clamp(0, 2),
                2 => lower.clamp(0, 1),
                _ => 0,
            };
            out.push(Raw { denom: j, level: tricks - 6 - over, over, under: 0, declarer: declarer(side, j) });
        }
    }
    out
}

/// The highest contract of `list` declared by `side` (by level plus
/// overtricks, then denomination rank): DDS's dominating contract.
fn dominating(list: &[Raw], side: Side) -> Option<(i32, usize)> {
    let mut dom: Option<(i32, usize)> = None;
    for c in list {
        let ss = c.level + c.over;
        let better = dom.is_none_or(|(level, denom)| ss > level || (ss == level && c.denom < denom));
        if better && c.declarer.side() == side {
            dom = Some((ss, c.denom));
        }
    }
    dom
}

pub(super) fn sides_par(table: &DdTable, vulnerability: Vulnerability) -> SidesPar {
    let vul = vulnerability.to_dds();
    let views = [search_view(table, 0, vul), search_view(table, 1, vul)];
    if views[0].best == 0 {
        return SidesPar::default();
    }
    let mut lists = [0, 1].map(|i| contracts_of(table, i, &views[i], views[0].best, vul));
    // On hot deals, drop a view's contracts that the other side's
    // highest par contract outbids.
    let dom = [dominating(&lists[0], Side::NorthSouth), dominating(&lists[1], Side::EastWest)];
    if let [Some(_), Some(_)] = dom {
        for i in 0..2 {
            let (level, denom) = dom[1 - i].expect("both present");
            let remove: Vec<usize> = lists[i]
                .iter()
                .filter(|c| c.level + c.over < level || (c.level + c.over == level && denom < c.denom))
                .map(|c| c.denom)
                .collect();
            lists[i].retain(|c| !remove.contains(&c.denom));
        }
    }
    let to_par = |i: usize| {
        let contracts = lists[i]
            .iter()
            .map(|c| ParContract {
                level: Level::new(c.level as u8),
                strain: Strain::ALL[STRAIN_OF[c.denom]],
                declarer: c.declarer,
                doubled: c.under > 0,
                result: if c.under > 0 { -(c.under as i8) } else { c.over as i8 },
            })
            .collect();
        let score = if i == 0 { views[0].best } else { -views[1].best };
        Par { score, contracts }
    };
    SidesPar { ns_first: to_par(0), ew_first: to_par(1) }
}
