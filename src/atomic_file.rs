//! Files that are replaced whole or not at all: written to a temporary file next to the
//! target, synced, then renamed over it. A crash, a full disk or an error halfway leaves
//! the old file (or no file) in place, never a truncated one; and a writer whose target is
//! also its input (`batch --input f --output f`) reads the old file to the end.
//!
//! Only regular files are replaced this way. A symbolic link is followed, so the file it
//! points to is replaced and the link stays; the new file gets the old one's permissions.
//! A loop of links (or a chain too long to follow) is refused, never replaced. Anything
//! else that exists at the path (a FIFO, `/dev/null`) is written straight through, as
//! `File::create` would, and a folder is refused at once. A path that names one of this
//! process's own open descriptors (`/dev/stdout`, `/dev/fd/N`, `/proc/self/fd/N`) is
//! written through that descriptor, at its offset and with its flags: the file the shell
//! opened behind it (`>> log`, or `{ …; } > f` shared with other commands) is neither
//! replaced nor truncated, and a pipe behind it is written as any pipe. A hard link's other
//! names keep the old content, as with most editors' saves.
//!
//! On Linux the new content is written to an unnamed file in the target's folder
//! (`O_TMPFILE`) that gets a name only when it is committed, so a run that is killed, or
//! fails, leaves nothing behind. Elsewhere (or on a file system without unnamed files) it
//! is a hidden named temporary, removed on every error path.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// A file being written in place of `target`. [`AtomicFile::commit`] puts it there;
/// dropping it uncommitted removes the temporary.
pub struct AtomicFile {
    file: File,
    /// `(temporary, target)`, or `None` when writing straight to a special file.
    rename: Option<(PathBuf, PathBuf)>,
    /// The temporary has no name yet (Linux `O_TMPFILE`): commit links it first.
    unnamed: bool,
    committed: bool,
}

impl AtomicFile {
    /// Creates the temporary beside the (link-resolved) target, so the rename stays on
    /// one file system; or opens a special file for writing.
    pub fn create(target: &Path) -> io::Result<Self> {
        Self::open(target, true)
    }

    /// [`AtomicFile::create`] for a file that must be a regular one: a special file at the
    /// path is refused rather than written through (opening a FIFO with no reader waits
    /// for ever, and a scene saved from the window froze it).
    pub fn create_regular(target: &Path) -> io::Result<Self> {
        Self::open(target, false)
    }

    fn open(target: &Path, through_special: bool) -> io::Result<Self> {
        let target = match resolve_links(target)? {
            Resolved::Path(path) => path,
            Resolved::Descriptor(_) if !through_special => {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidInput,
                    "names an open descriptor of this program (standard output or the \
                     like), not a file; only a regular file is replaced",
                ));
            }
            Resolved::Descriptor(fd) => {
                return Ok(Self {
                    file: duplicate(fd)?,
                    rename: None,
                    unnamed: false,
                    committed: false,
                });
            }
        };
        match fs::metadata(&target) {
            Ok(m) if m.is_dir() => {
                return Err(io::Error::new(io::ErrorKind::IsADirectory, "is a folder"));
            }
            // Renaming over a file needs only the folder's permission: a file its owner
            // had made read-only was replaced without a word.
            Ok(m) if m.is_file() && m.permissions().readonly() => {
                return Err(io::Error::new(
                    io::ErrorKind::PermissionDenied,
                    "is read-only: it is not replaced (make it writable to save over it)",
                ));
            }
            Ok(m) if !m.is_file() && !through_special => {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidInput,
                    "is not a regular file (a FIFO, a socket or a device); only a regular \
                     file is replaced",
                ));
            }
            Ok(m) if !m.is_file() => {
                return Ok(Self {
                    file: File::create(&target)?,
                    rename: None,
                    unnamed: false,
                    committed: false,
                });
            }
            _ => {}
        }
        let temp = temp_path(&target);
        let (file, unnamed) = match unnamed_beside(&target) {
            Some(file) => (file, true),
            None => (
                OpenOptions::new()
                    .write(true)
                    .create_new(true)
                    .open(&temp)
                    .map_err(|e| creating_in(e, &target))?,
                false,
            ),
        };
        if let Ok(m) = fs::metadata(&target) {
            // Best effort: an owner or attributes cannot always be carried over.
            let _ = file.set_permissions(m.permissions());
            // The owner too, where the writer may give it (root editing another user's
            // file left it root's).
            #[cfg(unix)]
            {
                use std::os::unix::fs::MetadataExt;
                let _ = std::os::unix::fs::fchown(&file, Some(m.uid()), Some(m.gid()));
            }
        }
        Ok(Self {
            file,
            rename: Some((temp, target)),
            unnamed,
            committed: false,
        })
    }

    /// Syncs the data, renames it over the target, and syncs the folder.
    pub fn commit(mut self) -> io::Result<()> {
        self.file.flush()?;
        let Some((temp, target)) = &self.rename else {
            return Ok(());
        };
        self.file.sync_all()?;
        if self.unnamed {
            give_name(&self.file, temp)?;
            // From here on the temporary has a name: `Drop` removes it if the rename fails.
            self.unnamed = false;
        }
        fs::rename(temp, target)?;
        self.committed = true;
        sync_parent(target);
        Ok(())
    }
}

