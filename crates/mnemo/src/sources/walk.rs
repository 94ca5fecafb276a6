//! Walking the paths of an ingest run: folders recursively in sorted order (so runs and resumes are
//! reproducible), filtered by extension or by `--include`/`--exclude` globs; files named explicitly
//! are always taken.

use std::collections::{HashSet, VecDeque};
use std::path::{Path, PathBuf};

use globset::{GlobBuilder, GlobSet, GlobSetBuilder};

use super::{err, SourceError};

/// Globs of one list: patterns without `/` match a file or folder name at any depth (as in
/// .gitignore), patterns with `/` match the path relative to the folder given on the command line.
#[derive(Debug, Default)]
struct Globs {
    names: Option<GlobSet>,
    paths: Option<GlobSet>,
}

impl Globs {
    fn new(patterns: &[String], what: &str) -> Result<Globs, SourceError> {
        let (mut names, mut paths) = (GlobSetBuilder::new(), GlobSetBuilder::new());
        let (mut n_names, mut n_paths) = (0, 0);
        for p in patterns {
            let p = p.trim();
            if p.is_empty() {
                continue;
            }
            let glob = GlobBuilder::new(p.trim_start_matches("./"))
                .literal_separator(true)
                .build()
                .map_err(|e| err(format!("{what} {p:?}"), format!("bad glob: {e}")))?;
            if p.contains('/') {
                paths.add(glob);
                n_paths += 1;
            } else {
                names.add(glob);
                n_names += 1;
            }
        }
        let build = |b: GlobSetBuilder, n: usize| -> Result<Option<GlobSet>, SourceError> {
            if n == 0 {
                return Ok(None);
            }
            b.build()
                .map(Some)
                .map_err(|e| err(what, format!("bad glob: {e}")))
        };
        Ok(Globs {
            names: build(names, n_names)?,
            paths: build(paths, n_paths)?,
        })
    }

    fn is_empty(&self) -> bool {
        self.names.is_none() && self.paths.is_none()
    }

    fn is_match(&self, rel: &Path) -> bool {
        let name_hit = match (&self.names, rel.file_name()) {
            (Some(set), Some(name)) => set.is_match(name),
            _ => false,
        };
        name_hit || self.paths.as_ref().is_some_and(|set| set.is_match(rel))
    }
}

/// A path waiting to be visited: `root` is the folder given on the command line it was found
/// under (`None` for paths given explicitly).
#[derive(Debug)]
struct Pending {
    path: PathBuf,
    root: Option<PathBuf>,
}

/// Yields the files of an ingest run, one at a time; `-` (stdin) is passed through.
#[derive(Debug)]
pub(crate) struct Walker {
    queue: VecDeque<Pending>,
    include: Globs,
    exclude: Globs,
    extensions: Vec<String>,
    /// Folders already expanded (canonical paths), so symlink loops end.
    seen_dirs: HashSet<PathBuf>,
    /// Files already yielded (canonical paths): a file named on the command line and also found in
    /// a folder given beside it, or reached through a symlink, is read once.
    seen_files: HashSet<PathBuf>,
}

impl Walker {
    pub(crate) fn new(
        paths: &[PathBuf],
        include: &[String],
        exclude: &[String],
        extensions: Vec<String>,
    ) -> Result<Walker, SourceError> {
        Ok(Walker {
            queue: paths
                .iter()
                .map(|p| Pending {
                    path: p.clone(),
                    root: None,
                })
                .collect(),
            include: Globs::new(include, "--include")?,
            exclude: Globs::new(exclude, "--exclude")?,
            extensions,
            seen_dirs: HashSet::new(),
            seen_files: HashSet::new(),
        })
    }

