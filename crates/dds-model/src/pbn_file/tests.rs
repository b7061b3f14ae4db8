//! Unit tests of PBN files: reading, writing back, tags and errors.

use super::*;

const DEAL1: &str = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";
const DEAL2: &str = "E:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";
const DEAL3: &str = "S:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432";

/// An export in the style of Bridge Composer: escape-line header, every
/// tag of the export format, double dummy results with an
/// `[OptimumResultTable]` section, commentary, a final blank line.
fn bridge_composer() -> String {
    let mut table = String::new();
    for (seat, tricks) in
        [("N", [6, 5, 6, 6, 7]), ("S", [6, 5, 6, 6, 7]), ("E", [7, 8, 7, 6, 6]), ("W", [7, 8, 7, 7, 6])]
    {
        for (strain, n) in ["NT", " S", " H", " D", " C"].iter().zip(tricks) {
            table.push_str(&format!("{seat} {strain} {n}\n"));
        }
    }
    let game = |board: u32, dealer: &str, vul: &str, deal: &str, comment: &str| {
        format!(
            "[Event \"Tuesday Pairs\"]\n[Site \"Bridge Club\"]\n[Date \"2024.06.03\"]\n[Board \"{board}\"]\n\
             [West \"\"]\n[North \"\"]\n[East \"\"]\n[South \"\"]\n[Dealer \"{dealer}\"]\n\
             [Vulnerable \"{vul}\"]\n[Deal \"{deal}\"]\n[Scoring \"\"]\n[Declarer \"\"]\n\
             [Contract \"\"]\n[Result \"\"]\n[BCFlags \"1f\"]\n\
             [DoubleDummyTricks \"65667766857686778676\"]\n[OptimumScore \"EW 110\"]\n\
             [ParContract \"EW 2S\"]\n[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\n\
             {table}{comment}\n\n"
        )
    };
    let mut text = String::from(
        "% PBN 2.1\n% EXPORT\n%Content-type: text/x-pbn; charset=ISO-8859-1\n\
         %Creator: Bridge Composer Version 5.98\n%Created: Mon Jun 03 10:15:42 2024 +0200\n\
         %BCOptions Float Justify NoHRStats ShowHCP STBorder STShade\n\
         %PipColors #0000ff,#ff0000,#ffc000,#008000\n\
         %PipFont \"Symbol\",\"Symbol\",2,0xAA,0xA9,0xA8,0xA7\n\
         %HRTitleEvent \"Tuesday Pairs\"\n",
    );
    text += &game(1, "N", "None", DEAL1, "{North opens 1C; the defence\nmust cash the spades [quickly].}");
    text += &game(2, "E", "NS", DEAL2, "{}");
    text += &game(3, "S", "EW", DEAL3, "{A freak: each hand holds one suit.}");
    text
}

/// A hand-written file with CRLF line endings, comments of both kinds
/// (one with a blank line inside), an auction and a play section, and
/// tags sharing a line.
fn commented_crlf() -> String {
    "% PBN 2.1\n% EXPORT\n\n\
     { Hand records of the Tuesday game.\n\n  Analysis by the director. }\n\n\
     [Event \"Tuesday \\\"Open\\\" Pairs\"]\n\
     [Site \"Club\"] ; the usual place\n\
     [Board \"1\"] [Dealer \"N\"]\n\
     [Vulnerable \"None\"]\n\
     [Deal \"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\"]\n\
     { North has a flat 10 count. }\n\
     [Auction \"N\"]\n\
     1D =1= Pass 1S Pass\n\
     2NT Pass 3NT Pass ; 3NT is normal\n\
     Pass Pass\n\
     [Note \"1:could be short\"]\n\
     [Declarer \"S\"]\n[Contract \"3NT\"]\n\
     [Play \"W\"]\n\
     S4 S6 S7 SK\n\
     C2 C3 {a deceptive card} C4 C8\n\
     *\n\
     [Result \"9\"]\n\
     \n\n\
     ; a comment block between games\n\
     \n\
     [Event \"Tuesday \\\"Open\\\" Pairs\"]\n\
     [Board \"2\"]\t\n\
     [Dealer \"E\"]\n\
     [Deal \"E:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\"]\n\
     \n"
    .replace('\n', "\r\n")
}

