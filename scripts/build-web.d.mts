/** Types of build-web.mjs (plain JavaScript so `npm start` runs it before any build). */
export const WEB_SOURCES: readonly string[];
export const WEB_OUTPUTS: readonly string[];
