//! The `dds` command's own code for what users give it, without running a
//! command: its argument parser, and its input reader (the sniffing of PBN
//! files, LIN, DDS hand files and deal lines, read as a file and as
//! standard input is read, in pieces as they come).
//!
//! Checked: no panic; a refused command line gives clap's status 2 (or 0
//! for `--help` and `--version`) and a message; every record read is a
//! full, valid deal or a message; the same bytes read as a file and as
//! standard input give the same records, the same text written back and
//! the same fatal error (for text that is not UTF-8, read in the same
//! format, the same deals, refusals and bytes written back: the character
//! set is found per piece of standard input, per file otherwise, so bytes
//! that UTF-8 reads as a byte-order mark or white space and ISO 8859-1 as
//! letters are left out of that check); a PBN
//! input is written back byte for byte. The one difference by design: LIN is told from the
//! whole text of a file, from the first line of standard input.
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
        // reading fails; read in the same format and without the bytes
        // that the two readings tell apart beyond text (see `reads_apart`),
        // the deals, the records refused and the bytes written back may
        // not.
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

/// Whether the bytes hold a sequence that UTF-8 reads as a byte-order mark
/// (EF BB BF) or as white space (C2 85, next line; C2 A0, no-break space)
/// and ISO 8859-1 as letters: whether a line is blank, a deal's hands are
/// separated or a file opens with a mark then depends on the character
/// set, which standard input finds per piece and a file for its whole text.
fn reads_apart(bytes: &[u8]) -> bool {
    bytes.windows(3).any(|w| w == b"\xef\xbb\xbf") || bytes.windows(2).any(|w| matches!(w, [0xc2, 0x85 | 0xa0]))
}