/// Games that copy tag values from the game before with `#`, and a last
/// game with no final line break.
fn inherited() -> String {
    format!(
        "[Event \"Club Teams\"]\n[Site \"Room 1\"]\n[Date \"2024.06.04\"]\n[Board \"1\"]\n[Dealer \"N\"]\n[Deal \"{DEAL1}\"]\n\n\
         [Event \"#\"]\n[Site \"Room 2\"]\n[Date \"#\"]\n[Board \"1\"]\n[Dealer \"#\"]\n[Deal \"#\"]\n\n\
         [Event \"#\"]\n[Site \"#\"]\n[Date \"#\"]\n[Board \"2\"]\n[Dealer \"E\"]\n[Deal \"{DEAL2}\"]"
    )
}

fn samples() -> Vec<String> {
    vec![bridge_composer(), commented_crlf(), inherited()]
}

#[test]
// Too slow under Miri (whole files as text, no unsafe code of its own; the
// smaller pbn_file tests run under Miri).
#[cfg_attr(miri, ignore = "too slow under Miri")]
fn round_trip_is_byte_identical() {
    for text in samples() {
        let file = PbnFile::parse(&text).unwrap();
        assert_eq!(file.to_string(), text);
        // Variations of the layout: a byte-order mark, no final line
        // break, extra blank lines, blank lines of spaces.
        for variant in [
            format!("\u{feff}{text}"),
            text.trim_end().to_owned(),
            text.replace("\n\n", "\n\n\n"),
            text.replace("\n\n", "\n  \t\n"),
            format!("\n\n{text}\n\n"),
        ] {
            let file = PbnFile::parse(&variant).unwrap();
            assert_eq!(file.to_string(), variant);
            assert_eq!(file.games().len(), PbnFile::parse(&text).unwrap().games().len());
        }
    }
}

/// Files joined with `cat`, each opening with a byte-order mark: the
/// marks inside open games, and the text is written back as it was.
#[test]
fn joined_files_with_byte_order_marks() {
    for text in samples() {
        let one = PbnFile::parse(&text).unwrap().games().len();
        let joined = format!("\u{feff}{text}\n\n\u{feff}{text}");
        let file = PbnFile::parse(&joined).unwrap();
        assert_eq!(file.games().len(), 2 * one);
        assert_eq!(file.to_string(), joined);
        let first = |g: &PbnGame| (g.tags()[0].name().to_owned(), g.tags()[0].value().to_owned());
        assert_eq!(first(&file.games()[one]), first(&file.games()[0]));
    }
    // A mark alone on its line opens nothing: text out of place.
    assert_eq!(
        PbnFile::parse("[Event \"\"]\n\n\u{feff}\n[Site \"\"]\n").unwrap_err(),
        PbnFileError::UnexpectedText { line: 3 }
    );
}

/// Removing the only tag of a game that a byte-order mark opens takes
/// the mark with it, and the file still reads (found by fuzzing: the
/// mark was left alone on its line).
#[test]
fn removing_a_marked_games_last_tag() {
    // The file, the game whose only tag is removed, the file after.
    for (text, g, want) in [
        ("\n\u{feff}[Board \"9\"]\n", 0, "\n"),
        ("[A \"1\"]\n\n\u{feff}[B \"2\"]\n\n[C \"3\"]\n", 1, "[A \"1\"]\n\n\n[C \"3\"]\n"),
        ("[A \"1\"]\n\n\u{feff} \t[B \"2\"]", 1, "[A \"1\"]\n\n"),
        ("[A \"1\"]\n\n\u{feff}\r[B \"2\"]\n", 1, "[A \"1\"]\n\n"),
    ] {
        let mut file = PbnFile::parse(text).unwrap();
        let name = file.games()[g].tags()[0].name().to_owned();
        assert!(file.games_mut()[g].remove_tag(&name));
        let out = file.to_string();
        assert_eq!(out, want, "{text:?}");
        let reread = PbnFile::parse(&out).unwrap();
        assert_eq!(reread.games().len(), file.games().len() - 1);
    }
    // A mark before a comment stays: the comment still opens a block.
    let mut file = PbnFile::parse("[A \"1\"]\n\n\u{feff}{note}\n[B \"2\"]\n").unwrap();
    assert!(file.games_mut()[1].remove_tag("B"));
    assert_eq!(file.to_string(), "[A \"1\"]\n\n\u{feff}{note}\n");
    assert_eq!(PbnFile::parse(&file.to_string()).unwrap().games().len(), 1);
}

