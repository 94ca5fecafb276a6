//! Imports of the sample folders in `tests/fixtures/` (both layouts, each with corrupt files):
//! good files become records, bad ones are reported with path and reason, and a second import
//! changes nothing.

mod common;

use std::path::PathBuf;

use common::{embedded, TestClock, T0};
use mnemo_records::{ImportFormat, LinkKind, RecordType};

fn fixtures(sub: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(sub)
}

fn failure_names(report: &mnemo_records::ImportReport) -> Vec<(String, String)> {
    report
        .failed
        .iter()
        .map(|f| {
            let name = f.path.file_name().unwrap().to_string_lossy().into_owned();
            (name, f.reason.clone())
        })
        .collect()
}

#[tokio::test]
async fn ollama_agents_folder_imports_good_files_and_reports_bad_ones() {
    let clock = TestClock::at(T0);
    let rec = embedded(&clock);
    let report = rec
        .import(&fixtures("ollama"), ImportFormat::OllamaAgents)
        .await
        .unwrap();
    assert_eq!(report.files, 7, "README.txt is not a memory file");
    assert_eq!(report.imported.len(), 4, "{report:?}");
    let failed = failure_names(&report);
    assert_eq!(failed.len(), 3, "{failed:?}");
    let reason = |name: &str| {
        failed
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, r)| r.clone())
            .unwrap_or_else(|| panic!("{name} not reported: {failed:?}"))
    };
    assert!(reason("20240519_080000_truncated.json").contains("bad JSON"));
    assert!(reason("20240520_080000_no_timestamp.json").contains("missing field timestamp"));
    assert!(reason("20240521_080000_latin1.json").contains("UTF-8"));

    let all = rec.all().await.unwrap();
    assert_eq!(all.len(), 4);
    let pinned: Vec<_> = all.iter().filter(|r| r.pinned).collect();
    assert_eq!(pinned.len(), 1);
    assert_eq!(pinned[0].record_type, RecordType::Interaction);
    assert_eq!(pinned[0].access_count, 3);
    assert_eq!(pinned[0].model.as_deref(), Some("llama3.1:latest"));
    assert_eq!(pinned[0].user.as_deref(), Some("dana"));
    assert_eq!(
        pinned[0].at.to_rfc3339(),
        "2024-05-15T14:30:22.123456+00:00"
    );
    assert_eq!(
        all.iter()
            .filter(|r| r.record_type == RecordType::DocumentChunk)
            .count(),
        2
    );
    assert_eq!(rec.mnemo().stats().await.unwrap().episodes, 4);

    // The imported text is searchable, and using it counts as an access.
    let hit = rec
        .search("Where does Laura Chen work?", None)
        .await
        .unwrap();
    assert!(hit.hit);
    let again = rec.get(&pinned[0].id).await.unwrap().unwrap();
    assert_eq!(again.access_count, 4);

    let stats = rec.mnemo().stats().await.unwrap();
    let audit = rec.audit_all().await.unwrap().len();
    let second = rec
        .import(&fixtures("ollama"), ImportFormat::OllamaAgents)
        .await
        .unwrap();
    assert!(second.imported.is_empty(), "{second:?}");
    assert_eq!(second.already_present.len(), 4);
    assert_eq!(second.failed.len(), 3);
    assert_eq!(rec.mnemo().stats().await.unwrap(), stats);
    assert_eq!(rec.audit_all().await.unwrap().len(), audit);
    assert_eq!(
        rec.get(&pinned[0].id).await.unwrap().unwrap().access_count,
        4
    );
}

