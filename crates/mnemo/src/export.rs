//! Exporting a graph as Cypher (replayable into Neo4j), GraphML or Graphviz DOT. Every string is
//! escaped for its format; relationship types are already whitelisted by `RelType`. Facts carry
//! their validity (`valid_from`, and `valid_to` once a newer fact or an ending closed them), derived
//! from the whole graph as a search derives it, and their event time (`occurred`, when the text
//! gave one: when it happened, beside `first_seen`/`last_seen`, when it was told).

use std::fmt::Write;
use std::str::FromStr;

use mnemo_core::{Subgraph, Tenant, Timestamp};
use mnemo_memory::{validity, Validity, ValidityConfig};

use crate::Error;

/// Export formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExportFormat {
    Cypher,
    Graphml,
    Dot,
}

impl FromStr for ExportFormat {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Error> {
        match s.to_ascii_lowercase().as_str() {
            "cypher" => Ok(ExportFormat::Cypher),
            "graphml" => Ok(ExportFormat::Graphml),
            "dot" => Ok(ExportFormat::Dot),
            _ => Err(Error::InvalidInput(format!(
                "unknown export format {s:?} (expected cypher, graphml or dot)"
            ))),
        }
    }
}

/// Renders `graph` in `format`; `table` says which facts replace or end each other (the search
/// settings' `validity`).
pub fn render(
    graph: &Subgraph,
    tenant: &Tenant,
    format: ExportFormat,
    table: &ValidityConfig,
) -> String {
    let valid = validity(&graph.facts, table);
    match format {
        ExportFormat::Cypher => cypher(graph, tenant, &valid),
        ExportFormat::Graphml => graphml(graph, &valid),
        ExportFormat::Dot => dot(graph, &valid),
    }
}

fn day(t: &Timestamp) -> String {
    t.format("%Y-%m-%d").to_string()
}

/// A Cypher string literal: single-quoted, with `\`, `'` and control characters escaped.
fn cy(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('\'');
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\'' => out.push_str("\\'"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('\'');
    out
}

fn cypher(g: &Subgraph, tenant: &Tenant, valid: &[Validity]) -> String {
    let t = cy(tenant.as_str());
    let mut out =
        String::from("// mnemo export: replay with cypher-shell or paste into Neo4j Browser\n");
    for e in &g.entities {
        let aliases: Vec<String> = e.aliases.iter().map(|a| cy(a)).collect();
        let _ = writeln!(
            out,
            "MERGE (e:Entity {{tenant: {t}, key: {}}}) SET e:{}, e.name = {}, e.type = {}, e.aliases = [{}], e.mentions = {}, e.first_seen = datetime({}), e.last_seen = datetime({});",
            cy(e.key.as_str()),
            e.entity_type.as_str(),
            cy(&e.name),
            cy(e.entity_type.as_str()),
            aliases.join(", "),
            e.mentions,
            cy(&e.first_seen.to_rfc3339()),
            cy(&e.last_seen.to_rfc3339()),
        );
    }
    for (f, v) in g.facts.iter().zip(valid) {
        let eps: Vec<String> = f.episodes.iter().map(|x| cy(x)).collect();
        let valid_to = v.valid_to.map_or("null".to_string(), |t| {
            format!("datetime({})", cy(&t.to_rfc3339()))
        });
        let occurred = f.occurred.as_deref().map_or("null".to_string(), cy);
        let _ = writeln!(
            out,
            "MATCH (s:Entity {{tenant: {t}, key: {}}}), (o:Entity {{tenant: {t}, key: {}}}) MERGE (s)-[r:{}]->(o) SET r.tenant = {t}, r.predicate = {}, r.mentions = {}, r.confidence = {}, r.first_seen = datetime({}), r.last_seen = datetime({}), r.valid_from = datetime({}), r.valid_to = {valid_to}, r.occurred = {occurred}, r.episodes = [{}];",
            cy(f.subject.as_str()),
            cy(f.object.as_str()),
            f.rel_type.as_str(),
            cy(&f.predicate),
            f.mentions,
            f.confidence,
            cy(&f.first_seen.to_rfc3339()),
            cy(&f.last_seen.to_rfc3339()),
            cy(&v.valid_from.to_rfc3339()),
            eps.join(", "),
        );
    }
    out
}

fn xml(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(c),
            // XML 1.0 cannot carry other control characters at all, even escaped.
            c if c.is_control() => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}

fn graphml(g: &Subgraph, valid: &[Validity]) -> String {
    let mut out = String::from(concat!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n",
        "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\">\n",
        "  <key id=\"name\" for=\"node\" attr.name=\"name\" attr.type=\"string\"/>\n",
        "  <key id=\"type\" for=\"node\" attr.name=\"type\" attr.type=\"string\"/>\n",
        "  <key id=\"mentions\" for=\"node\" attr.name=\"mentions\" attr.type=\"long\"/>\n",
        "  <key id=\"predicate\" for=\"edge\" attr.name=\"predicate\" attr.type=\"string\"/>\n",
        "  <key id=\"rel_type\" for=\"edge\" attr.name=\"rel_type\" attr.type=\"string\"/>\n",
        "  <key id=\"confidence\" for=\"edge\" attr.name=\"confidence\" attr.type=\"double\"/>\n",
        "  <key id=\"valid_from\" for=\"edge\" attr.name=\"valid_from\" attr.type=\"string\"/>\n",
        "  <key id=\"valid_to\" for=\"edge\" attr.name=\"valid_to\" attr.type=\"string\"/>\n",
        "  <key id=\"occurred\" for=\"edge\" attr.name=\"occurred\" attr.type=\"string\"/>\n",
        "  <graph id=\"mnemo\" edgedefault=\"directed\">\n"
    ));
    for e in &g.entities {
        let _ = writeln!(
            out,
            "    <node id=\"{}\"><data key=\"name\">{}</data><data key=\"type\">{}</data><data key=\"mentions\">{}</data></node>",
            xml(e.key.as_str()),
            xml(&e.name),
            e.entity_type.as_str(),
            e.mentions
        );
    }
    for (i, (f, v)) in g.facts.iter().zip(valid).enumerate() {
        let valid_to = v.valid_to.map_or(String::new(), |t| {
            format!("<data key=\"valid_to\">{}</data>", t.to_rfc3339())
        });
        let occurred = f.occurred.as_deref().map_or(String::new(), |t| {
            format!("<data key=\"occurred\">{}</data>", xml(t))
        });
        let _ = writeln!(
            out,
            "    <edge id=\"f{i}\" source=\"{}\" target=\"{}\"><data key=\"predicate\">{}</data><data key=\"rel_type\">{}</data><data key=\"confidence\">{}</data><data key=\"valid_from\">{}</data>{valid_to}{occurred}</edge>",
            xml(f.subject.as_str()),
            xml(f.object.as_str()),
            xml(&f.predicate),
            f.rel_type.as_str(),
            f.confidence,
            v.valid_from.to_rfc3339(),
        );
    }
    out.push_str("  </graph>\n</graphml>\n");
    out
}

