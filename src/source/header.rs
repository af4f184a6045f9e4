//! The header line a transformed test prints when it starts: `--transform` writes it, and the
//! readers of a run (`crate::run`) split the captured stdout at it.

/// What a header starts with, as the escript printed it.
pub const MARKER: &str = "[test started] ";

/// How a test name appears in a header line: a line break in the name is written `\n`, so
/// the header stays on one line (the Elixir header statement does this at run time).
pub fn header_name(name: &str) -> std::borrow::Cow<'_, str> {
    if name.contains('\n') {
        name.replace('\n', "\\n").into()
    } else {
        name.into()
    }
}
