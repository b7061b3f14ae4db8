//! Entry points for the `cli` fuzz target of `fuzz/`: the command's
//! argument parser and its input reader, without running a command (no
//! file is written, nothing is solved). Not an API for other programs.

use clap::Parser;

use crate::input::{Next, Records};
use crate::Cli;

/// Parses `args` (without the program name) as `dds` does: `Ok` for a
/// command line that would run, else the exit status clap gives (2 for a
/// usage error, 0 for `--help` and `--version`) and its message.
///
/// ```
/// assert!(dds_cli::fuzzing::parse_args(&["table"]).is_ok());
/// assert_eq!(dds_cli::fuzzing::parse_args(&["table", "--threads", "0"]).unwrap_err().0, 2);
/// ```
pub fn parse_args(args: &[&str]) -> Result<(), (i32, String)> {
    match Cli::try_parse_from(std::iter::once("dds").chain(args.iter().copied())) {
        Ok(_) => Ok(()),
        Err(e) => Err((e.exit_code(), e.render().to_string())),
    }
}

/// One record of an input, as a batch command reads it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Record {
    /// The index of its PBN game, in a PBN input.
    pub game: Option<usize>,
    /// The deal, or the message for a bad record.
    pub deal: Result<dds::model::Deal, String>,
    /// The dealer and vulnerability the input gives, as text.
    pub dealer: Option<String>,
    /// The vulnerability the input gives, as text.
    pub vulnerability: Option<String>,
    /// The board, event and date the input gives.
    pub place: [Option<String>; 3],
}

/// What [`read_input`] gives: the format, the records, the text written
/// back.
pub type Read = (Option<String>, Vec<Record>, Vec<u8>);

/// What the batch commands read from `bytes` with `--keep-going`: the format found (`Pbn`,
/// `Lin`, `DdsHands`, `Deals`, or `None` for an input with no record), the
/// records, then the text `dds pbn` would write back with no change (PBN
/// input only), or the message of a fatal error. `streamed` reads the bytes as standard input
/// is read (in pieces, as they come), otherwise as a file.
///
/// ```
/// let (format, records, _) = dds_cli::fuzzing::read_input(b"N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765\n", false).unwrap();
/// assert_eq!((format.as_deref(), records.len()), (Some("Deals"), 1));
/// assert!(records[0].deal.is_ok());
/// ```
pub fn read_input(bytes: &[u8], streamed: bool) -> Result<Read, String> {
    let mut records = Records::from_bytes(bytes, streamed).map_err(|e| e.0)?;
    let mut read = Vec::new();
    loop {
        match records.next(None).map_err(|e| e.0)? {
            Next::Record(game, item) => read.push(Record {
                game,
                deal: item.as_ref().map(|i| i.deal).map_err(|e| e.0.clone()),
                dealer: item.as_ref().ok().and_then(|i| i.dealer).map(|d| d.to_string()),
                vulnerability: item.as_ref().ok().and_then(|i| i.vulnerability).map(|v| v.to_string()),
                place: item.as_ref().map_or([None, None, None], |i| [i.board.clone(), i.event.clone(), i.date.clone()]),
            }),
            Next::Pending => {}
            Next::End | Next::Interrupted => break,
        }
    }
    let written = records.pbn.take_through(None).map_err(|e| e.0)?;
    // An input with no record has no format, however it was read.
    let format = records.format.filter(|_| !read.is_empty() || !written.is_empty());
    Ok((format.map(|f| format!("{f:?}")), read, written))
}