#[test]
fn bridge_composer_file() {
    let text = bridge_composer();
    let file: PbnFile = text.parse().unwrap();
    let header: Vec<&str> = file.header_lines().collect();
    assert_eq!(header.len(), 9);
    assert_eq!(header[0], "% PBN 2.1");
    assert_eq!(header[8], "%HRTitleEvent \"Tuesday Pairs\"");
    assert_eq!(file.games().len(), 3);

    let game = &file.games()[0];
    assert_eq!(game.tags().len(), 20);
    assert_eq!(game.event(), Some("Tuesday Pairs"));
    assert_eq!(game.board(), Some(1));
    assert_eq!(game.dealer(), Some(Seat::North));
    assert_eq!(game.vulnerable_str(), Some("None"));
    assert_eq!(game.tag("West"), Some(""));
    assert_eq!(game.deal().unwrap().unwrap().to_string(), DEAL1);
    let table = game.tag_pair("OptimumResultTable").unwrap();
    assert_eq!(table.value(), "Declarer;Denomination\\2R;Result\\2R");
    assert_eq!(table.line(), Some(29));
    let rows: Vec<&str> = table.section_lines().collect();
    assert_eq!(rows.len(), 22, "20 rows and the two lines of commentary");
    assert_eq!(rows[0], "N NT 6");
    assert_eq!(rows[16], "W  S 8");
    assert_eq!(rows[21], "must cash the spades [quickly].}");

    let game = &file.games()[2];
    assert_eq!((game.board(), game.dealer(), game.vulnerable_str()), (Some(3), Some(Seat::South), Some("EW")));
    let deal = game.deal().unwrap().unwrap().into_deal().unwrap();
    assert_eq!(deal[Seat::South].to_string(), "AKQJT98765432...");
}

#[test]
fn comments_and_crlf() {
    let text = commented_crlf();
    let file = PbnFile::parse(&text).unwrap();
    assert_eq!(file.header_lines().collect::<Vec<_>>(), ["% PBN 2.1", "% EXPORT"]);
    // The blank line inside the first comment does not end a game, and
    // the comment-only blocks are not games.
    assert_eq!(file.games().len(), 2);

    let game = &file.games()[0];
    assert_eq!(game.event(), Some("Tuesday \"Open\" Pairs"));
    assert_eq!(game.tag("Site"), Some("Club"));
    assert_eq!(game.board(), Some(1));
    assert_eq!(game.dealer(), Some(Seat::North));
    assert_eq!(game.tag_pair("Dealer").unwrap().line(), Some(10));
    let auction = game.tag_pair("Auction").unwrap();
    assert_eq!(
        auction.section_lines().collect::<Vec<_>>(),
        ["1D =1= Pass 1S Pass", "2NT Pass 3NT Pass ; 3NT is normal", "Pass Pass"]
    );
    let play = game.tag_pair("Play").unwrap();
    assert_eq!(play.section_lines().collect::<Vec<_>>(), ["S4 S6 S7 SK", "C2 C3 {a deceptive card} C4 C8", "*"]);
    let deal = game.tag_pair("Deal").unwrap();
    assert_eq!(deal.section_lines().collect::<Vec<_>>(), ["{ North has a flat 10 count. }"]);
    assert_eq!(game.tag("Result"), Some("9"));

    let game = &file.games()[1];
    assert_eq!(game.board(), Some(2));
    assert_eq!(game.tag_pair("Board").unwrap().line(), Some(31));
    assert_eq!(game.tag_pair("Board").unwrap().section_lines().count(), 0);
    assert_eq!(file.resolved_deal(1), Some(Ok(DEAL2.parse().unwrap())));

    // New text takes the file's line ending.
    let mut file = file;
    file.games_mut()[1].set_tag_with_section("OptimumResultTable", "x", ["N NT 9"]).unwrap();
    let out = file.to_string();
    assert!(out.ends_with("\r\n[OptimumResultTable \"x\"]\r\nN NT 9\r\n\r\n"), "{out:?}");
    assert!(!out.replace("\r\n", "").contains('\n'));
}

