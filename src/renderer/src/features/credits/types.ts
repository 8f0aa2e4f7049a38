import type { OutputOf } from '@shared/contract/core';
import type { getZachetAuto } from '@shared/contract/credits';

export type CreditData = OutputOf<typeof getZachetAuto>;
export type CreditInfo = CreditData['zachetInfo'];
export type CreditQuestion = CreditData['questions'][number];
