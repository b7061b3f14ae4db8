//! Splitting a "txt" line into words and double-quoted strings, and reading
//! typed fields from them.

use core::str::FromStr;

use crate::error::{FixtureErrorKind, LineTag};

/// One whitespace-separated token of a line.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Token<'a> {
    /// A run of non-whitespace characters without quotes.
    Word(&'a str),
    /// The text between a pair of double quotes (which may hold spaces;
    /// there are no escapes).
    Quoted(&'a str),
}

impl Token<'_> {
    /// The token as written, quotes included.
    fn written(self) -> String {
        match self {
            Token::Word(word) => word.to_owned(),
            Token::Quoted(text) => format!("\"{text}\""),
        }
    }
}

/// The tokens of one line, in order. After an error it yields nothing more.
#[derive(Clone, Debug)]
pub(crate) struct Tokens<'a> {
    rest: &'a str,
}

impl<'a> Tokens<'a> {
    pub(crate) fn new(line: &'a str) -> Tokens<'a> {
        Tokens { rest: line }
    }

    /// The text not yet tokenized, without surrounding whitespace.
    pub(crate) fn rest(&self) -> &'a str {
        self.rest.trim_matches(|c: char| c.is_ascii_whitespace())
    }
}

impl<'a> Iterator for Tokens<'a> {
    type Item = Result<Token<'a>, FixtureErrorKind>;

    fn next(&mut self) -> Option<Self::Item> {
        let text = self.rest.trim_start_matches(|c: char| c.is_ascii_whitespace());
        if text.is_empty() {
            self.rest = text;
            return None;
        }
        // Splitting at ASCII characters always lands on a char boundary.
        let end_of_word = |s: &str| s.find(|c: char| c.is_ascii_whitespace()).unwrap_or(s.len());
        if let Some(body) = text.strip_prefix('"') {
            let Some(close) = body.find('"') else {
                self.rest = "";
                return Some(Err(FixtureErrorKind::UnterminatedQuote));
            };
            let after = &body[close + 1..];
            if end_of_word(after) != 0 {
                self.rest = "";
                return Some(Err(FixtureErrorKind::MisplacedQuote));
            }
            self.rest = after;
            Some(Ok(Token::Quoted(&body[..close])))
        } else {
            let (word, after) = text.split_at(end_of_word(text));
            if word.contains('"') {
                self.rest = "";
                return Some(Err(FixtureErrorKind::MisplacedQuote));
            }
            self.rest = after;
            Some(Ok(Token::Word(word)))
        }
    }
}

/// The fields of one line after its tag, read in order.
#[derive(Clone, Debug)]
pub(crate) struct Fields<'a> {
    tag: LineTag,
    tokens: Tokens<'a>,
}

impl<'a> Fields<'a> {
    pub(crate) fn new(tag: LineTag, tokens: Tokens<'a>) -> Fields<'a> {
        Fields { tag, tokens }
    }

    /// The next token, which must exist.
    fn token(&mut self, field: &'static str) -> Result<Token<'a>, FixtureErrorKind> {
        let tag = self.tag;
        self.tokens.next().unwrap_or(Err(FixtureErrorKind::MissingField { tag, field }))
    }

    /// The next token as a number of type `T` that satisfies `valid`.
    pub(crate) fn number<T: FromStr + Copy>(
        &mut self,
        field: &'static str,
        valid: impl Fn(T) -> bool,
    ) -> Result<T, FixtureErrorKind> {
        let token = self.token(field)?;
        self.parse_number(field, token, valid)
    }

    /// `token` as a number of type `T` that satisfies `valid`.
    pub(crate) fn parse_number<T: FromStr + Copy>(
        &self,
        field: &'static str,
        token: Token<'_>,
        valid: impl Fn(T) -> bool,
    ) -> Result<T, FixtureErrorKind> {
        match token {
            Token::Word(word) => match word.parse::<T>() {
                Ok(value) if valid(value) => Ok(value),
                _ => Err(self.invalid(field, token)),
            },
            Token::Quoted(_) => Err(self.invalid(field, token)),
        }
    }

    /// The error for `token` as an invalid `field`.
    pub(crate) fn invalid(&self, field: &'static str, token: Token<'_>) -> FixtureErrorKind {
        FixtureErrorKind::InvalidNumber { tag: self.tag, field, text: token.written() }
    }

    /// The next token, which must be a quoted string; returns its contents.
    pub(crate) fn quoted(&mut self, field: &'static str) -> Result<&'a str, FixtureErrorKind> {
        match self.token(field)? {
            Token::Quoted(text) => Ok(text),
            Token::Word(_) => Err(FixtureErrorKind::ExpectedQuoted { tag: self.tag, field }),
        }
    }

    /// All remaining tokens.
    pub(crate) fn remaining(&mut self) -> Result<Vec<Token<'a>>, FixtureErrorKind> {
        self.tokens.by_ref().collect()
    }

    /// Checks that no tokens are left.
    pub(crate) fn end(mut self) -> Result<(), FixtureErrorKind> {
        let text = self.tokens.rest().to_owned();
        match self.tokens.next() {
            None => Ok(()),
            Some(Err(kind)) => Err(kind),
            Some(Ok(_)) => Err(FixtureErrorKind::TrailingText { tag: self.tag, text }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(line: &str) -> Vec<Result<Token<'_>, FixtureErrorKind>> {
        Tokens::new(line).collect()
    }

    #[test]
    fn words_and_quoted_strings() {
        use Token::{Quoted, Word};
        assert_eq!(
            tokens("PAR \"NS -110\"  \"EW 110\" x "),
            [Ok(Word("PAR")), Ok(Quoted("NS -110")), Ok(Quoted("EW 110")), Ok(Word("x"))]
        );
        assert_eq!(tokens(" \t "), []);
        assert_eq!(tokens("\"\""), [Ok(Quoted(""))]);
        assert_eq!(tokens("a \"b"), [Ok(Word("a")), Err(FixtureErrorKind::UnterminatedQuote)]);
        assert_eq!(tokens("a\"b\""), [Err(FixtureErrorKind::MisplacedQuote)]);
        assert_eq!(tokens("\"b\"c d"), [Err(FixtureErrorKind::MisplacedQuote)]);
        assert_eq!(tokens("é \"ü\""), [Ok(Word("é")), Ok(Quoted("ü"))]);
    }

    #[test]
    fn typed_fields() {
        let mut fields = Fields::new(LineTag::Pbn, Tokens::new("3 \"4\" 9 x"));
        assert_eq!(fields.number::<u8>("dealer", |v| v < 4), Ok(3));
        assert_eq!(
            fields.number::<u8>("vulnerability", |_| true),
            Err(FixtureErrorKind::InvalidNumber { tag: LineTag::Pbn, field: "vulnerability", text: "\"4\"".into() })
        );
        assert_eq!(
            fields.number::<u8>("trump", |v| v < 5),
            Err(FixtureErrorKind::InvalidNumber { tag: LineTag::Pbn, field: "trump", text: "9".into() })
        );
        assert_eq!(fields.clone().end(), Err(FixtureErrorKind::TrailingText { tag: LineTag::Pbn, text: "x".into() }));
        assert_eq!(fields.quoted("deal"), Err(FixtureErrorKind::ExpectedQuoted { tag: LineTag::Pbn, field: "deal" }));
        assert_eq!(fields.quoted("deal"), Err(FixtureErrorKind::MissingField { tag: LineTag::Pbn, field: "deal" }));
        assert_eq!(fields.end(), Ok(()));
    }
}
