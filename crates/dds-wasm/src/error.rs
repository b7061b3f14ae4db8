//! The package's one error form: a kind and the facade's or the model's
//! message, thrown in JavaScript as a `DdsError` (the class the JS wrapper
//! defines and registers, `js/index.js`), or as a plain `Error` with the
//! same `name` and `kind` when no class is registered.

use std::cell::RefCell;

use dds::model::{
    DdsHandLineError, LinError, ParseCardsError, ParseDealError, ParseError, PbnFileError, PbnRecordError, PbnTagError,
};
use wasm_bindgen::prelude::*;

/// A failure to hand to JavaScript: what kind of thing went wrong, and the
/// message. The kinds are the facade's error variants (`Position`,
/// `IllegalPlay`, ...), the model's (`Parse`, `ParseDeal`, `Deal`, `Lin`,
/// `PbnFile`, `PbnTag`), and this package's own: `Type` (a JavaScript
/// value of the wrong type), `Range` (a number out of range) and
/// `Cancelled` (a progress callback returned `false`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Failure {
    /// The kind, a fixed word.
    pub kind: &'static str,
    /// The message: the `Display` text of the facade's or the model's
    /// error, or this package's for its own kinds.
    pub message: String,
    /// The argument the failure is about (`"strain"`, `"deals[3]"`), when
    /// it is about one.
    pub argument: Option<String>,
}

impl Failure {
    /// A failure of this package's own.
    pub fn new(kind: &'static str, message: impl Into<String>) -> Failure {
        Failure { kind, message: message.into(), argument: None }
    }

    /// A JavaScript value of the wrong type for `argument`.
    pub fn type_error(argument: &str, expected: &str) -> Failure {
        Failure::new("Type", format!("{argument}: expected {expected}")).about(argument)
    }

    /// The failure, naming the argument it is about.
    pub fn about(mut self, argument: impl Into<String>) -> Failure {
        self.argument = Some(argument.into());
        self
    }

    /// The stop asked for by a progress callback.
    pub fn cancelled() -> Failure {
        Failure::new("Cancelled", "cancelled by the progress callback")
    }
}

impl From<dds::Error> for Failure {
    fn from(e: dds::Error) -> Failure {
        let kind = match &e {
            dds::Error::Parse(_) => "Parse",
            dds::Error::ParseDeal(_) => "ParseDeal",
            dds::Error::Deal(_) => "Deal",
            dds::Error::Position(_) => "Position",
            dds::Error::TargetTooHigh { .. } => "TargetTooHigh",
            dds::Error::NotFullDeal => "NotFullDeal",
            dds::Error::ParNeedsAllStrains => "ParNeedsAllStrains",
            dds::Error::TricksOutOfRange { .. } => "TricksOutOfRange",
            dds::Error::LayoutSeats { .. } => "LayoutSeats",
            dds::Error::LayoutMerge => "LayoutMerge",
            dds::Error::LayoutsNeedSample { .. } => "LayoutsNeedSample",
            dds::Error::IllegalPlay { .. } => "IllegalPlay",
            _ => "Solver",
        };
        Failure::new(kind, e.to_string())
    }
}

impl From<ParseError> for Failure {
    fn from(e: ParseError) -> Failure {
        Failure::new("Parse", e.to_string())
    }
}

impl From<ParseCardsError> for Failure {
    fn from(e: ParseCardsError) -> Failure {
        Failure::new("Parse", e.to_string())
    }
}

impl From<ParseDealError> for Failure {
    fn from(e: ParseDealError) -> Failure {
        Failure::new("ParseDeal", e.to_string())
    }
}

impl From<DdsHandLineError> for Failure {
    /// A deal line of DDS's hand files: `ParseDeal` for its deal, else `Parse`.
    fn from(e: DdsHandLineError) -> Failure {
        match e {
            DdsHandLineError::InvalidDeal(e) => Failure::from(e),
            e => Failure::new("Parse", e.to_string()),
        }
    }
}

impl From<LinError> for Failure {
    fn from(e: LinError) -> Failure {
        Failure::new("Lin", e.to_string())
    }
}

impl From<PbnFileError> for Failure {
    fn from(e: PbnFileError) -> Failure {
        Failure::new("PbnFile", e.to_string())
    }
}

impl From<PbnRecordError> for Failure {
    fn from(e: PbnRecordError) -> Failure {
        let kind = match e {
            PbnRecordError::NothingToCopy => "PbnFile",
            _ => "Parse",
        };
        Failure::new(kind, e.to_string())
    }
}

impl From<PbnTagError> for Failure {
    fn from(e: PbnTagError) -> Failure {
        Failure::new("PbnTag", e.to_string())
    }
}

thread_local! {
    /// The `DdsError` class registered by the JS wrapper.
    static ERROR_CLASS: RefCell<Option<js_sys::Function>> = const { RefCell::new(None) };
}

/// Registers the class every failure is thrown as: the JS wrapper calls it
/// once with its `DdsError`, whose constructor takes `(kind, message,
/// argument)`.
#[wasm_bindgen(js_name = __setErrorClass, skip_typescript)]
pub fn set_error_class(class: js_sys::Function) {
    ERROR_CLASS.with(|c| *c.borrow_mut() = Some(class));
}

impl From<Failure> for JsValue {
    fn from(failure: Failure) -> JsValue {
        let argument = failure.argument.as_deref().map_or(JsValue::UNDEFINED, JsValue::from_str);
        let args = js_sys::Array::of3(&failure.kind.into(), &failure.message.as_str().into(), &argument);
        let class = ERROR_CLASS.with(|c| c.borrow().clone());
        if let Some(error) = class.and_then(|class| js_sys::Reflect::construct(&class, &args).ok()) {
            return error;
        }
        let error = js_sys::Error::new(&failure.message);
        error.set_name("DdsError");
        let _ = js_sys::Reflect::set(&error, &"kind".into(), &failure.kind.into());
        let _ = js_sys::Reflect::set(&error, &"argument".into(), &argument);
        error.into()
    }
}

/// The result of every exported function.
pub type JsResult<T> = Result<T, JsValue>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn facade_errors_keep_their_message_and_name_their_kind() {
        let failure = Failure::from(dds::Error::NotFullDeal);
        assert_eq!(failure.kind, "NotFullDeal");
        assert_eq!(failure.message, dds::Error::NotFullDeal.to_string());
        let parse = "X".parse::<dds::Strain>().unwrap_err();
        assert_eq!(Failure::from(parse).message, parse.to_string());
        assert_eq!(Failure::from(dds::Error::from(parse)).kind, "Parse");
        assert_eq!(Failure::type_error("deal", "a string").argument.as_deref(), Some("deal"));
    }
}