#[test]
fn copy_rule() {
    let file = PbnFile::parse(&inherited()).unwrap();
    assert_eq!(file.games().len(), 3);
    assert_eq!(file.games()[1].tag("Event"), Some("#"));
    assert_eq!(file.resolved_tag(1, "Event"), Some("Club Teams"));
    assert_eq!(file.resolved_tag(2, "Event"), Some("Club Teams"));
    assert_eq!(file.resolved_tag(2, "Site"), Some("Room 2"));
    assert_eq!(file.resolved_tag(2, "Date"), Some("2024.06.04"));
    assert_eq!(file.resolved_tag(1, "Dealer"), Some("N"));
    assert_eq!(file.resolved_tag(2, "Dealer"), Some("E"));
    assert_eq!(file.resolved_tag(2, "Missing"), None);
    assert_eq!(file.resolved_tag(3, "Event"), None);
    assert_eq!(file.resolved_deal(1).unwrap().unwrap().to_string(), DEAL1);
    assert_eq!(file.resolved_deal(2), Some(Ok(DEAL2.parse().unwrap())));
    assert!(file.games()[1].deal().unwrap().is_err());

    // Resolution follows edits of earlier games.
    let mut file = file;
    file.games_mut()[0].set_tag("Event", "Renamed").unwrap();
    assert_eq!(file.resolved_tag(2, "Event"), Some("Renamed"));
    // A "#" with no earlier value does not resolve.
    let file = PbnFile::parse("[Event \"#\"]\n\n[Event \"#\"]\n").unwrap();
    assert_eq!(file.resolved_tag(1, "Event"), None);
    assert_eq!(file.resolved_deal(1), None);
}

/// `resolved_values` gives, in one pass, what `resolved_tag` gives game
/// by game: on the copy-rule file, on chains broken by a game without
/// the tag, and with a value from before the text.
#[test]
fn resolved_values_equal_resolved_tag() {
    let texts = [
        inherited(),
        "[Event \"#\"]\n\n[Event \"A\"]\n\n[Event \"#\"]\n\n[Board \"4\"]\n\n[Event \"#\"]\n\n[Event \"B\"]\n"
            .to_owned(),
        bridge_composer(),
    ];
    for text in &texts {
        let file = PbnFile::parse(text).unwrap();
        for name in ["Event", "Site", "Date", "Dealer", "Deal", "Board", "Missing"] {
            let each: Vec<_> = (0..file.games().len()).map(|g| file.resolved_tag(g, name)).collect();
            let pass: Vec<_> = file.resolved_values(name, None).collect();
            assert_eq!(pass, each, "{name} in {text:?}");
        }
    }
    let file = PbnFile::parse(&texts[1]).unwrap();
    let carried: Vec<_> = file.resolved_values("Event", Some("Before")).collect();
    assert_eq!(carried, [Some("Before"), Some("A"), Some("A"), None, None, Some("B")]);
}

#[test]
fn edits_touch_only_their_tag() {
    let text = bridge_composer();
    let mut file = PbnFile::parse(&text).unwrap();
    let game = &mut file.games_mut()[1];
    game.set_tag("Event", "Renamed").unwrap();
    game.set_tag("DoubleDummyTricks", "a9a9a9a9a9a9a9a9a9a9").unwrap();
    game.set_tag_with_section("OptimumResultTable", "Declarer;Denomination\\2R;Result\\2R", ["N NT 13"]).unwrap();
    game.set_tag("ParTricks", "13").unwrap();
    let out = file.to_string();

    // Everything before the second game and from the third game on is
    // untouched.
    let second = text.find("\n\n[Event").unwrap() + 2;
    let third = text.rfind("\n\n[Event").unwrap() + 2;
    assert_eq!(out[..second], text[..second]);
    assert!(out.ends_with(&text[third..]));
    let new_second = &out[second..out.len() - (text.len() - third)];
    let old_second = &text[second..third];
    let expected = old_second
        .replace("[Event \"Tuesday Pairs\"]", "[Event \"Renamed\"]")
        .replace("65667766857686778676", "a9a9a9a9a9a9a9a9a9a9");
    let table_at = expected.find("[OptimumResultTable").unwrap();
    let expected = format!(
        "{}[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\nN NT 13\n[ParTricks \"13\"]\n\n",
        &expected[..table_at]
    );
    assert_eq!(new_second, expected);

    // The edited file reads back with the new values.
    let again = PbnFile::parse(&out).unwrap();
    let game = &again.games()[1];
    assert_eq!(game.event(), Some("Renamed"));
    assert_eq!(game.tag("ParTricks"), Some("13"));
    assert_eq!(game.tag_pair("OptimumResultTable").unwrap().section_lines().collect::<Vec<_>>(), ["N NT 13"]);
    assert_eq!(again.games()[0], file.games()[0]);

    // Replacing a section in the middle of a game, and of a tag that
    // shares its line with the next one.
    let mut file = PbnFile::parse(&commented_crlf()).unwrap();
    let game = &mut file.games_mut()[0];
    game.set_tag_with_section("Auction", "N", ["1NT Pass 3NT AP"]).unwrap();
    game.set_tag_with_section("Board", "1", Vec::<String>::new()).unwrap();
    let out = file.to_string();
    assert!(out.contains("[Board \"1\"]\r\n[Dealer \"N\"]\r\n"));
    assert!(out.contains("{ North has a flat 10 count. }\r\n[Auction \"N\"]\r\n1NT Pass 3NT AP\r\n[Note"));
    let again = PbnFile::parse(&out).unwrap();
    assert_eq!(again.games()[0].dealer(), Some(Seat::North));
    assert_eq!(again.games().len(), 2);
}

