/** Query keys of the part 2 and oral-credit banks. */
export const P2_LIST_KEY = ['questionBankP2', 'list'] as const;
export const P2_CHAPTERS_KEY = ['questionBankP2', 'chapters'] as const;
export const p2QuestionKey = (questionId: number) => ['questionBankP2', 'question', questionId] as const;
export const CREDIT_LIST_KEY = ['creditQuestions', 'list'] as const;
