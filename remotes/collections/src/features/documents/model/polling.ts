/**
 * How often the files list is asked again while a file is uploaded or processing (SPEC section 9
 * polls sources every 2 s; a little faster here, as uploads are watched). Tests shorten it.
 */
export const FILES_POLLING = { intervalMs: 1500 };
