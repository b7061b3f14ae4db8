//! A byte-order mark past the input's first line, read as a file and as
//! standard input (found by the `cli` fuzz target: a lone mark after a bad
//! game and blank lines was the file's own mark to one reader, text out of
//! place to the other).

use dds::model::{PbnFile, PbnFileError};
use dds_cli::fuzzing::read_input;

/// Texts whose last non-blank line is a lone mark, after a good or a bad game.
const TEXTS: [&str; 4] = [
    "[Event \"x\"]\n\n\u{feff}",
    "[Event \"x\"]\n\n\u{feff}\n",
    "[Event \"x]\n\n\u{feff}",
    "[Event \"x]\n\n\n\n\n\n\u{feff}",
];

#[test]
fn a_lone_mark_after_the_first_line_is_a_bad_game_in_a_file_and_on_standard_input() {
    for text in TEXTS {
        let whole = read_input(text.as_bytes(), false).unwrap();
        let streamed = read_input(text.as_bytes(), true).unwrap();
        assert_eq!(whole, streamed, "{text:?}");
        // The mark's line holds text out of place, as the model reads it.
        let mark_line = text[..text.find('\u{feff}').unwrap()].matches('\n').count() + 1;
        let last = whole.1.last().unwrap();
        assert_eq!(last.game, Some(1), "{text:?}");
        let message = last.deal.as_ref().unwrap_err();
        assert!(message.contains(&format!("game 2: line {mark_line}: text outside a tag pair")), "{text:?}: {message}");
        // The whole text written back as it was.
        assert_eq!(whole.2, text.as_bytes());
    }
    // The model reads the good game's file the same way.
    assert_eq!(PbnFile::parse(TEXTS[0]).unwrap_err(), PbnFileError::UnexpectedText { line: 3 });
}

#[test]
fn marks_opening_the_input_and_its_games_are_read_in_both_ways() {
    let game = "[Board \"1\"]\n[Deal \"N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765\"]\n";
    let text = format!("\u{feff}{game}\n\u{feff}{game}");
    let whole = read_input(text.as_bytes(), false).unwrap();
    assert_eq!(whole, read_input(text.as_bytes(), true).unwrap());
    assert_eq!(whole.1.len(), 2);
    assert!(whole.1.iter().all(|r| r.deal.is_ok()), "{:?}", whole.1);
}