#[test]
fn edits_at_the_end_of_a_file_without_line_break() {
    let mut file = PbnFile::parse("[Board \"1\"]\n[Deal \"N:- - - -\"]").unwrap();
    let game = &mut file.games_mut()[0];
    game.set_tag("Event", "E").unwrap();
    assert_eq!(file.to_string(), "[Board \"1\"]\n[Deal \"N:- - - -\"]\n[Event \"E\"]");
    let game = &mut file.games_mut()[0];
    game.set_tag_with_section("Event", "F", ["a", "b"]).unwrap();
    assert_eq!(file.to_string(), "[Board \"1\"]\n[Deal \"N:- - - -\"]\n[Event \"F\"]\na\nb");
    assert!(file.games_mut()[0].remove_tag("Event"));
    assert_eq!(file.to_string(), "[Board \"1\"]\n[Deal \"N:- - - -\"]\n");

    // Removing the last tag keeps the games apart.
    let mut file = PbnFile::parse("[Board \"1\"] [Result \"9\"]\n\n[Board \"2\"]\n").unwrap();
    assert!(file.games_mut()[0].remove_tag("Result"));
    assert_eq!(file.to_string(), "[Board \"1\"] \n\n[Board \"2\"]\n");
    assert_eq!(PbnFile::parse(&file.to_string()).unwrap().games().len(), 2);
    // A game that lost all its tags and gets a new one.
    let mut file = PbnFile::parse("{c} [Board \"1\"]\n").unwrap();
    assert!(file.games_mut()[0].remove_tag("Board"));
    file.games_mut()[0].set_tag("Board", "2").unwrap();
    assert_eq!(file.to_string(), "{c} \n[Board \"2\"]\n");
}

#[test]
// Too slow under Miri (text round trips, no unsafe code of its own; the
// smaller pbn_file tests run under Miri).
#[cfg_attr(miri, ignore = "too slow under Miri")]
fn values_round_trip_through_escapes() {
    let alphabet = ['a', ' ', '\\', '"', '[', ']', '{', '}', ';', '#', '%', 'é'];
    let mut rng = crate::SplitMix64::new(11);
    for _ in 0..3000 {
        let len = rng.below(8);
        let value: String = (0..len).map(|_| alphabet[rng.below(alphabet.len() as u64) as usize]).collect();
        let mut file = PbnFile::parse("[Board \"1\"]\n").unwrap();
        file.games_mut()[0].set_tag("Event", &value).unwrap();
        file.games_mut()[0].set_tag("Board", &value).unwrap();
        let text = file.to_string();
        let again = PbnFile::parse(&text).unwrap();
        assert_eq!(again.games()[0].tag("Event"), Some(value.as_str()), "{text}");
        assert_eq!(again.games()[0].tag("Board"), Some(value.as_str()), "{text}");
        assert_eq!(again, PbnFile::parse(&text).unwrap());
    }
    // A backslash that escapes nothing is written as it is.
    assert_eq!(format_tag("T", "a\\2R"), "[T \"a\\2R\"]");
    assert_eq!(format_tag("T", "a\\"), "[T \"a\\\\\"]");
    assert_eq!(format_tag("T", "\\\""), "[T \"\\\\\\\"\"]");
}

