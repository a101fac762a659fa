//! Files that are replaced whole or not at all: written to a temporary file next to the
//! target, synced, then renamed over it. A crash, a full disk or an error halfway leaves
//! the old file (or no file) in place, never a truncated one; and a writer whose target is
//! also its input (`batch --input f --output f`) reads the old file to the end.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// A file being written in place of `target`. [`AtomicFile::commit`] puts it there;
/// dropping it uncommitted removes the temporary.
pub struct AtomicFile {
    target: PathBuf,
    temp: PathBuf,
    file: File,
    committed: bool,
}

impl AtomicFile {
    /// Creates the temporary beside `target` (so the rename stays on one file system).
    pub fn create(target: &Path) -> io::Result<Self> {
        let temp = temp_path(target);
        let file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temp)?;
        Ok(Self {
            target: target.to_owned(),
            temp,
            file,
            committed: false,
        })
    }

    /// Syncs the data, renames it over the target, and syncs the folder.
    pub fn commit(mut self) -> io::Result<()> {
        self.file.sync_all()?;
        fs::rename(&self.temp, &self.target)?;
        self.committed = true;
        sync_parent(&self.target);
        Ok(())
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.file.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file.flush()
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if !self.committed {
            let _ = fs::remove_file(&self.temp);
        }
    }
}

/// Writes `bytes` as the whole new content of `path`, atomically.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut file = AtomicFile::create(path)?;
    file.write_all(bytes)?;
    file.commit()
}

/// A fresh name next to `path`, hidden and unique to this process and moment.
fn temp_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map_or_else(|| "file".to_owned(), |n| n.to_string_lossy().into_owned());
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    path.with_file_name(format!(".{name}.{}.{nanos}.tmp", std::process::id()))
}

/// Makes the rename itself durable where the platform allows syncing a folder.
fn sync_parent(path: &Path) {
    let parent = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    if let Ok(dir) = File::open(parent) {
        let _ = dir.sync_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(name: &str) -> PathBuf {
        let d =
            std::env::temp_dir().join(format!("sweepscope-atomic-{}-{name}", std::process::id()));
        fs::create_dir_all(&d).expect("temp dir");
        d
    }

    fn leftovers(d: &Path) -> usize {
        fs::read_dir(d)
            .map(|it| {
                it.filter_map(Result::ok)
                    .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
                    .count()
            })
            .unwrap_or(0)
    }

    #[test]
    fn replaces_whole_or_not_at_all() {
        let d = dir("replace");
        let path = d.join("out.txt");
        fs::write(&path, "old").expect("seed file");
        let mut f = AtomicFile::create(&path).expect("create");
        f.write_all(b"new, longer content").expect("write");
        // Not yet committed: the old content is still there.
        assert_eq!(fs::read_to_string(&path).expect("read"), "old");
        drop(f);
        assert_eq!(fs::read_to_string(&path).expect("read"), "old");
        assert_eq!(leftovers(&d), 0, "an abandoned temporary is removed");
        write_atomically(&path, b"new").expect("write atomically");
        assert_eq!(fs::read_to_string(&path).expect("read"), "new");
        assert_eq!(leftovers(&d), 0);
        let _ = fs::remove_dir_all(&d);
    }

    #[test]
    fn a_missing_folder_is_an_error_not_a_panic() {
        let path = dir("missing").join("no").join("such").join("file.txt");
        assert!(write_atomically(&path, b"x").is_err());
    }
}
