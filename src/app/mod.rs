//! The interactive debugger (in progress).
