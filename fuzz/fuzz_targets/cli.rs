//! The `dds` command's own code for what users give it, without running a
//! command: its argument parser, and its input reader (the sniffing of PBN
//! files, LIN, DDS hand files and deal lines, read as a file and as
//! standard input is read, in pieces as they come).
//!
//! Checked: no panic; a refused command line gives clap's status 2 (or 0
//! for `--help` and `--version`) and a message; every record read is a
//! full, valid deal or a message; a PBN input (read as `--keep-going`
//! reads it: a game that does not parse is a bad record) is written back
//! byte for byte; the same bytes read as a file and as standard input give the same
//! records, the same text written back and the same fatal error. The
//! differences by design: LIN is told from the whole text of a file, from
//! the first line of standard input; and text that is not UTF-8 is read as
//! ISO 8859-1 whole in a file, piece by piece on standard input, so only
//! its deals, refusals and bytes written back must agree, and only when
//! both read the same format and no line that is UTF-8 by itself holds a
//! byte-order mark or white space outside ASCII.
//!
//! Input layout: byte 0 even, the arguments (the rest split at newlines,
//! at most 24); odd, an input text (the rest).
#![no_main]

use dds_cli::fuzzing::{parse_args, read_input, Read};
use dds_model::Deal;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else { return };
    if mode % 2 == 0 {
        let text = String::from_utf8_lossy(rest);
        let args: Vec<&str> = text.split('\n').take(24).collect();
        if let Err((status, message)) = parse_args(&args) {
            assert!(status == 2 || status == 0, "status {status} for {args:?}: {message}");
            assert!(!message.trim().is_empty(), "no message for {args:?}");
        }
        return;
    }
    let whole = read_input(rest, false);
    let streamed = read_input(rest, true);
    if let Ok((_, records, written)) = &whole {
        for record in records {
            if let Ok(deal) = &record.deal {
                assert!(deal.is_full(), "not a full deal: {deal}");
                assert_eq!(deal.validate(), Ok(*deal));
            }
        }
        if !written.is_empty() {
            assert_eq!(written.as_slice(), rest, "the PBN input is not written back as it was");
        }
    }
    let formats = (format_of(&whole), format_of(&streamed));
    if std::str::from_utf8(rest).is_ok() {
        if formats.0 != formats.1 {
            // The one difference by design: a file is LIN when its text
            // holds `md|` anywhere, standard input when its first line
            // looks like LIN (it is told before the rest has come).
            assert!(dds_model::is_lin(&String::from_utf8_lossy(rest)), "formats differ {formats:?}: {rest:?}");
        } else {
            assert_eq!(whole, streamed, "read as a file and as standard input: {rest:?}");
        }
    } else if formats.0.is_some() && formats.0 == formats.1 && !reads_apart(rest) {
        // Not UTF-8: a file is read as ISO 8859-1 whole, standard input
        // piece by piece (a piece that is UTF-8 is read as UTF-8), so the
        // text of tags and messages may differ, and so may the format (a
        // byte-order mark read as one or as three letters), and whether
        // reading fails; read in the same format and with no line that
        // the two character sets read apart beyond its text (see
        // `reads_apart`), the deals, the records refused and the bytes
        // written back may not.
        assert_eq!(outline(&whole), outline(&streamed), "read as a file and as standard input: {rest:?}");
    }
});

/// What does not depend on the character set: each record's deal or the
/// fact of its refusal, the bytes written back, whether reading failed.
fn outline(read: &Result<Read, String>) -> Result<(Vec<(Option<usize>, Option<Deal>)>, &[u8]), ()> {
    match read {
        Ok((_, records, written)) => {
            Ok((records.iter().map(|r| (r.game, r.deal.as_ref().ok().copied())).collect(), written))
        }
        Err(_) => Err(()),
    }
}

/// The format found, when reading did not fail.
fn format_of(read: &Result<Read, String>) -> Option<&str> {
    read.as_ref().ok().and_then(|(format, _, _)| format.as_deref())
}

/// Whether a line of the bytes reads apart in the two character sets
/// beyond its text: standard input is read in pieces of whole lines, each
/// piece as UTF-8 when it is UTF-8, and a file as ISO 8859-1 as a whole
/// when it is not. A line that is UTF-8 by itself and holds a byte-order
/// mark or white space outside ASCII (a no-break space, an em space, ...)
/// may then be blank, or a deal with its hands apart, on standard input,
/// and other characters in the file: which of the two is by design.
fn reads_apart(bytes: &[u8]) -> bool {
    bytes
        .split(|&b| b == b'\n')
        .filter_map(|line| std::str::from_utf8(line).ok())
        .any(|line| line.chars().any(|c| c == '\u{feff}' || (!c.is_ascii() && c.is_whitespace())))
}
