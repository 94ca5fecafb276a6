//! What every transaction body shares: its error (a driver error, maybe transient, or a store
//! error) and the size estimate that bounds the rows of one statement.

use mnemo_core::Error;
use neo4rs::BoltType;

/// What a transaction body can fail with: a driver error (maybe transient) or a store error.
pub(crate) enum TxError {
    Driver(neo4rs::Error),
    Store(Error),
}

impl From<neo4rs::Error> for TxError {
    fn from(e: neo4rs::Error) -> Self {
        TxError::Driver(e)
    }
}

/// Roughly the PackStream size of a value (strings and containers exactly enough to bound a
/// message; scalars at their widest).
pub(crate) fn approx_size(v: &BoltType) -> usize {
    match v {
        BoltType::String(s) => 5 + s.value.len(),
        BoltType::List(l) => 5 + l.value.iter().map(approx_size).sum::<usize>(),
        BoltType::Map(m) => {
            5 + m
                .value
                .iter()
                .map(|(k, v)| 5 + k.value.len() + approx_size(v))
                .sum::<usize>()
        }
        BoltType::Null(_) | BoltType::Boolean(_) => 1,
        BoltType::Integer(_) | BoltType::Float(_) => 9,
        _ => 24,
    }
}
