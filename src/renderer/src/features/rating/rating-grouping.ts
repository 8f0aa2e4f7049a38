import type { RatingGrouping } from '@shared/contract/rating';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage-keys';

/** The chart's grouping as last chosen (shell §3.8), 'day' by default. */
export function readRatingGrouping(): RatingGrouping {
  return readStorage(STORAGE_KEYS.ratingGrouping) === 'week' ? 'week' : 'day';
}

export function writeRatingGrouping(grouping: RatingGrouping): void {
  writeStorage(STORAGE_KEYS.ratingGrouping, grouping);
}
