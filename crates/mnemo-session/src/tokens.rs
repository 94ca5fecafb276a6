//! Token counting with the cl100k_base BPE (tiktoken), as the rest of mnemo counts.

/// Tokens of `text` as an OpenAI cl100k_base model counts them.
pub fn count_tokens(text: &str) -> usize {
    if text.is_empty() {
        return 0;
    }
    tiktoken_rs::cl100k_base_singleton().count_ordinary(text)
}
