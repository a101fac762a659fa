//! Event-driven simulation of many discs (engine in progress).
