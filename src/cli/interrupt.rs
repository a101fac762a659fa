//! Ctrl+C (SIGINT) and SIGTERM as a request to stop a long run early, so that it can say
//! how far it got: the handler only sets a flag, which the run checks between chunks of
//! work. Outside a [`Watch`] the signals keep their action.

use std::sync::atomic::{AtomicBool, Ordering};

static ASKED: AtomicBool = AtomicBool::new(false);

/// SIGINT and SIGTERM ask the run to stop while this lives; dropped, the actions they had
/// come back.
pub struct Watch {
    #[cfg(unix)]
    restore: Vec<(libc::c_int, libc::sigaction)>,
}

/// From now on, SIGINT and SIGTERM ask the run to stop rather than end the process. A
/// signal the process was started ignoring (`nohup`, a background job of a script) stays
/// ignored.
#[cfg(unix)]
pub fn watch() -> Watch {
    extern "C" fn asked(_: libc::c_int) {
        // Async-signal-safe: one atomic store.
        ASKED.store(true, Ordering::SeqCst);
    }
    ASKED.store(false, Ordering::SeqCst);
    let handler: extern "C" fn(libc::c_int) = asked;
    let mut restore = Vec::new();
    for signal in [libc::SIGINT, libc::SIGTERM] {
        // SAFETY: `sigaction` reads the current action into a zeroed struct, then sets one
        // whose handler only stores to an atomic.
        unsafe {
            let mut old: libc::sigaction = std::mem::zeroed();
            if libc::sigaction(signal, std::ptr::null(), &mut old) != 0
                || old.sa_sigaction == libc::SIG_IGN
            {
                continue;
            }
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = handler as libc::sighandler_t;
            libc::sigemptyset(&mut action.sa_mask);
            if libc::sigaction(signal, &action, std::ptr::null_mut()) == 0 {
                restore.push((signal, old));
            }
        }
    }
    Watch { restore }
}

#[cfg(not(unix))]
pub fn watch() -> Watch {
    Watch {}
}

#[cfg(unix)]
impl Drop for Watch {
    fn drop(&mut self) {
        for (signal, old) in &self.restore {
            // SAFETY: puts back an action `sigaction` itself returned.
            unsafe {
                libc::sigaction(*signal, old, std::ptr::null_mut());
            }
        }
    }
}

/// Whether a stop was asked for since the last [`watch`].
pub fn asked() -> bool {
    ASKED.load(Ordering::SeqCst)
}
