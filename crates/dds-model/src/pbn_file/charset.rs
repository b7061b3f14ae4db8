//! The character set of a PBN file's bytes: PBN 2.1 files are ISO 8859-1,
//! newer ones often UTF-8. A file is read in one of them and written back
//! in the same, so that what a program did not change comes back byte for
//! byte.

/// The character set of a PBN file: UTF-8 when its bytes are valid UTF-8
/// (a byte order mark stays in the text), else ISO 8859-1 (Latin-1), PBN
/// 2.1's own, in which every byte is a character.
///
/// ```
/// use dds_model::PbnCharset;
/// let bytes = b"[Event \"Caf\xe9\"]\n".to_vec();
/// let (text, charset) = PbnCharset::decode(&bytes);
/// assert_eq!((text.as_str(), charset), ("[Event \"Café\"]\n", PbnCharset::Latin1));
/// assert_eq!(charset.encode(&text), Ok(bytes));
/// assert_eq!(PbnCharset::decode("Café".as_bytes()).1, PbnCharset::Utf8);
/// assert_eq!(PbnCharset::Latin1.encode("♠"), Err('♠'));
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum PbnCharset {
    /// UTF-8.
    Utf8,
    /// ISO 8859-1.
    Latin1,
}

impl PbnCharset {
    /// The text of `bytes` and their character set, decided for the whole
    /// file: valid UTF-8 is UTF-8, anything else is ISO 8859-1.
    pub fn decode(bytes: &[u8]) -> (String, PbnCharset) {
        match core::str::from_utf8(bytes) {
            Ok(text) => (text.to_owned(), PbnCharset::Utf8),
            Err(_) => (bytes.iter().map(|&b| char::from(b)).collect(), PbnCharset::Latin1),
        }
    }

    /// `text` in this character set: decoded text encodes back to the
    /// same bytes. The error is the first character ISO 8859-1 lacks.
    pub fn encode(self, text: &str) -> Result<Vec<u8>, char> {
        match self {
            PbnCharset::Utf8 => Ok(text.as_bytes().to_vec()),
            PbnCharset::Latin1 => text.chars().map(|c| u8::try_from(u32::from(c)).map_err(|_| c)).collect(),
        }
    }
}
