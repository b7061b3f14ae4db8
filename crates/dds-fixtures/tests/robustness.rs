//! The parsers never panic: truncated and mutated copies of the hand files
//! give either records or an error that points at a line of the input.

use dds_fixtures::{hands_dir, parse_gib, parse_txt, DealRng, FixtureError};

fn read(name: &str) -> String {
    std::fs::read_to_string(hands_dir().join(name)).unwrap()
}

/// Runs both parsers on `text`; every error must name a line of `text`
/// (or line 0) and have a message.
fn parse_both(text: &str) -> [Result<usize, FixtureError>; 2] {
    let lines = text.lines().count();
    let results = [parse_txt(text).map(|r| r.len()), parse_gib(text).map(|r| r.len())];
    for err in results.iter().filter_map(|r| r.as_ref().err()) {
        assert!(err.line() <= lines, "line {} of {lines}: {err}", err.line());
        assert!(!err.to_string().is_empty());
    }
    results
}

/// [`parse_both`] for inputs whose outcome does not matter, only that the
/// parsers return.
fn exercise(text: &str) {
    let [_, _] = parse_both(text);
}

fn char_starts(text: &str) -> impl Iterator<Item = usize> + '_ {
    text.char_indices().map(|(i, _)| i).chain([text.len()])
}

#[test]
fn every_prefix_parses_or_fails_cleanly() {
    let largest = read("largest.txt");
    let texts = [read("list2.txt"), read("thomas1.txt"), read("sol10.txt"), largest[..2500].to_owned()];
    for text in &texts {
        for end in char_starts(text) {
            exercise(&text[..end]);
        }
    }
    // A prefix that cuts the last record short fails on the NUMBER count, or
    // earlier on the truncated line.
    let list2 = &texts[0];
    let cut = list2.find("PBN 1 2 4 1").unwrap() + 5;
    let err = parse_txt(&list2[..cut]).unwrap_err();
    assert_eq!(err.line(), 9);
}

/// Replacing one character of a line with another character (not a line
/// break) either leaves the file valid or gives an error on that very line.
#[test]
fn single_character_mutations_fail_on_their_line() {
    let replacements = ['"', ' ', '0', '9', '-', 'X', '.', ':', 'é', 'A', 'D', 'S', '\t'];
    for (name, txt) in [("list2.txt", true), ("thomas2.txt", true), ("sol10.txt", false)] {
        let text = read(name);
        for (pos, old) in text.char_indices().filter(|&(_, c)| c != '\n') {
            let line = text[..pos].matches('\n').count() + 1;
            for new in replacements.into_iter().filter(|&c| c != old) {
                let mutated = format!("{}{new}{}", &text[..pos], &text[pos + old.len_utf8()..]);
                let [from_txt, from_gib] = parse_both(&mutated);
                let result = if txt { from_txt } else { from_gib };
                if let Err(err) = result {
                    assert_eq!(err.line(), line, "{name}: {old:?} -> {new:?} at byte {pos}: {err}");
                }
            }
            let deleted = format!("{}{}", &text[..pos], &text[pos + old.len_utf8()..]);
            exercise(&deleted);
        }
    }
}

/// Random edits of whole files: swapped, dropped and duplicated lines, and
/// bytes-level splices.
#[test]
fn random_edits_never_panic() {
    let sources = [read("list10.txt"), read("sol10.txt")];
    let mut rng = DealRng::new(0xdd5);
    for round in 0..3000 {
        let source = &sources[round % sources.len()];
        let mut lines: Vec<String> = source.lines().map(str::to_owned).collect();
        for _ in 0..=rng.below(3) {
            let n = lines.len() as u64;
            let i = rng.below(n) as usize;
            let j = rng.below(n) as usize;
            match rng.below(5) {
                0 => lines.swap(i, j),
                1 => {
                    lines.remove(i);
                }
                2 => {
                    let copy = lines[i].clone();
                    lines.insert(j, copy);
                }
                3 => {
                    // Splice the tail of one line onto the head of another.
                    let a: Vec<char> = lines[i].chars().collect();
                    let b: Vec<char> = lines[j].chars().collect();
                    let cut_a = rng.below(a.len() as u64 + 1) as usize;
                    let cut_b = rng.below(b.len() as u64 + 1) as usize;
                    lines[i] = a[..cut_a].iter().chain(&b[cut_b..]).collect();
                }
                _ => {
                    // Overwrite a token with a number at the edge of a type.
                    let edges = ["-1", "256", "4294967296", "99999999999999999999", "-128", "\"\"", "\""];
                    let edge = edges[rng.below(edges.len() as u64) as usize];
                    let mut words: Vec<&str> = lines[i].split(' ').collect();
                    let k = rng.below(words.len() as u64) as usize;
                    words[k] = edge;
                    lines[i] = words.join(" ");
                }
            }
            if lines.is_empty() {
                break;
            }
        }
        exercise(&lines.join("\n"));
    }
}
