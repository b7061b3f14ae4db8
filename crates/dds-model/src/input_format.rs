//! The format of a text of deals, told by its content: a PBN file with
//! tags, BBO's LIN (or a link holding a board), DDS's hand files, or PBN
//! deals one a line. The one detector that the `dds` command, the npm
//! package, the page and Python all use.

use crate::is_lin;

/// The formats a text of deals comes in, told apart by content (see
/// [`InputFormat::of`]).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum InputFormat {
    /// A PBN file: tag pairs (`[Deal "N:..."]`), or only its header
    /// (`% PBN 2.1`).
    Pbn,
    /// BBO's LIN (`md|` pairs), or a BBO link holding a board.
    Lin,
    /// DDS's hand files: `PBN dealer vul trump first "deal"` lines among
    /// the lines of known answers (`FUT`, `TABLE`, ...).
    DdsHands,
    /// PBN deals, one a line (blank lines and `#` comments skipped: see
    /// [`InputFormat::deal_lines`]).
    Deals,
}

impl InputFormat {
    /// The format of a whole text; `None` when it holds nothing but blank
    /// lines and comments. The first line that is not blank, a PBN escape
    /// line (`%`) or a `;` or `#` comment tells it (see
    /// [`InputFormat::of_line`]), except that a text of deal lines holding
    /// LIN anywhere (`md|`, a BBO link) is LIN. A text of PBN escape lines
    /// (`% PBN 2.1`, `% EXPORT`) and no game is a PBN file with no games.
    ///
    /// ```
    /// use dds_model::InputFormat;
    /// assert_eq!(InputFormat::of("% PBN 2.1\n[Board \"1\"]\n[Deal \"N:...\"]\n"), Some(InputFormat::Pbn));
    /// assert_eq!(InputFormat::of("% PBN 2.1\n% EXPORT\n"), Some(InputFormat::Pbn));
    /// assert_eq!(InputFormat::of("pn|a,b,c,d|md|3SAKH...|"), Some(InputFormat::Lin));
    /// assert_eq!(InputFormat::of("PBN 0 0 0 1 \"N:...\"\nFUT 13 ..."), Some(InputFormat::DdsHands));
    /// assert_eq!(InputFormat::of("# two deals\nN:AKQ... ...\nE:... ...\n"), Some(InputFormat::Deals));
    /// assert_eq!(InputFormat::of("\n# nothing\n"), None);
    /// ```
    pub fn of(text: &str) -> Option<InputFormat> {
        let Some(first) = text.lines().find_map(InputFormat::of_line) else {
            let escape = text.lines().any(|l| trimmed(l).starts_with('%'));
            return escape.then_some(InputFormat::Pbn);
        };
        Some(match first {
            InputFormat::Deals if is_lin(text) => InputFormat::Lin,
            format => format,
        })
    }

    /// The format told by one line, as the first line of a text that is
    /// not blank or a comment tells it (what a stream can tell before the
    /// rest has arrived); `None` for a blank line, a PBN escape line (`%`)
    /// or a `;` or `#` comment, which tell nothing. A line starting with
    /// `[` or `{` is PBN; `NUMBER` or `PBN` and a digit, DDS's hand files;
    /// a LIN pair (a two-letter key and `|`) or a BBO link, LIN; anything
    /// else a deal.
    ///
    /// ```
    /// use dds_model::InputFormat;
    /// assert_eq!(InputFormat::of_line("[Event \"Club\"]"), Some(InputFormat::Pbn));
    /// assert_eq!(InputFormat::of_line("qx|o1|md|..."), Some(InputFormat::Lin));
    /// assert_eq!(InputFormat::of_line("NUMBER 10"), Some(InputFormat::DdsHands));
    /// assert_eq!(InputFormat::of_line("PBN 0 0 0 1 \"N:...\""), Some(InputFormat::DdsHands));
    /// assert_eq!(InputFormat::of_line("N:AKQ... ..."), Some(InputFormat::Deals));
    /// assert_eq!(InputFormat::of_line("  ; a comment"), None);
    /// ```
    pub fn of_line(line: &str) -> Option<InputFormat> {
        let line = trimmed(line);
        if line.is_empty() || line.starts_with(['%', ';', '#']) {
            return None;
        }
        let lin_pair = line.split_once('|').is_some_and(|(key, _)| key.len() == 2);
        Some(if line.starts_with(['[', '{']) {
            InputFormat::Pbn
        } else if line.starts_with("NUMBER") || is_dds_pbn_line(line) {
            InputFormat::DdsHands
        } else if lin_pair || is_lin(line) {
            InputFormat::Lin
        } else {
            InputFormat::Deals
        })
    }