    /// Whether a file found in a folder is taken: by the include globs when there are any, else by
    /// extension; never when an exclude glob matches.
    fn wanted(&self, rel: &Path) -> bool {
        if self.exclude.is_match(rel) {
            return false;
        }
        if !self.include.is_empty() {
            return self.include.is_match(rel);
        }
        rel.extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| self.extensions.iter().any(|x| x.eq_ignore_ascii_case(e)))
    }

    fn expand_dir(&mut self, dir: &Path, root: &Path) -> Result<(), SourceError> {
        let loc = dir.display().to_string();
        if let Ok(canonical) = dir.canonicalize() {
            if !self.seen_dirs.insert(canonical) {
                return Ok(());
            }
        }
        let rd =
            std::fs::read_dir(dir).map_err(|e| err(&loc, format!("cannot list folder: {e}")))?;
        let mut entries: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
        entries.sort();
        for p in entries.into_iter().rev() {
            let rel = p.strip_prefix(root).unwrap_or(&p).to_path_buf();
            let keep = if p.is_dir() {
                !self.exclude.is_match(&rel)
            } else {
                self.wanted(&rel)
            };
            if keep {
                self.queue.push_front(Pending {
                    path: p,
                    root: Some(root.to_path_buf()),
                });
            }
        }
        Ok(())
    }
}

impl Iterator for Walker {
    type Item = Result<PathBuf, SourceError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let Pending { path, root } = self.queue.pop_front()?;
            if path.as_os_str() == "-" {
                return Some(Ok(path));
            }
            // A missing or unreadable file is the reader's to report, with its reason; so is a
            // FIFO, socket or device, which the reader refuses without opening it.
            if !path.is_dir() {
                if let Ok(canonical) = path.canonicalize() {
                    if !self.seen_files.insert(canonical) {
                        tracing::debug!(path = %path.display(), "named twice; read once");
                        continue;
                    }
                }
                return Some(Ok(path));
            }
            let root = root.unwrap_or_else(|| path.clone());
            if let Err(e) = self.expand_dir(&path, &root) {
                return Some(Err(e));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(w: Walker, root: &Path) -> Vec<String> {
        w.map(|p| p.unwrap().strip_prefix(root).unwrap().display().to_string())
            .collect()
    }

    #[test]
    fn include_and_exclude_globs_filter_folders_recursively() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        for f in [
            "a.md",
            "b.txt",
            "sub/c.md",
            "sub/deep/d.md",
            "drafts/e.md",
            "x.csv",
        ] {
            let p = root.join(f);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, "text").unwrap();
        }
        let exts = vec!["md".to_string(), "txt".to_string()];
        let all = Walker::new(&[root.to_path_buf()], &[], &[], exts.clone()).unwrap();
        assert_eq!(
            names(all, root),
            ["a.md", "b.txt", "drafts/e.md", "sub/c.md", "sub/deep/d.md"]
        );
        let w = Walker::new(
            &[root.to_path_buf()],
            &["**/*.md".into()],
            &["drafts/**".into()],
            exts.clone(),
        )
        .unwrap();
        assert_eq!(names(w, root), ["a.md", "sub/c.md", "sub/deep/d.md"]);
        // A pattern without a slash matches names at any depth; include overrides extensions.
        let w = Walker::new(
            &[root.to_path_buf()],
            &["*.csv".into(), "d.md".into()],
            &["deep".into()],
            exts,
        )
        .unwrap();
        assert_eq!(names(w, root), ["x.csv"]);
        let bad = Walker::new(&[], &["a[".into()], &[], vec![]).unwrap_err();
        assert!(bad.reason.contains("bad glob"), "{bad}");
    }

    #[test]
    #[cfg(unix)]
    fn a_file_reached_twice_is_yielded_once() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::write(root.join("a.md"), "text").unwrap();
        std::fs::write(root.join("b.md"), "text").unwrap();
        std::os::unix::fs::symlink(root.join("b.md"), root.join("link.md")).unwrap();
        let exts = vec!["md".to_string()];
        let w = Walker::new(
            &[root.join("a.md"), root.to_path_buf(), root.join("a.md")],
            &[],
            &[],
            exts,
        )
        .unwrap();
        // a.md named first, then the folder (a.md again, b.md, and link.md pointing at b.md).
        assert_eq!(names(w, root), ["a.md", "b.md"]);
        // A missing file is passed on every time, for the reader to report.
        let missing = root.join("nope.md");
        let w = Walker::new(&[missing.clone(), missing], &[], &[], vec![]).unwrap();
        assert_eq!(names(w, root), ["nope.md", "nope.md"]);
    }
}
