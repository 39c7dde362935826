/** Where the browser is: Debian's Chromium, or `CHROMIUM_PATH`. */
export const CHROMIUM: string;

/** The flags of every launch (see chromium-flags.mjs). */
export const CHROMIUM_ARGS: readonly string[];