    /// The deals of a text of [`InputFormat::Deals`]: each line's number
    /// (from 0) and its deal text, trimmed (a byte order mark too), blank
    /// lines and lines starting with `#` skipped.
    ///
    /// ```
    /// use dds_model::InputFormat;
    /// let lines: Vec<_> = InputFormat::deal_lines("# deals\nN:A... ...\n\n  E:K... ...  \n").collect();
    /// assert_eq!(lines, [(1, "N:A... ..."), (3, "E:K... ...")]);
    /// ```
    pub fn deal_lines(text: &str) -> impl Iterator<Item = (usize, &str)> + '_ {
        text.lines().map(trimmed).enumerate().filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
    }

    /// The format's name: `"pbn"`, `"lin"`, `"dds-hands"` or `"deals"`
    /// (what the npm package and Python return).
    ///
    /// ```
    /// assert_eq!(dds_model::InputFormat::DdsHands.as_str(), "dds-hands");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            InputFormat::Pbn => "pbn",
            InputFormat::Lin => "lin",
            InputFormat::DdsHands => "dds-hands",
            InputFormat::Deals => "deals",
        }
    }
}

/// A line without its byte order mark and surrounding white space.
fn trimmed(line: &str) -> &str {
    line.trim_start_matches('\u{feff}').trim()
}

/// Whether a trimmed line is DDS's `PBN dealer vul trump first "deal"`.
fn is_dds_pbn_line(line: &str) -> bool {
    line.strip_prefix("PBN ").is_some_and(|rest| rest.trim_start().starts_with(|c: char| c.is_ascii_digit()))
}

#[cfg(test)]
mod tests {
    use super::InputFormat::{self, *};

    const DEAL: &str = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";

    fn fixture(path: &str) -> String {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures").join(path);
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    }

    #[test]
    fn the_fixtures_formats() {
        assert_eq!(InputFormat::of(&fixture("sample/boards.pbn")), Some(Pbn));
        assert_eq!(InputFormat::of(&fixture("dds-hands/list10.txt")), Some(DdsHands));
    }

    #[test]
    fn pbn_files() {
        assert_eq!(InputFormat::of(&format!("\u{feff}% PBN 2.1\n\n[Deal \"{DEAL}\"]\n")), Some(Pbn));
        assert_eq!(InputFormat::of("{ a comment first }\n[Board \"1\"]\n"), Some(Pbn));
        // Escape lines alone: a PBN file with no games.
        assert_eq!(InputFormat::of("% PBN 2.1\n% EXPORT\n"), Some(Pbn));
        // Tags after a deal line: the first line tells, a file of deals.
        assert_eq!(InputFormat::of(&format!("{DEAL}\n[Deal \"{DEAL}\"]\n")), Some(Deals));
    }

    #[test]
    fn lin_and_links() {
        let lin = "pn|a,b,c,d|st||md|3S34JH258TQKD2JQC7,S27TKH69D45789KC6,S6QH47JD36TAC258J,|sv|o|";
        assert_eq!(InputFormat::of(lin), Some(Lin));
        // `md|` after a line that is no LIN pair: LIN anywhere in the text.
        assert_eq!(InputFormat::of(&format!("board one\n{lin}")), Some(Lin));
        let link = "https://www.bridgebase.com/tools/handviewer.html?lin=md%7C3S34JH258TQKD2JQC7%2C%7C";
        assert_eq!(InputFormat::of(link), Some(Lin));
        // A PBN file's commentary quoting LIN stays PBN.
        assert_eq!(InputFormat::of(&format!("[Deal \"{DEAL}\"]\n{{{lin}}}\n")), Some(Pbn));
    }

    #[test]
    fn dds_hand_files() {
        assert_eq!(InputFormat::of(&format!("NUMBER 1\nPBN 0 0 0 1 \"{DEAL}\"\n")), Some(DdsHands));
        assert_eq!(InputFormat::of(&format!("PBN  3 1 4 0 \"{DEAL}\"\n")), Some(DdsHands));
        // `PBN` and no digit: no hand line.
        assert_eq!(InputFormat::of_line("PBN file"), Some(Deals));
    }

    #[test]
    fn deals_and_nothing() {
        assert_eq!(InputFormat::of(&format!("; made by hand\n# two\n{DEAL}\n{DEAL}\n")), Some(Deals));
        assert_eq!(InputFormat::of("not a deal"), Some(Deals));
        assert_eq!(InputFormat::of(""), None);
        assert_eq!(InputFormat::of("  \n# only a comment\n;\n"), None);
        let text = format!("\u{feff}{DEAL}\r\n# c\n \n\t{DEAL} \n");
        let lines: Vec<_> = InputFormat::deal_lines(&text).collect();
        assert_eq!(lines, [(0, DEAL), (3, DEAL)]);
    }

    #[test]
    fn names() {
        let names: Vec<_> = [Pbn, Lin, DdsHands, Deals].iter().map(|f| f.as_str()).collect();
        assert_eq!(names, ["pbn", "lin", "dds-hands", "deals"]);
    }
}