/// An unnamed file in `target`'s folder, where the platform and file system have them.
#[cfg(target_os = "linux")]
fn unnamed_beside(target: &Path) -> Option<File> {
    use std::os::unix::fs::OpenOptionsExt;
    // Committing links the file through /proc; without it an unnamed file could not be kept.
    if !Path::new("/proc/self/fd").is_dir() {
        return None;
    }
    let dir = match target.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    OpenOptions::new()
        .write(true)
        .mode(0o666)
        .custom_flags(libc::O_TMPFILE)
        .open(dir)
        .ok()
}

#[cfg(not(target_os = "linux"))]
fn unnamed_beside(_: &Path) -> Option<File> {
    None
}

/// Links the unnamed `file` into its folder as `name`.
#[cfg(target_os = "linux")]
fn give_name(file: &File, name: &Path) -> io::Result<()> {
    use std::ffi::CString;
    use std::os::unix::ffi::OsStrExt;
    use std::os::unix::io::AsRawFd;
    let from = CString::new(format!("/proc/self/fd/{}", file.as_raw_fd()))?;
    let to = CString::new(name.as_os_str().as_bytes())?;
    // SAFETY: both are valid NUL-terminated paths that outlive the call; linkat only reads
    // them.
    let done = unsafe {
        libc::linkat(
            libc::AT_FDCWD,
            from.as_ptr(),
            libc::AT_FDCWD,
            to.as_ptr(),
            libc::AT_SYMLINK_FOLLOW,
        )
    };
    if done == 0 {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

#[cfg(not(target_os = "linux"))]
fn give_name(_: &File, _: &Path) -> io::Result<()> {
    Err(io::Error::other("unnamed files are not supported here"))
}

/// `e`, from creating `path`, with the folder named when the folder is there but the
/// error says "not found": a folder that takes no new files (`/proc`, `/sys`) answers
/// creating one with ENOENT, which read as if the folder were missing.
pub fn creating_in(e: io::Error, path: &Path) -> io::Error {
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    if e.kind() == io::ErrorKind::NotFound && folder.is_dir() {
        io::Error::new(
            e.kind(),
            format!(
                "the folder {} is there but takes no new files ({e})",
                folder.display()
            ),
        )
    } else {
        e
    }
}

/// Where a path leads: a path, or one of this process's open descriptors.
enum Resolved {
    Path(PathBuf),
    Descriptor(i32),
}

/// `path` with symbolic links followed, as far as they lead (a dangling link gives the
/// path it names, which the save then creates), or the descriptor it names as soon as a
/// link in the chain names one ([`own_descriptor`]): `/dev/stdout` leads on through
/// `/proc/self/fd/1` to the file behind standard output, which must not be replaced, or to
/// `pipe:[N]`, which is no path at all. A loop, or a chain longer than the 40 links Linux
/// follows, is an error: replacing the last link tried would break the loop the user made.
fn resolve_links(path: &Path) -> io::Result<Resolved> {
    let mut path = path.to_owned();
    for _ in 0..40 {
        if let Some(fd) = own_descriptor(&path) {
            return Ok(Resolved::Descriptor(fd));
        }
        match fs::symlink_metadata(&path) {
            Ok(m) if m.file_type().is_symlink() => {
                let next = fs::read_link(&path)?;
                path = match path.parent() {
                    Some(dir) => dir.join(next),
                    None => next,
                };
            }
            _ => return Ok(Resolved::Path(path)),
        }
    }
    Err(io::Error::new(
        io::ErrorKind::InvalidInput,
        "a loop of symbolic links (or more than 40 in a row); not replaced",
    ))
}

/// The descriptor `path` names, when it names one of this process's own:
/// `/dev/stdin`, `/dev/stdout`, `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N`,
/// `/proc/thread-self/fd/N` and `/proc/<this process>/fd/N`.
#[cfg(unix)]
fn own_descriptor(path: &Path) -> Option<i32> {
    let s = path.to_str()?;
    match s {
        "/dev/stdin" => return Some(0),
        "/dev/stdout" => return Some(1),
        "/dev/stderr" => return Some(2),
        _ => {}
    }
    let own = format!("/proc/{}/fd/", std::process::id());
    let n = [
        "/dev/fd/",
        "/proc/self/fd/",
        "/proc/thread-self/fd/",
        own.as_str(),
    ]
    .iter()
    .find_map(|prefix| s.strip_prefix(prefix))?;
    // Digits only: `parse` would take a sign.
    if n.is_empty() || !n.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    n.parse().ok()
}

#[cfg(not(unix))]
fn own_descriptor(_: &Path) -> Option<i32> {
    None
}

/// A new descriptor for the open file description of `fd`, sharing its offset and flags
/// (`O_APPEND` included): an error when `fd` is not open.
#[cfg(unix)]
fn duplicate(fd: i32) -> io::Result<File> {
    use std::os::fd::FromRawFd;
    // SAFETY: fcntl with F_DUPFD_CLOEXEC only reads its integer arguments; on a descriptor
    // that is not open it fails with EBADF and creates nothing.
    let new = unsafe { libc::fcntl(fd, libc::F_DUPFD_CLOEXEC, 0) };
    if new < 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: `new` was just created by fcntl and is owned by nothing else.
    Ok(unsafe { File::from_raw_fd(new) })
}

#[cfg(not(unix))]
fn duplicate(_: i32) -> io::Result<File> {
    Err(io::Error::other("descriptors are not supported here"))
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
        if let (false, false, Some((temp, _))) = (self.committed, self.unnamed, &self.rename) {
            let _ = fs::remove_file(temp);
        }
    }
}

/// Writes `bytes` as the whole new content of `path`, atomically.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut file = AtomicFile::create(path)?;
    file.write_all(bytes)?;
    file.commit()
}

