//! The published approaches, ported faithfully with their flaws, for comparison (in progress).
