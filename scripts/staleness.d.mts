/** Types of staleness.mjs (plain JavaScript so `npm start` runs it before any build). */
export function staleReason(options: { root: string; outputs: readonly string[]; inputs: readonly string[]; missingInputIsChange?: boolean }): string | null;