#[test]
fn syntax_errors() {
    use PbnFileError as E;
    let cases = [
        ("[Event \"x\"", E::UnterminatedTag { line: 1 }),
        ("[Event \"x\"\n]", E::UnterminatedTag { line: 1 }),
        ("\n[Event", E::UnterminatedTag { line: 2 }),
        ("[", E::UnterminatedTag { line: 1 }),
        ("[Event \"x\"\r\n", E::UnterminatedTag { line: 1 }),
        ("[Event x]", E::InvalidTag { line: 1 }),
        ("[\"x\"]", E::InvalidTag { line: 1 }),
        ("[1Event \"x\"]", E::InvalidTag { line: 1 }),
        ("[My-Tag \"x\"]", E::InvalidTag { line: 1 }),
        ("[Event \"x\" y]", E::InvalidTag { line: 1 }),
        ("[Board \"1\"]\n[Event \"x", E::UnterminatedString { line: 2 }),
        ("[Event \"x\\\"]\n", E::UnterminatedString { line: 1 }),
        ("[Event \"x\"]\n{ open\n\n", E::UnterminatedComment { line: 2 }),
        ("{ a }\n{ b\n", E::UnterminatedComment { line: 2 }),
        ("hello\n[Event \"x\"]\n", E::UnexpectedText { line: 1 }),
        ("[Event \"x\"]\n\nPass Pass\n", E::UnexpectedText { line: 3 }),
        ("% PBN 2.1\n{c}\n\n { c } x\n", E::UnexpectedText { line: 4 }),
    ];
    for (text, expected) in cases {
        assert_eq!(PbnFile::parse(text), Err(expected), "{text:?}");
    }
    // Line numbers count the lines of multi-line comments.
    let err = PbnFile::parse("{\n\n\n}\n[Event \"x\"] [\n").unwrap_err();
    assert_eq!(err.line(), Some(5));
}

#[test]
fn lenient_forms() {
    // Blanks inside the brackets, no blank before the value, a comment
    // or an escape line before the first tag, an empty file.
    let file = PbnFile::parse("{c}\n% x\n[ Event\"a\" ]\n[Board  \"1\"\t]\n").unwrap();
    assert_eq!(file.games()[0].tag("Event"), Some("a"));
    assert_eq!(file.games()[0].board(), Some(1));
    assert_eq!(file.header_lines().count(), 0);
    for text in ["", "\n", "% PBN 2.1\n", "{only a comment}\n; and another\n"] {
        let file = PbnFile::parse(text).unwrap();
        assert!(file.games().is_empty());
        assert_eq!(file.to_string(), text);
    }
    assert_eq!(PbnFile::parse("% PBN 2.1").unwrap().header_lines().collect::<Vec<_>>(), ["% PBN 2.1"]);
}

#[test]
fn error_messages() {
    let check = |text: &str, message: &str| {
        assert_eq!(PbnFile::parse(text).unwrap_err().to_string(), message, "{text:?}");
    };
    check("[Event", "line 1: tag pair is not closed with \"]\" on its line");
    check("[Event x]", "line 1: tag pair is not of the form [Name \"value\"]");
    check("\n[Event \"x", "line 2: tag value is not closed with a quote on its line");
    check("{", "line 1: comment opened with \"{\" is never closed");
    check("x", "line 1: text outside a tag pair, its section or a comment");

    let file = PbnFile::parse("[Board \"1\"]\n\n[Deal \"N:A... K... Q...\"]\n").unwrap();
    let err = file.resolved_deal(1).unwrap().unwrap_err();
    assert_eq!(err.to_string(), "invalid deal in game 2 (line 3): pbn deal has 3 hands, expected 4");
    assert_eq!(err.line(), Some(3));
    assert!(std::error::Error::source(&err).is_some());
    assert_eq!(file.resolved_deal(0), None);
    let mut file = file;
    file.games_mut()[0].set_tag("Deal", "").unwrap();
    let err = file.resolved_deal(0).unwrap().unwrap_err();
    assert_eq!(err.to_string(), "invalid deal in game 1: empty pbn deal");
    assert_eq!(err.line(), None);

    assert_eq!(
        PbnTagError::InvalidName.to_string(),
        "invalid tag name (expected a letter followed by letters, digits or underscores)"
    );
    assert_eq!(PbnTagError::LineBreakInValue.to_string(), "line break in tag value");
    assert_eq!(
        PbnTagError::InvalidSectionLine(2).to_string(),
        "section line at index 2 is blank, breaks the line, opens a tag or leaves a comment open"
    );
}

