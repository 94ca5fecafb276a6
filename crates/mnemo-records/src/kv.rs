//! Thin access to the records namespace of the tenant's store: typed JSON values, paged scans and
//! chunked deletes.

use mnemo::{GraphStore, Tenant};
use mnemo_core::{KvEntry, MAX_KV_BATCH};
use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::keys::NAMESPACE;
use crate::{Error, Result};

/// Entries one scan page asks for.
pub const PAGE: usize = 500;

#[derive(Clone, Copy)]
pub struct Kv<'a> {
    pub store: &'a dyn GraphStore,
    pub tenant: &'a Tenant,
}

impl Kv<'_> {
    /// One atomic put.
    pub async fn put(&self, entries: &[KvEntry]) -> Result<()> {
        Ok(self.store.kv_put(self.tenant, NAMESPACE, entries).await?)
    }

    pub async fn get(&self, keys: &[String]) -> Result<Vec<KvEntry>> {
        let mut out = Vec::with_capacity(keys.len());
        for chunk in keys.chunks(MAX_KV_BATCH) {
            out.extend(self.store.kv_get(self.tenant, NAMESPACE, chunk).await?);
        }
        Ok(out)
    }

    pub async fn scan(
        &self,
        prefix: &str,
        after: Option<&str>,
        limit: usize,
    ) -> Result<Vec<KvEntry>> {
        Ok(self
            .store
            .kv_scan(self.tenant, NAMESPACE, prefix, after, limit)
            .await?)
    }

    /// Every entry under a prefix, page by page.
    pub async fn scan_all(&self, prefix: &str) -> Result<Vec<KvEntry>> {
        let mut out: Vec<KvEntry> = Vec::new();
        loop {
            let after = out.last().map(|(k, _)| k.clone());
            let page = self.scan(prefix, after.as_deref(), PAGE).await?;
            let done = page.len() < PAGE;
            out.extend(page);
            if done {
                return Ok(out);
            }
        }
    }

    /// Deletes keys in chunks the store accepts; returns how many existed.
    pub async fn delete(&self, keys: &[String]) -> Result<u64> {
        let mut n = 0;
        for chunk in keys.chunks(MAX_KV_BATCH) {
            n += self.store.kv_delete(self.tenant, NAMESPACE, chunk).await?;
        }
        Ok(n)
    }

    pub async fn get_json<T: DeserializeOwned>(&self, key: &str) -> Result<Option<T>> {
        match self.get(&[key.to_string()]).await?.into_iter().next() {
            Some((k, v)) => Ok(Some(decode(&k, &v)?)),
            None => Ok(None),
        }
    }
}

pub fn encode<T: Serialize>(key: String, value: &T) -> Result<KvEntry> {
    let v = serde_json::to_string(value)
        .map_err(|e| Error::Internal(format!("cannot encode {key}: {e}")))?;
    Ok((key, v))
}

pub fn decode<T: DeserializeOwned>(key: &str, value: &str) -> Result<T> {
    serde_json::from_str(value).map_err(|e| Error::Corrupt(format!("stored {key} is damaged: {e}")))
}
