//! Duplicate bridge scoring ([`duplicate_score`], [`score_ns`]), as the
//! Laws of Duplicate Bridge 2017, Law 77, define it.

use crate::{Contract, Level, Penalty, Side, Strain, Vulnerability};

/// The trick score of a contract that makes: 20 per trick in a minor, 30 in
/// a major, 40 for the first trick in no trump and 30 for each further one,
/// all times 2 when doubled and 4 when redoubled.
#[inline]
pub(crate) const fn trick_score(level: Level, strain: Strain, penalty: Penalty) -> i32 {
    let level = level.get() as i32;
    let undoubled = match strain {
        Strain::Clubs | Strain::Diamonds => 20 * level,
        Strain::Hearts | Strain::Spades => 30 * level,
        Strain::NoTrump => 30 * level + 10,
    };
    undoubled * penalty.multiplier()
}

/// The duplicate score of declarer's side for a contract and the number of
/// tricks declarer's side took (0 to 13), following the Laws of Duplicate
/// Bridge 2017 (Law 77); `None` when `tricks > 13`.
///
/// A contract that makes scores:
/// * the trick score: 20 per trick bid in a minor, 30 in a major, 40 for the
///   first and 30 for each further trick in no trump, times 2 when doubled
///   and 4 when redoubled;
/// * a game bonus of 300 (500 vulnerable) when the trick score is at least
///   100, else a part-score bonus of 50;
/// * a slam bonus of 500 (750) for a small slam, 1000 (1500) for a grand;
/// * 50 for making a doubled contract, 100 a redoubled one;
/// * per overtrick: the trick value (20 or 30) undoubled, 100 (200) doubled,
///   200 (400) redoubled.
///
/// A contract that fails scores minus, per undertrick: 50 (100) undoubled;
/// doubled 100, 200, 200, then 300 each (vulnerable 200, then 300 each);
/// redoubled twice as much as doubled.
///
/// ```
/// use dds_model::{duplicate_score, Level, Penalty, Strain};
/// let four_spades = |penalty, vulnerable, tricks| {
///     duplicate_score(Level::new(4), Strain::Spades, penalty, vulnerable, tricks)
/// };
/// assert_eq!(four_spades(Penalty::Undoubled, false, 10), Some(420));
/// assert_eq!(four_spades(Penalty::Undoubled, true, 11), Some(650));
/// assert_eq!(four_spades(Penalty::Doubled, false, 10), Some(590));
/// assert_eq!(four_spades(Penalty::Redoubled, true, 10), Some(1080));
/// assert_eq!(four_spades(Penalty::Doubled, false, 7), Some(-500));
/// assert_eq!(four_spades(Penalty::Undoubled, true, 8), Some(-200));
/// assert_eq!(four_spades(Penalty::Undoubled, true, 14), None);
/// ```
pub const fn duplicate_score(
    level: Level,
    strain: Strain,
    penalty: Penalty,
    vulnerable: bool,
    tricks: u8,
) -> Option<i32> {
    if tricks > 13 {
        return None;
    }
    let needed = level.tricks_needed();
    let score = if tricks >= needed {
        let overtricks = (tricks - needed) as i32;
        let contract_points = trick_score(level, strain, penalty);
        let game_bonus = match (contract_points >= 100, vulnerable) {
            (false, _) => 50,
            (true, false) => 300,
            (true, true) => 500,
        };
        let slam_bonus = match (level.get(), vulnerable) {
            (6, false) => 500,
            (6, true) => 750,
            (7, false) => 1000,
            (7, true) => 1500,
            _ => 0,
        };
        let vul_factor = if vulnerable { 2 } else { 1 };
        let (insult, overtrick_value) = match penalty {
            Penalty::Undoubled => (0, if strain.is_minor() { 20 } else { 30 }),
            Penalty::Doubled => (50, 100 * vul_factor),
            Penalty::Redoubled => (100, 200 * vul_factor),
        };
        contract_points + game_bonus + slam_bonus + insult + overtricks * overtrick_value
    } else {
        let undertricks = (needed - tricks) as i32;
        let doubled = match (vulnerable, undertricks) {
            // Non-vulnerable: 100, then 200 for the second and third, then 300.
            (false, 1..=3) => 200 * undertricks - 100,
            (false, _) => 300 * undertricks - 400,
            // Vulnerable: 200, then 300 each.
            (true, _) => 300 * undertricks - 100,
        };
        let penalty_points = match penalty {
            Penalty::Undoubled => (if vulnerable { 100 } else { 50 }) * undertricks,
            Penalty::Doubled => doubled,
            Penalty::Redoubled => 2 * doubled,
        };
        -penalty_points
    };
    Some(score)
}