#[test]
fn invalid_edits_are_refused() {
    let mut file = PbnFile::parse("[Board \"1\"]\n").unwrap();
    let game = &mut file.games_mut()[0];
    for name in ["", "1A", "A B", "A-B", "Ä", "[A"] {
        assert_eq!(game.set_tag(name, "x"), Err(PbnTagError::InvalidName), "{name:?}");
    }
    assert_eq!(game.set_tag("A", "x\r"), Err(PbnTagError::LineBreakInValue));
    for line in ["", "  ", "a\nb", "a\r", "[Note \"x\"]", "{open", "a {b} [c"] {
        assert_eq!(
            game.set_tag_with_section("A", "x", ["ok", line]),
            Err(PbnTagError::InvalidSectionLine(1)),
            "{line:?}"
        );
    }
    for line in ["N NT 9", "a {[b]} c", "a ; [comment", "% escape", "}"] {
        assert_eq!(game.set_tag_with_section("A", "x", [line]), Ok(()), "{line:?}");
    }
    assert_eq!(file.to_string(), "[Board \"1\"]\n[A \"x\"]\n}\n");
}

/// Parses `text`; when it parses, checks that it writes back unchanged,
/// that every accessor answers, and that edits read back.
fn exercise(text: &str) {
    let Ok(mut file) = PbnFile::parse(text) else {
        let err = PbnFile::parse(text).unwrap_err();
        assert!(err.line().is_some_and(|l| l >= 1 && l <= text.lines().count().max(1)), "{err} in {text:?}");
        assert!(!err.to_string().is_empty());
        return;
    };
    assert_eq!(file.to_string(), text);
    let _ = file.header_lines().count();
    let games = file.games().len();
    for (i, game) in file.games().iter().enumerate() {
        let _ = (game.board(), game.dealer(), game.event(), game.vulnerable_str(), game.deal());
        let _ = (file.resolved_deal(i), file.resolved_tag(i, "Event"));
        for tag in game.tags() {
            let _ = (tag.name(), tag.value(), tag.line(), tag.section_lines().count());
        }
    }
    for game in file.games_mut() {
        game.set_tag("DoubleDummyTricks", "a\\\"9").unwrap();
        game.set_tag_with_section("OptimumResultTable", "t", ["N NT 9", "S NT 9"]).unwrap();
    }
    let out = file.to_string();
    let again = PbnFile::parse(&out).unwrap_or_else(|e| panic!("{e} in {out:?} from {text:?}"));
    assert_eq!(again.games().len(), games, "{out:?}");
    for game in again.games() {
        assert_eq!(game.tag("DoubleDummyTricks"), Some("a\\\"9"));
        let table = game.tag_pair("OptimumResultTable").unwrap();
        assert_eq!(table.section_lines().collect::<Vec<_>>(), ["N NT 9", "S NT 9"], "{out:?}");
    }
    for game in file.games_mut() {
        let names: Vec<String> = game.tags().iter().map(|t| t.name().to_owned()).collect();
        for name in names {
            game.remove_tag(&name);
        }
    }
    let _ = PbnFile::parse(&file.to_string()).unwrap();
}

#[test]
// Too slow under Miri (thousands of mutated files, no unsafe code of its own;
// the smaller pbn_file tests run under Miri).
#[cfg_attr(miri, ignore = "too slow under Miri")]
fn mutated_files_never_panic() {
    let inserts = ["[", "]", "\"", "\\", "{", "}", ";", "%", "\n", "\r", "\n\n", "#", "é"];
    for text in samples() {
        let boundaries: Vec<usize> = (0..=text.len()).filter(|&i| text.is_char_boundary(i)).collect();
        for &i in &boundaries {
            exercise(&text[..i]);
            exercise(&text[i..]);
            if let Some(next) = text[i..].chars().next() {
                exercise(&format!("{}{}", &text[..i], &text[i + next.len_utf8()..]));
            }
            for insert in inserts {
                exercise(&format!("{}{insert}{}", &text[..i], &text[i..]));
            }
        }
    }
}
