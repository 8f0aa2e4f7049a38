import type { Implementation } from '../../contract/implement';

/** Handlers of the preferences area, one per contract in src/shared/contract/preferences.ts. */
export const preferencesHandlers = [] as Implementation[];
