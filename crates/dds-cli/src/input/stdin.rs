//! Standard input split into pieces as it comes: each record handed over
//! as soon as its last line has arrived (see [`split_pieces`]).

use std::io::{BufRead, Read};
use std::sync::mpsc::SyncSender;

use super::pbn::scan_pbn_line;
use super::{too_long, Charset, Format, Piece, MAX_LINE, MAX_RECORD, STDIN};
use crate::Failure;

/// Reads standard input (or `input`, for the fuzz targets) line by line
/// and sends each record as soon as its last line has come: a line of
/// deals, a PBN game at the blank line that ends it, and a LIN input
/// whole. Blank lines and comments before a record go with it.
pub(super) fn split_pieces(mut input: impl BufRead, send: &SyncSender<Result<Piece, Failure>>) {
    let (mut line, mut piece) = (Vec::new(), Vec::new());
    let (mut number, mut first) = (0usize, 1usize);
    let mut format = None;
    let (mut has_tag, mut in_comment) = (false, false);
    let send_piece = |piece: &mut Vec<u8>, format: Option<Format>, first: usize| {
        let (text, charset) = Charset::decode(&std::mem::take(piece));
        // A piece with no record in it (the whole input, blank lines and
        // comments) is told by its text: escape lines make a PBN file with
        // no games.
        let format = format.or_else(|| Format::of(&text)).unwrap_or(Format::Deals);
        send.send(Ok(Piece { text, charset, format, line: first })).is_ok()
    };
    loop {
        line.clear();
        // At most one byte past the longest line: a line without its end
        // by then is too long.
        match (&mut input).take(MAX_LINE as u64 + 1).read_until(b'\n', &mut line) {
            Ok(0) => break,
            Ok(n) if n > MAX_LINE => {
                let _ = send.send(Err(too_long(STDIN, number + 1)));
                return;
            }
            Ok(_) => {}
            Err(e) => {
                let _ = send.send(Err(Failure(format!("{STDIN}: {e}"))));
                return;
            }
        }
        number += 1;
        if piece.is_empty() {
            first = number;
        }
        piece.extend_from_slice(&line);
        // A record that never ends (`yes | dds table`: blank lines before a
        // deal that never comes) must not fill the memory; LIN is read to
        // its end by design.
        if piece.len() > MAX_RECORD && format != Some(Format::Lin) {
            let what = format!("lines {first} to {number} hold no whole record in {} MiB", MAX_RECORD >> 20);
            let _ = send.send(Err(Failure(format!("{STDIN}: {what}: not a file of deals, PBN or DDS's hand files"))));
            return;
        }
        let text = String::from_utf8_lossy(&line);
        if format.is_none() {
            format = Format::of_line(&text);
        }
        let text = text.trim_start_matches('\u{feff}').trim();
        let ends = match format {
            None | Some(Format::Lin) => false,
            Some(Format::Deals | Format::DdsHands) => true,
            Some(Format::Pbn) => {
                let (open, tag) = scan_pbn_line(text.as_bytes(), in_comment);
                in_comment = open;
                has_tag |= tag;
                // Blank as PbnFile reads a blank line (spaces, tabs and a
                // line end only), so that a game ends where it would in a
                // file: a line of other white space is text of the game.
                let blank = line.iter().all(|b| matches!(b, b' ' | b'\t' | b'\r' | b'\n'));
                blank && has_tag && !in_comment
            }
        };
        if ends {
            has_tag = false;
            if !send_piece(&mut piece, format, first) {
                return;
            }
        }
    }
    if !piece.is_empty() {
        send_piece(&mut piece, format, first);
    }
}
