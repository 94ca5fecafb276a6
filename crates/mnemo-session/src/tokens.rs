//! Token counting as OpenAI's cl100k_base encoding counts, with the counter the rest of mnemo
//! uses (`mnemo_extract::count_tokens`: the bundled rank table, no encoder to load).

/// Tokens of `text` as an OpenAI cl100k_base model counts them.
pub fn count_tokens(text: &str) -> usize {
    mnemo_extract::count_tokens(text)
}
