import type { OutputOf } from '@shared/contract/core';
import type { getZachetAuto } from '@shared/contract/credits';

export type CreditData = OutputOf<typeof getZachetAuto>;
export type CreditInfo = CreditData['zachetInfo'];
export type CreditQuestion = CreditData['questions'][number];

/** What a refused start says: the server's reason verbatim (§5 limit text), else the credits prefix. */
export type StartState = { kind: 'idle' | 'starting' } | { kind: 'refused'; message: string };
