//! PBN files: `PbnFile::parse` of arbitrary text, written back byte for
//! byte, and tag editing (`set_tag`, `remove_tag`, `set_tag_with_section`)
//! that must leave a file that parses again with every other game's text
//! unchanged.
//!
//! Input layout: byte 0 picks the decoding (even: UTF-8, invalid bytes
//! replaced; odd: ISO 8859-1, as the `dds` command reads a file that is not
//! UTF-8), bytes 1-5 pick an edit (operation, game, tag name, value,
//! section), the rest is the file.
#![no_main]

use dds_model::{PbnFile, PbnTagError};
use libfuzzer_sys::fuzz_target;

/// Tag names to edit, besides the game's own.
const NAMES: &[&str] =
    &["Deal", "Board", "Event", "Dealer", "Vulnerable", "OptimumResultTable", "DoubleDummyTricks", "X_1"];

/// Values to write, besides lines of the file itself.
const VALUES: &[&str] = &[
    "",
    "1",
    "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3",
    "#",
    "a \"quoted\" value",
    "ends with a backslash \\",
    "\\",
    "\\\\\"",
    "Declarer;Denomination\\2R;Result\\2R",
    "{ not a comment }",
    "; not a comment",
    "[Board \"2\"]",
    "]",
    "%",
    "\u{e9}t\u{e9}",
    "\t",
];

/// Section lines, valid and not.
const LINES: &[&str] = &["N NT 9", "S  S 10", "{ok}", "a ; comment", "{", "[x", "", " ", "1NT Pass {x} 3NT", "}", "%"];

fuzz_target!(|data: &[u8]| {
    if data.len() < 6 {
        return;
    }
    let (control, body) = data.split_at(6);
    let text: String = if control[0] % 2 == 0 {
        String::from_utf8_lossy(body).into_owned()
    } else {
        body.iter().map(|&b| char::from(b)).collect()
    };
    let Ok(file) = PbnFile::parse(&text) else { return };
    assert_eq!(file.to_string(), text, "a file written without changes is the file read");
    read_everything(&file);
    if file.games().is_empty() {
        return;
    }

    // One edit of one game.
    let g = usize::from(control[2]) % file.games().len();
    let game = &file.games()[g];
    let own: Vec<String> = game.tags().iter().map(|t| t.name().to_owned()).collect();
    let names: Vec<&str> = own.iter().map(String::as_str).chain(NAMES.iter().copied()).collect();
    let name = names[usize::from(control[3]) % names.len()];
    let file_lines: Vec<&str> = text.lines().collect();
    let values: Vec<&str> = VALUES.iter().copied().chain(file_lines.iter().copied()).collect();
    let value = values[usize::from(control[4]) % values.len()];
    let lines: Vec<&str> = (0..usize::from(control[5] % 4))
        .map(|k| {
            let pick = usize::from(control[5] / 4) + 7 * k;
            let all: Vec<&str> = LINES.iter().copied().chain(file_lines.iter().copied()).collect();
            all[pick % all.len()]
        })
        .collect();

    let mut edited = file.clone();
    let before = game.tags().iter().filter(|t| t.name() == name).count();
    let target = &mut edited.games_mut()[g];
    enum Op {
        Set,
        Remove(bool),
        Section,
    }
    let op = match control[1] % 3 {
        0 => match target.set_tag(name, value) {
            Ok(()) => Op::Set,
            Err(e) => return check_refusal(e, name, value, &[]),
        },
        1 => Op::Remove(target.remove_tag(name)),
        _ => match target.set_tag_with_section(name, value, &lines) {
            Ok(()) => Op::Section,
            Err(e) => return check_refusal(e, name, value, &lines),
        },
    };
    let game_now = &edited.games()[g];
    let out = edited.to_string();
    let reread = match PbnFile::parse(&out) {
        Ok(f) => f,
        Err(e) => panic!("the edited file does not parse: {e}\nbefore: {text:?}\nafter:  {out:?}"),
    };
    read_everything(&reread);
    if game_now.tags().is_empty() {
        // The game's only tag was removed: it is no game any more, and its
        // text joins its neighbours'.
        assert_eq!(reread.games().len(), file.games().len() - 1, "before: {text:?}\nafter:  {out:?}");
        return;
    }
    assert_eq!(reread.games().len(), file.games().len(), "game count\nbefore: {text:?}\nafter:  {out:?}");
    assert_eq!(reread.head(), file.head(), "header\nbefore: {text:?}\nafter:  {out:?}");
    for (j, (old, new)) in file.games().iter().zip(reread.games()).enumerate() {
        if j != g {
            assert_eq!(
                new.to_string(),
                old.to_string(),
                "game {j} changed by an edit of game {g}\nbefore: {text:?}\nafter:  {out:?}"
            );
        }
    }
    let new = &reread.games()[g];
    assert_eq!(new.to_string(), game_now.to_string(), "the edited game reads back as written\nafter: {out:?}");
    match op {
        Op::Set | Op::Section => {
            assert_eq!(new.tag(name), Some(value), "tag {name} after the edit\nbefore: {text:?}\nafter:  {out:?}");
            assert_eq!(new.tags().iter().filter(|t| t.name() == name).count(), before.max(1));
            if let Op::Section = op {
                let section: Vec<&str> = new.tag_pair(name).map(|t| t.section_lines().collect()).unwrap_or_default();
                let want: Vec<&str> = lines.iter().map(|l| l.trim_end_matches('\r')).collect();
                assert_eq!(section, want, "section of {name}\nbefore: {text:?}\nafter:  {out:?}");
            }
        }
        Op::Remove(removed) => {
            assert_eq!(removed, before > 0);
            let after = new.tags().iter().filter(|t| t.name() == name).count();
            assert_eq!(after, before.saturating_sub(1), "tags {name} after removing one\nafter: {out:?}");
        }
    }
});

/// Every accessor, for panics.
fn read_everything(file: &PbnFile) {
    let _ = file.header_lines().count();
    let _ = file.runaway_comments().len();
    for (i, game) in file.games().iter().enumerate() {
        let _ = (game.event(), game.board(), game.dealer(), game.vulnerable_str(), game.vulnerable());
        if let Some(Ok(deal)) = game.deal() {
            let _ = deal.into_deal();
        }
        for tag in game.tags() {
            let _ = (tag.name(), tag.value(), tag.line(), tag.section_lines().count());
            // The one-pass resolution gives what the game-by-game one does.
            let value = file.resolved_tag(i, tag.name());
            assert_eq!(file.resolved_values(tag.name(), None).nth(i).flatten(), value, "{}", tag.name());
        }
        if let Some(Err(e)) = file.resolved_deal(i) {
            let _ = e.to_string();
        }
    }
}

/// A refused edit must be refused for a reason the documentation gives.
fn check_refusal(e: PbnTagError, name: &str, value: &str, lines: &[&str]) {
    let name_ok = name.as_bytes().first().is_some_and(u8::is_ascii_alphabetic)
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
    match e {
        PbnTagError::InvalidName => assert!(!name_ok, "{name:?} refused"),
        PbnTagError::LineBreakInValue => assert!(value.contains(['\n', '\r']), "{value:?} refused"),
        PbnTagError::InvalidSectionLine(i) => assert!(i < lines.len(), "line {i} of {lines:?}"),
        _ => {}
    }
}
