import type { Implementation } from '../../contract/implement';

/** Handlers of the finances area, one per contract in src/shared/contract/finances.ts. */
export const financesHandlers = [] as Implementation[];
