/**
 * How often a connection's bindings are asked again while one of them syncs (the progress bar
 * moves with each answer). Tests shorten it.
 */
export const SYNC_POLLING = { intervalMs: 2000 };
