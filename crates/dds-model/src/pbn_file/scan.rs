//! The scanner of PBN text: it cuts a file into blocks of non-blank
//! lines and finds their tag pairs, comments and escape lines.

use super::{is_tag_name, PbnFileError, RunawayComment};

/// A tag pair found by the scanner.
pub(super) struct RawTag {
    /// The offset of `[`.
    pub(super) start: usize,
    /// The offset after `]`.
    pub(super) head_end: usize,
    pub(super) name: String,
    pub(super) value: String,
    pub(super) line: usize,
}

/// A run of non-blank lines: a game if it has a tag pair.
pub(super) struct Block {
    /// The offset of the start of its first line.
    pub(super) start: usize,
    /// The offset of the start of the blank line after it, or the end.
    pub(super) end: usize,
    pub(super) tags: Vec<RawTag>,
}

/// What the scanner finds in a file.
pub(super) struct Scan {
    /// The escape lines, as byte ranges without the line break.
    pub(super) escapes: Vec<(usize, usize)>,
    pub(super) blocks: Vec<Block>,
    pub(super) runaway_comments: Vec<RunawayComment>,
}

/// Where a comment's text (from its `{`, on line `line`) holds a blank line
/// followed by a line opening with `[`.
fn runaway(comment: &str, line: usize) -> Option<RunawayComment> {
    let mut blank = false;
    for (i, l) in comment.split('\n').enumerate() {
        let l = l.trim();
        if i > 0 && blank && l.starts_with('[') {
            return Some(RunawayComment { opens: line, swallows: line + i });
        }
        blank = i > 0 && l.is_empty();
    }
    None
}

/// The offset of the `\n` that ends the line at `pos`, or the end of `bytes`.
fn line_end(bytes: &[u8], pos: usize) -> usize {
    bytes.get(pos..).and_then(|rest| rest.iter().position(|&b| b == b'\n')).map_or(bytes.len(), |i| pos + i)
}

/// Whether a line holds only spaces, tabs and carriage returns.
pub(super) fn is_blank(line: &[u8]) -> bool {
    line.iter().all(|b| matches!(b, b' ' | b'\t' | b'\r'))
}

/// Splits the file into blocks separated by blank lines, finding the tag
/// pairs, comments and escape lines in them. A byte-order mark that opens
/// `text` is the file's own unless `continued` (the text follows other
/// text of the file), when it opens a game as one in the middle does.
pub(super) fn scan(text: &str, continued: bool) -> Result<Scan, PbnFileError> {
    let bytes = text.as_bytes();
    let n = bytes.len();
    let mut pos = if !continued && text.starts_with('\u{feff}') { '\u{feff}'.len_utf8() } else { 0 };
    let mut line = 1;
    let mut escapes = Vec::new();

    // The escape lines and blank lines that open the file are its header,
    // even when the first game follows without a blank line.
    while pos < n {
        let end = line_end(bytes, pos);
        let content = &bytes[pos..end];
        if content.first() == Some(&b'%') {
            escapes.push((pos, end));
        } else if !is_blank(content) {
            break;
        }
        pos = (end + 1).min(n);
        line += usize::from(end < n);
    }

    let mut blocks = Vec::new();
    let mut runaway_comments = Vec::new();
    let mut current: Option<Block> = None;
    let mut at_line_start = true;
    let mut line_start = pos;
    while pos < n {
        if at_line_start {
            line_start = pos;
            let end = line_end(bytes, pos);
            if is_blank(&bytes[pos..end]) {
                if let Some(block) = current.take() {
                    blocks.push(Block { end: pos, ..block });
                }
                pos = (end + 1).min(n);
                line += usize::from(end < n);
                continue;
            }
            at_line_start = false;
            // A byte-order mark opening a game (PBN files joined with
            // `cat`, each with its mark) belongs to the game's text, like
            // the one that opens the file.
            if current.is_none() && text[pos..end].starts_with('\u{feff}') {
                pos += '\u{feff}'.len_utf8();
                if is_blank(&bytes[pos..end]) {
                    return Err(PbnFileError::UnexpectedText { line });
                }
            }
            if bytes[pos] == b'%' {
                current.get_or_insert_with(|| Block { start: line_start, end: n, tags: Vec::new() });
                escapes.push((pos, end));
                pos = end;
                continue;
            }
        }
        match bytes[pos] {
            b'\n' => {
                line += 1;
                pos += 1;
                at_line_start = true;
            }
            b' ' | b'\t' | b'\r' => pos += 1,
            byte => {
                let block = current.get_or_insert_with(|| Block { start: line_start, end: n, tags: Vec::new() });
                match byte {
                    b'{' => {
                        let close = bytes[pos..].iter().position(|&b| b == b'}');
                        let close = close.ok_or(PbnFileError::UnterminatedComment { line })?;
                        runaway_comments.extend(runaway(&text[pos..pos + close], line));
                        line += bytes[pos..pos + close].iter().filter(|&&b| b == b'\n').count();
                        pos += close + 1;
                    }
                    b';' => pos = line_end(bytes, pos),
                    b'[' => {
                        let tag = parse_tag(text, pos, line)?;
                        pos = tag.head_end;
                        block.tags.push(tag);
                    }
                    _ => {
                        // Section data: it must follow a tag pair.
                        if block.tags.is_empty() {
                            return Err(PbnFileError::UnexpectedText { line });
                        }
                        pos += 1;
                        while pos < n && !matches!(bytes[pos], b'\n' | b'{' | b';' | b'[') {
                            pos += 1;
                        }
                    }
                }
            }
        }
    }
    if let Some(block) = current.take() {
        blocks.push(Block { end: n, ..block });
    }
    Ok(Scan { escapes, blocks, runaway_comments })
}

/// Parses the tag pair whose `[` is at `start`.
fn parse_tag(text: &str, start: usize, line: usize) -> Result<RawTag, PbnFileError> {
    let bytes = text.as_bytes();
    let n = bytes.len();
    let skip_blanks = |mut j: usize| {
        while j < n && matches!(bytes[j], b' ' | b'\t') {
            j += 1;
        }
        j
    };
    let at_line_end = |j: usize| j >= n || matches!(bytes[j], b'\n' | b'\r');

    let name_start = skip_blanks(start + 1);
    let mut j = name_start;
    while j < n && (bytes[j].is_ascii_alphanumeric() || bytes[j] == b'_') {
        j += 1;
    }
    let name = &text[name_start..j];
    j = skip_blanks(j);
    if at_line_end(j) {
        return Err(PbnFileError::UnterminatedTag { line });
    }
    if !is_tag_name(name) || bytes[j] != b'"' {
        return Err(PbnFileError::InvalidTag { line });
    }

    j += 1;
    let mut value = String::new();
    let mut segment = j;
    loop {
        match bytes.get(j) {
            None | Some(b'\n') => return Err(PbnFileError::UnterminatedString { line }),
            Some(b'\\') if matches!(bytes.get(j + 1), Some(b'"' | b'\\')) => {
                value.push_str(&text[segment..j]);
                segment = j + 1;
                j += 2;
            }
            Some(b'"') => {
                value.push_str(&text[segment..j]);
                j += 1;
                break;
            }
            Some(_) => j += 1,
        }
    }

    j = skip_blanks(j);
    if at_line_end(j) {
        return Err(PbnFileError::UnterminatedTag { line });
    }
    if bytes[j] != b']' {
        return Err(PbnFileError::InvalidTag { line });
    }
    Ok(RawTag { start, head_end: j + 1, name: name.to_owned(), value, line })
}