fn dq(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' | '\r' => out.push_str("\\n"),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn dot(g: &Subgraph, valid: &[Validity]) -> String {
    let mut out = String::from("digraph mnemo {\n  node [shape=box];\n");
    for e in &g.entities {
        let _ = writeln!(
            out,
            "  {} [label={}];",
            dq(e.key.as_str()),
            dq(&format!("{} ({})", e.name, e.entity_type))
        );
    }
    for (f, v) in g.facts.iter().zip(valid) {
        // A closed fact says when it held, dashed; another one when it happened, if known.
        let (label, style) = match (v.valid_to, &f.occurred) {
            (Some(to), _) => (
                format!("{} ({} – {})", f.predicate, day(&v.valid_from), day(&to)),
                ", style=dashed",
            ),
            (None, Some(t)) => (format!("{} ({t})", f.predicate), ""),
            (None, None) => (f.predicate.clone(), ""),
        };
        let _ = writeln!(
            out,
            "  {} -> {} [label={}{style}];",
            dq(f.subject.as_str()),
            dq(f.object.as_str()),
            dq(&label)
        );
    }
    out.push_str("}\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;
    use expect_test::expect;
    use mnemo_core::{Entity, EntityKey, EntityType, Fact, RelType};

    fn graph() -> Subgraph {
        let t = chrono::Utc.with_ymd_and_hms(2026, 1, 2, 3, 4, 5).unwrap();
        let ent = |name: &str, ty| Entity {
            key: EntityKey::from_name(name).unwrap(),
            name: name.to_string(),
            entity_type: ty,
            aliases: vec![],
            mentions: 2,
            first_seen: t,
            last_seen: t,
        };
        let evil = "O'Brien\" <b>}) DETACH DELETE n //\n";
        Subgraph {
            entities: vec![
                ent(evil, EntityType::Person),
                ent("Acme", EntityType::Organization),
            ],
            facts: vec![Fact {
                subject: EntityKey::from_name(evil).unwrap(),
                rel_type: RelType::new("WORKS_FOR").unwrap(),
                object: EntityKey::from_name("Acme").unwrap(),
                predicate: "works for'}) //".into(),
                mentions: 1,
                confidence: 0.5,
                first_seen: t,
                last_seen: t,
                episodes: vec!["ep:1".into()],
                occurred: None,
            }],
        }
    }

    #[test]
    fn cypher_escapes_hostile_strings() {
        let out = render(
            &graph(),
            &Tenant::default(),
            ExportFormat::Cypher,
            &ValidityConfig::default(),
        );
        expect![[r#"
            // mnemo export: replay with cypher-shell or paste into Neo4j Browser
            MERGE (e:Entity {tenant: 'default', key: 'obrien b detach delete n'}) SET e:Person, e.name = 'O\'Brien" <b>}) DETACH DELETE n //\n', e.type = 'Person', e.aliases = [], e.mentions = 2, e.first_seen = datetime('2026-01-02T03:04:05+00:00'), e.last_seen = datetime('2026-01-02T03:04:05+00:00');
            MERGE (e:Entity {tenant: 'default', key: 'acme'}) SET e:Organization, e.name = 'Acme', e.type = 'Organization', e.aliases = [], e.mentions = 2, e.first_seen = datetime('2026-01-02T03:04:05+00:00'), e.last_seen = datetime('2026-01-02T03:04:05+00:00');
            MATCH (s:Entity {tenant: 'default', key: 'obrien b detach delete n'}), (o:Entity {tenant: 'default', key: 'acme'}) MERGE (s)-[r:WORKS_FOR]->(o) SET r.tenant = 'default', r.predicate = 'works for\'}) //', r.mentions = 1, r.confidence = 0.5, r.first_seen = datetime('2026-01-02T03:04:05+00:00'), r.last_seen = datetime('2026-01-02T03:04:05+00:00'), r.valid_from = datetime('2026-01-02T03:04:05+00:00'), r.valid_to = null, r.occurred = null, r.episodes = ['ep:1'];
        "#]]
        .assert_eq(&out);
    }

    #[test]
    fn graphml_and_dot_escape_markup() {
        let g = graph();
        let table = ValidityConfig::default();
        let xml_out = render(&g, &Tenant::default(), ExportFormat::Graphml, &table);
        assert!(xml_out.contains("O&apos;Brien&quot; &lt;b&gt;}) DETACH DELETE n //"));
        assert!(!xml_out.contains("<b>"));
        let dot_out = render(&g, &Tenant::default(), ExportFormat::Dot, &table);
        assert!(dot_out.contains(r#"label="O'Brien\" <b>}) DETACH DELETE n //\n (Person)""#));
        assert!("svg".parse::<ExportFormat>().is_err());
    }

    #[test]
    fn a_replaced_fact_is_exported_with_its_interval() {
        let mut g = graph();
        let later = chrono::Utc.with_ymd_and_hms(2026, 3, 1, 0, 0, 0).unwrap();
        let mut newer = g.facts[0].clone();
        newer.object = EntityKey::from_name("Globex").unwrap();
        newer.predicate = "works for".into();
        newer.first_seen = later;
        newer.last_seen = later;
        g.facts.push(newer);
        let table = ValidityConfig::default();
        let cy_out = render(&g, &Tenant::default(), ExportFormat::Cypher, &table);
        let lines: Vec<&str> = cy_out.lines().filter(|l| l.contains("WORKS_FOR")).collect();
        assert!(
            lines[0].contains("r.valid_to = datetime('2026-03-01T00:00:00+00:00')"),
            "{}",
            lines[0]
        );
        assert!(lines[1].contains("r.valid_to = null"), "{}", lines[1]);
        let xml_out = render(&g, &Tenant::default(), ExportFormat::Graphml, &table);
        assert_eq!(xml_out.matches("<data key=\"valid_to\">").count(), 1);
        let dot_out = render(&g, &Tenant::default(), ExportFormat::Dot, &table);
        assert!(
            dot_out.contains("(2026-01-02 – 2026-03-01)\", style=dashed]"),
            "{dot_out}"
        );
    }

    #[test]
    fn an_event_time_is_exported_in_every_format() {
        let mut g = graph();
        g.facts[0].occurred = Some("2023-05-07".into());
        let table = ValidityConfig::default();
        let t = Tenant::default();
        let cy_out = render(&g, &t, ExportFormat::Cypher, &table);
        assert!(cy_out.contains("r.occurred = '2023-05-07'"), "{cy_out}");
        // valid_from is the event's day (validity.rs).
        assert!(
            cy_out.contains("r.valid_from = datetime('2023-05-07T00:00:00+00:00')"),
            "{cy_out}"
        );
        let xml_out = render(&g, &t, ExportFormat::Graphml, &table);
        assert!(
            xml_out.contains("<data key=\"occurred\">2023-05-07</data></edge>"),
            "{xml_out}"
        );
        let dot_out = render(&g, &t, ExportFormat::Dot, &table);
        assert!(
            dot_out.contains("works for'}) // (2023-05-07)\""),
            "{dot_out}"
        );
    }
}
