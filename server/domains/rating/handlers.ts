import type { Implementation } from '../../contract/implement';

/** Handlers of the rating area, one per contract in src/shared/contract/rating.ts. */
export const ratingHandlers = [] as Implementation[];