/// The duplicate score of a contract from North-South's point of view when
/// declarer's side takes `tricks` tricks: positive when North-South gain,
/// negative when East-West gain; `None` when `tricks > 13`.
///
/// This is the sign convention of par scores and of DDS's `score` fields.
///
/// ```
/// use dds_model::{score_ns, Contract, Vulnerability};
/// let contract: Contract = "4HX by E".parse()?;
/// assert_eq!(score_ns(contract, Vulnerability::EastWest, 10), Some(-790));
/// assert_eq!(score_ns(contract, Vulnerability::EastWest, 9), Some(200));
/// let contract: Contract = "3NT by S".parse()?;
/// assert_eq!(score_ns(contract, Vulnerability::None, 9), Some(400));
/// # Ok::<_, dds_model::ParseError>(())
/// ```
#[inline]
pub const fn score_ns(contract: Contract, vulnerability: Vulnerability, tricks: u8) -> Option<i32> {
    match contract.score(tricks, contract.is_vulnerable(vulnerability)) {
        Some(score) => Some(match contract.side() {
            Side::NorthSouth => score,
            Side::EastWest => -score,
        }),
        None => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Seat;

    /// Parses `4SX` etc. (no declarer) into its parts.
    fn parts(text: &str) -> (Level, Strain, Penalty) {
        let c = Contract::from_ascii_with_declarer(text.as_bytes(), Seat::North).unwrap();
        (c.level, c.strain, c.penalty)
    }

    fn score(text: &str, vulnerable: bool, tricks: u8) -> i32 {
        let (level, strain, penalty) = parts(text);
        duplicate_score(level, strain, penalty, vulnerable, tricks).unwrap()
    }

    /// Cases from the standard duplicate scoring table: contract, result
    /// relative to the contract (+overtricks, -undertricks), non-vulnerable
    /// score, vulnerable score.
    const TABLE: &[(&str, i8, i32, i32)] = &[
        // Part scores, undoubled.
        ("1C", 0, 70, 70),
        ("1D", 0, 70, 70),
        ("1H", 0, 80, 80),
        ("1S", 0, 80, 80),
        ("1NT", 0, 90, 90),
        ("1NT", 1, 120, 120),
        ("1NT", 2, 150, 150),
        ("1C", 6, 190, 190),
        ("2C", 0, 90, 90),
        ("2D", 1, 110, 110),
        ("2H", 0, 110, 110),
        ("2S", 2, 170, 170),
        ("2NT", 0, 120, 120),
        ("3C", 0, 110, 110),
        ("3D", 2, 150, 150),
        ("3H", 0, 140, 140),
        ("3S", 1, 170, 170),
        ("4C", 0, 130, 130),
        ("4D", 1, 150, 150),
        // Games, undoubled.
        ("3NT", 0, 400, 600),
        ("3NT", 1, 430, 630),
        ("3NT", 4, 520, 720),
        ("2NT", 1, 150, 150),
        ("4H", 0, 420, 620),
        ("4S", 0, 420, 620),
        ("4S", 1, 450, 650),
        ("4S", 3, 510, 710),
        ("4NT", 0, 430, 630),
        ("5C", 0, 400, 600),
        ("5D", 1, 420, 620),
        ("5H", 0, 450, 650),
        ("5NT", 0, 460, 660),
        // Slams, undoubled.
        ("6C", 0, 920, 1370),
        ("6D", 1, 940, 1390),
        ("6H", 0, 980, 1430),
        ("6S", 1, 1010, 1460),
        ("6NT", 0, 990, 1440),
        ("6NT", 1, 1020, 1470),
        ("7C", 0, 1440, 2140),
        ("7D", 0, 1440, 2140),
        ("7H", 0, 1510, 2210),
        ("7S", 0, 1510, 2210),
        ("7NT", 0, 1520, 2220),
        // Doubled and redoubled, made.
        ("1CX", 0, 140, 140),
        ("1CX", 1, 240, 340),
        ("1CX", 6, 740, 1340),
        ("1CXX", 0, 230, 230),
        ("1CXX", 1, 430, 630),
        ("1DXX", 0, 230, 230),
        ("1HX", 0, 160, 160),
        ("1HXX", 0, 520, 720),
        ("1NTX", 0, 180, 180),
        ("1NTX", 1, 280, 380),
        ("1NTXX", 0, 560, 760),
        ("2CX", 0, 180, 180),
        ("2CXX", 0, 560, 760),
        ("2HX", 0, 470, 670),
        ("2HX", 1, 570, 870),
        ("2HXX", 0, 640, 840),
        ("2NTX", 0, 490, 690),
        ("3DX", 0, 470, 670),
        ("3NTX", 0, 550, 750),
        ("3NTX", 1, 650, 950),
        ("3NTXX", 0, 800, 1000),
        ("3NTXX", 1, 1000, 1400),
        ("4SX", 0, 590, 790),
        ("4SX", 1, 690, 990),
        ("4SXX", 0, 880, 1080),
        ("4SXX", 1, 1080, 1480),
        ("5CX", 0, 550, 750),
        ("5DXX", 0, 800, 1000),
        ("6CX", 0, 1090, 1540),
        ("6HX", 0, 1210, 1660),
        ("6NTX", 0, 1230, 1680),
        ("6SXX", 0, 1620, 2070),
        ("7CX", 0, 1630, 2330),
        ("7NTX", 0, 1790, 2490),
        ("7NTXX", 0, 2280, 2980),
        // Undoubled undertricks.
        ("4S", -1, -50, -100),
        ("4S", -2, -100, -200),
        ("3NT", -3, -150, -300),
        ("7NT", -4, -200, -400),
        ("7C", -13, -650, -1300),
        // Doubled undertricks.
        ("4SX", -1, -100, -200),
        ("4SX", -2, -300, -500),
        ("4SX", -3, -500, -800),
        ("4SX", -4, -800, -1100),
        ("4SX", -5, -1100, -1400),
        ("4SX", -6, -1400, -1700),
        ("7NTX", -7, -1700, -2000),
        ("7NTX", -13, -3500, -3800),
        // Redoubled undertricks.
        ("4SXX", -1, -200, -400),
        ("4SXX", -2, -600, -1000),
        ("4SXX", -3, -1000, -1600),
        ("4SXX", -4, -1600, -2200),
        ("4SXX", -5, -2200, -2800),
        ("7NTXX", -13, -7000, -7600),
    ];

    #[test]
    fn scoring_table() {
        assert!(TABLE.len() >= 40);
        for &(text, result, non_vul, vul) in TABLE {
            let (level, ..) = parts(text);
            let tricks = (level.tricks_needed() as i8 + result) as u8;
            assert_eq!(score(text, false, tricks), non_vul, "{text} {result:+} non-vulnerable");
            assert_eq!(score(text, true, tricks), vul, "{text} {result:+} vulnerable");
        }
    }

    /// A slow, trick-by-trick statement of the same rules, for the exhaustive
    /// comparison below.
    fn reference_score(level: u8, strain: Strain, penalty: Penalty, vul: bool, tricks: u8) -> i32 {
        let needed = level + 6;
        let times = match penalty {
            Penalty::Undoubled => 1,
            Penalty::Doubled => 2,
            Penalty::Redoubled => 4,
        };
        if tricks >= needed {
            let mut total = 0;
            for trick in 1..=level {
                total += times
                    * match strain {
                        Strain::NoTrump if trick == 1 => 40,
                        Strain::NoTrump | Strain::Spades | Strain::Hearts => 30,
                        Strain::Diamonds | Strain::Clubs => 20,
                    };
            }
            let contract_points = total;
            total += if contract_points < 100 {
                50
            } else if vul {
                500
            } else {
                300
            };
            total += match level {
                6 if vul => 750,
                6 => 500,
                7 if vul => 1500,
                7 => 1000,
                _ => 0,
            };
            total += [0, 50, 100][penalty as usize];
            for _ in needed..tricks {
                total += match penalty {
                    Penalty::Undoubled if strain.is_minor() => 20,
                    Penalty::Undoubled => 30,
                    _ => times / 2 * if vul { 200 } else { 100 },
                };
            }
            total
        } else {
            let mut total = 0;
            for undertrick in 1..=(needed - tricks) {
                total -= match (penalty, vul, undertrick) {
                    (Penalty::Undoubled, false, _) => 50,
                    (Penalty::Undoubled, true, _) => 100,
                    (_, false, 1) => 50 * times,
                    (_, false, 2 | 3) => 100 * times,
                    (_, false, _) => 150 * times,
                    (_, true, 1) => 100 * times,
                    (_, true, _) => 150 * times,
                };
            }
            total
        }
    }

    /// Every (level, strain, penalty, vulnerability, tricks), in order of
    /// tricks.
    fn for_each_case(mut f: impl FnMut(Level, Strain, Penalty, bool, &[i32])) {
        for level in Level::ALL {
            for strain in Strain::ALL {
                for penalty in Penalty::ALL {
                    for vul in [false, true] {
                        let scores: Vec<i32> =
                            (0..=13).map(|t| duplicate_score(level, strain, penalty, vul, t).unwrap()).collect();
                        f(level, strain, penalty, vul, &scores);
                    }
                }
            }
        }
    }

    #[test]
    fn matches_reference() {
        let mut cases = 0;
        for_each_case(|level, strain, penalty, vul, scores| {
            for (tricks, &score) in scores.iter().enumerate() {
                let expected = reference_score(level.get(), strain, penalty, vul, tricks as u8);
                assert_eq!(score, expected, "{level}{strain}{penalty} vul {vul} tricks {tricks}");
                cases += 1;
            }
        });
        assert_eq!(cases, 7 * 5 * 3 * 2 * 14);
    }

    #[test]
    fn sign_and_monotonicity() {
        for_each_case(|level, strain, penalty, vul, scores| {
            let needed = level.tricks_needed() as usize;
            for (tricks, &score) in scores.iter().enumerate() {
                let case = format!("{level}{strain}{penalty} vul {vul} tricks {tricks}");
                assert_eq!(score > 0, tricks >= needed, "{case}");
                assert_ne!(score, 0);
                assert_eq!(score % 10, 0);
            }
            assert!(scores.windows(2).all(|w| w[0] < w[1]), "{level}{strain}{penalty} {scores:?}");
        });
    }

    #[test]
    fn vulnerability_and_doubling_raise_the_stakes() {
        for level in Level::ALL {
            for strain in Strain::ALL {
                for tricks in 0..=13 {
                    let made = tricks >= level.tricks_needed();
                    let at = |penalty, vul| duplicate_score(level, strain, penalty, vul, tricks);
                    for penalty in Penalty::ALL {
                        let (non_vul, vul) = (at(penalty, false), at(penalty, true));
                        assert!(if made { vul >= non_vul } else { vul < non_vul });
                    }
                    for vul in [false, true] {
                        let scores = Penalty::ALL.map(|penalty| at(penalty, vul).unwrap());
                        if made {
                            assert!(scores[0] < scores[1] && scores[1] < scores[2]);
                        } else {
                            assert!(scores[0] > scores[1] && scores[1] > scores[2]);
                            assert_eq!(scores[2], 2 * scores[1]);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn extremes() {
        let mut all = Vec::new();
        for_each_case(|_, _, _, _, scores| all.extend_from_slice(scores));
        // 1NTXX made with six overtricks, vulnerable: 160 + 500 + 100 + 6 * 400.
        assert_eq!(all.iter().max(), Some(&3160));
        assert_eq!(all.iter().min(), Some(&-7600));
    }

    #[test]
    fn too_many_tricks() {
        for_each_case(|level, strain, penalty, vul, _| {
            for tricks in 14..=u8::MAX {
                assert_eq!(duplicate_score(level, strain, penalty, vul, tricks), None);
            }
        });
        let contract: Contract = "1C by N".parse().unwrap();
        assert_eq!(contract.score(14, false), None);
        assert_eq!(score_ns(contract, Vulnerability::None, 14), None);
    }

    #[test]
    fn north_south_sign() {
        for level in Level::ALL {
            for strain in Strain::ALL {
                for penalty in Penalty::ALL {
                    for declarer in Seat::ALL {
                        let contract = Contract::new(level, strain, penalty, declarer);
                        for vulnerability in Vulnerability::ALL {
                            let vul = vulnerability.is_vulnerable(declarer);
                            for tricks in 0..=13 {
                                let own = contract.score(tricks, vul).unwrap();
                                let ns = score_ns(contract, vulnerability, tricks).unwrap();
                                match declarer.side() {
                                    Side::NorthSouth => assert_eq!(ns, own),
                                    Side::EastWest => assert_eq!(ns, -own),
                                }
                            }
                        }
                    }
                }
            }
        }
        let contract: Contract = "4S by W".parse().unwrap();
        assert_eq!(score_ns(contract, Vulnerability::NorthSouth, 10), Some(-420));
        assert_eq!(score_ns(contract, Vulnerability::EastWest, 10), Some(-620));
        assert_eq!(score_ns(contract, Vulnerability::Both, 8), Some(200));
        let contract: Contract = "4S by N".parse().unwrap();
        assert_eq!(score_ns(contract, Vulnerability::EastWest, 10), Some(420));
        assert_eq!(score_ns(contract, Vulnerability::NorthSouth, 8), Some(-200));
    }
}