#[tokio::test]
async fn rlm_mem_chunks_import_with_sessions_tags_and_links() {
    let clock = TestClock::at(T0);
    let rec = embedded(&clock);
    let report = rec
        .import(&fixtures("rlm"), ImportFormat::RlmMem)
        .await
        .unwrap();
    assert_eq!(report.files, 7, "index/ and archive/ are skipped");
    let mut imported = report.imported.clone();
    imported.sort();
    assert_eq!(
        imported,
        vec![
            "chunk-2026-02-09-p4q5r6s7",
            "chunk-2026-02-10-a1b2c3d4",
            "chunk-2026-02-10-x9y8z7w6"
        ]
    );
    let failed = failure_names(&report);
    assert_eq!(failed.len(), 4, "{failed:?}");
    for (name, want) in [
        ("chunk-2026-02-11-badtype1.json", "unknown record type"),
        ("chunk-2026-02-11-traversal.json", "record id"),
        ("chunk-2026-02-11-notokens.json", "missing field tokens"),
        ("chunk-2026-02-12-truncated.json", "bad JSON"),
    ] {
        assert!(
            failed.iter().any(|(n, r)| n == name && r.contains(want)),
            "{name}: {failed:?}"
        );
    }
    // supports and related_to from the file; follows was already made automatically (same
    // conversation, three minutes apart); the contradicted chunk does not exist.
    assert_eq!(report.links, 2, "{report:?}");

    let d = rec.get("chunk-2026-02-10-a1b2c3d4").await.unwrap().unwrap();
    assert_eq!(d.record_type, RecordType::Decision);
    assert_eq!(d.session.as_deref(), Some("conv-abc123"));
    assert_eq!(d.tags, vec!["architecture", "decision-log"]);
    assert_eq!(d.access_count, 3);
    assert!((d.confidence - 0.95).abs() < 1e-6);
    let links = rec.links(&d.id, 100).await.unwrap();
    let has = |k: LinkKind, t: &str, incoming: bool| {
        links
            .iter()
            .any(|l| l.kind == k && l.target == t && l.incoming == incoming)
    };
    assert!(
        has(LinkKind::Follows, "chunk-2026-02-10-x9y8z7w6", false),
        "{links:?}"
    );
    assert!(has(LinkKind::ContextOf, "chunk-2026-02-10-x9y8z7w6", false));
    assert!(
        has(LinkKind::RelatedTo, "chunk-2026-02-10-x9y8z7w6", false),
        "shared tag"
    );
    assert!(has(LinkKind::Supports, "chunk-2026-02-09-p4q5r6s7", false));
    assert!(has(LinkKind::RelatedTo, "chunk-2026-02-09-p4q5r6s7", false));
    let p = rec.get("chunk-2026-02-09-p4q5r6s7").await.unwrap().unwrap();
    assert_eq!(
        p.session.as_deref(),
        Some("conv-xyz789"),
        "from links.context_of"
    );

    let stats = rec.mnemo().stats().await.unwrap();
    let audit = rec.audit_all().await.unwrap().len();
    let second = rec
        .import(&fixtures("rlm"), ImportFormat::RlmMem)
        .await
        .unwrap();
    assert!(second.imported.is_empty());
    assert_eq!(second.links, 0);
    assert_eq!(rec.mnemo().stats().await.unwrap(), stats);
    assert_eq!(rec.audit_all().await.unwrap().len(), audit);
}

#[tokio::test]
async fn one_file_imports_and_a_missing_path_is_an_error() {
    let clock = TestClock::at(T0);
    let rec = embedded(&clock);
    let one = fixtures("rlm/chunks/2026-02/chunk-2026-02-09-p4q5r6s7.json");
    let report = rec.import(&one, ImportFormat::RlmMem).await.unwrap();
    assert_eq!(report.imported, vec!["chunk-2026-02-09-p4q5r6s7"]);
    let wrong = rec
        .import(
            &fixtures("ollama/20240516_090000_document_chunk.json"),
            ImportFormat::RlmMem,
        )
        .await
        .unwrap();
    assert_eq!(
        wrong.failed.len(),
        1,
        "an Ollama file is not an RLM-MEM chunk"
    );
    assert!(matches!(
        rec.import(&fixtures("no-such-folder"), ImportFormat::OllamaAgents)
            .await,
        Err(mnemo_records::Error::InvalidInput(_))
    ));
}