/// [`write_atomically`] to a regular file only ([`AtomicFile::create_regular`]).
pub fn replace_regular(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut file = AtomicFile::create_regular(path)?;
    file.write_all(bytes)?;
    file.commit()
}

/// A fresh name next to `path`, hidden and unique to this process, moment and call.
fn temp_path(path: &Path) -> PathBuf {
    static CALLS: AtomicU64 = AtomicU64::new(0);
    let name = path
        .file_name()
        .map_or_else(|| "file".to_owned(), |n| n.to_string_lossy().into_owned());
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let call = CALLS.fetch_add(1, Ordering::Relaxed);
    let name = name_prefix(&name);
    path.with_file_name(format!(".{name}.{}.{nanos}.{call}.tmp", std::process::id()))
}

/// The start of a file name for a hidden name beside it: at most [`NAME_PREFIX`] bytes,
/// cut at a character boundary. Whole, a legal name of 233 bytes or more grew past the
/// 255-byte limit of most file systems with the suffix, and the save failed with "File
/// name too long".
pub(crate) fn name_prefix(name: &str) -> &str {
    let mut end = name.len().min(NAME_PREFIX);
    while !name.is_char_boundary(end) {
        end -= 1;
    }
    &name[..end]
}

/// Bytes of a file's name kept in the hidden names made beside it.
const NAME_PREFIX: usize = 64;

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

    /// User test: saving a scene as /proc/mybug.ron said "No such file or directory", of
    /// a folder that is there: procfs answers creating a file with ENOENT. The message
    /// names the folder and says it takes no new files.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_folder_that_takes_no_new_files_is_named_as_such() {
        let e = write_atomically(Path::new("/proc/sweepscope-no-such.ron"), b"x")
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(
            e.contains("the folder /proc is there but takes no new files"),
            "{e}"
        );
        // A folder that is missing is still said to be missing.
        let e = write_atomically(Path::new("/nonexistent-sweepscope/x.ron"), b"x")
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(!e.contains("is there"), "{e}");
    }
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

    /// Hostile test: a legal name of 233 to 255 bytes could not be saved: the hidden
    /// temporary beside it added the name whole plus about 23 bytes, past the 255-byte
    /// limit ("File name too long").
    #[test]
    fn a_file_whose_name_is_at_the_length_limit_is_saved() {
        let d = dir("long-name");
        for name in ["é".repeat(127) + "x", "a".repeat(255)] {
            assert!(name.len() >= 254);
            let path = d.join(&name);
            write_atomically(&path, b"saved").expect("a 255-byte name saves");
            assert_eq!(fs::read_to_string(&path).expect("read"), "saved");
            assert_eq!(leftovers(&d), 0);
        }
        assert_eq!(name_prefix("ééé"), "ééé");
        assert_eq!(name_prefix(&"é".repeat(40)).len(), 64);
        assert_eq!(name_prefix(&"éa".repeat(40)).len(), 63);
        let _ = fs::remove_dir_all(d);
    }

    /// Hostile test: `check --record` replaced a scene file its owner had made read-only
    /// (0444), without a word: the rename over it needs only the folder's permission.
    #[test]
    fn a_read_only_file_is_not_replaced() {
        let d = dir("read-only");
        let path = d.join("kept.ron");
        fs::write(&path, "old").expect("seed file");
        let mut perms = fs::metadata(&path).expect("metadata").permissions();
        perms.set_readonly(true);
        fs::set_permissions(&path, perms.clone()).expect("read-only");
        let e = write_atomically(&path, b"new").expect_err("refused");
        assert_eq!(e.kind(), io::ErrorKind::PermissionDenied);
        assert!(e.to_string().contains("read-only"), "{e}");
        assert_eq!(fs::read_to_string(&path).expect("read"), "old");
        assert_eq!(leftovers(&d), 0);
        #[allow(clippy::permissions_set_readonly_false)]
        perms.set_readonly(false);
        let _ = fs::set_permissions(&path, perms);
        let _ = fs::remove_dir_all(d);
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

    /// Hostile test: run as root, an atomic save of a file owned by nobody left it owned
    /// by root. The owner is carried over where the writer may set it (checked only where
    /// this test may give a file away, as root).
    #[cfg(unix)]
    #[test]
    fn the_owner_is_kept_where_it_can_be() {
        use std::os::unix::fs::MetadataExt;
        let d = dir("owner");
        let path = d.join("theirs.ron");
        fs::write(&path, "old").expect("seed");
        if std::os::unix::fs::chown(&path, Some(65534), Some(65534)).is_err() {
            let _ = fs::remove_dir_all(&d);
            return;
        }
        write_atomically(&path, b"new").expect("write atomically");
        let m = fs::metadata(&path).expect("meta");
        assert_eq!((m.uid(), m.gid()), (65534, 65534));
        assert_eq!(fs::read_to_string(&path).expect("read"), "new");
        let _ = fs::remove_dir_all(&d);
    }

    #[cfg(unix)]
    #[test]
    fn links_permissions_and_special_files_survive() {
        use std::os::unix::fs::{PermissionsExt, symlink};
        let d = dir("special");
        let real = d.join("real.txt");
        let link = d.join("link.txt");
        fs::write(&real, "old").expect("seed");
        fs::set_permissions(&real, fs::Permissions::from_mode(0o600)).expect("chmod");
        let _ = fs::remove_file(&link);
        symlink("real.txt", &link).expect("symlink");
        write_atomically(&link, b"new").expect("save through the link");
        assert!(
            fs::symlink_metadata(&link)
                .expect("link")
                .file_type()
                .is_symlink()
        );
        assert_eq!(fs::read_to_string(&real).expect("read"), "new");
        let mode = fs::metadata(&real).expect("meta").permissions().mode() & 0o777;
        assert_eq!(mode, 0o600, "private stays private");
        // A device is written through, not replaced by a regular file.
        write_atomically(Path::new("/dev/null"), b"x").expect("write to /dev/null");
        assert!(!fs::metadata("/dev/null").expect("meta").is_file());
        // A folder is refused before anything is written.
        assert!(AtomicFile::create(&d).is_err());
        assert_eq!(leftovers(&d), 0);
        let _ = fs::remove_dir_all(&d);
    }

    #[cfg(unix)]
    #[test]
    fn a_symbolic_link_loop_is_refused_and_left_alone() {
        use std::os::unix::fs::symlink;
        let d = dir("loop");
        let (a, b) = (d.join("a"), d.join("b"));
        let _ = (fs::remove_file(&a), fs::remove_file(&b));
        symlink("b", &a).expect("link a -> b");
        symlink("a", &b).expect("link b -> a");
        let e = write_atomically(&a, b"x").expect_err("a loop is refused");
        assert!(e.to_string().contains("loop"), "{e}");
        for link in [&a, &b] {
            let m = fs::symlink_metadata(link).expect("still there");
            assert!(
                m.file_type().is_symlink(),
                "{} was replaced",
                link.display()
            );
        }
        assert_eq!(leftovers(&d), 0);
        let _ = fs::remove_dir_all(&d);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn an_uncommitted_file_never_has_a_name() {
        let d = dir("unnamed");
        let path = d.join("out.txt");
        let mut f = AtomicFile::create(&path).expect("create");
        f.write_all(b"half").expect("write");
        // Nothing in the folder while writing: a kill now leaves nothing behind.
        let names = fs::read_dir(&d).expect("list").count();
        assert_eq!(names, 0, "the temporary is unnamed until commit");
        f.commit().expect("commit");
        assert_eq!(fs::read_to_string(&path).expect("read"), "half");
        assert_eq!(fs::read_dir(&d).expect("list").count(), 1);
        let _ = fs::remove_dir_all(&d);
    }

    #[test]
    fn a_missing_folder_is_an_error_not_a_panic() {
        let path = dir("missing").join("no").join("such").join("file.txt");
        assert!(write_atomically(&path, b"x").is_err());
    }

    /// Robustness attack: Ctrl+S on a scene whose file had been replaced by a FIFO froze
    /// the window, waiting in open() for a reader. A regular-only replace refuses it at once.
    #[cfg(unix)]
    #[test]
    fn a_regular_replace_refuses_a_fifo_without_waiting() {
        let d = dir("fifo");
        let fifo = d.join("scene.ron");
        let _ = fs::remove_file(&fifo);
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        assert!(made.is_ok_and(|s| s.success()), "mkfifo");
        let e = replace_regular(&fifo, b"new").expect_err("a FIFO is not replaced");
        assert!(e.to_string().contains("not a regular file"), "{e}");
        let _ = fs::remove_file(&fifo);
    }
}
