import { materials } from '../../../src/shared/contract';
import { TERM_NOT_FOUND } from '../../../src/shared/contract/materials';
import { fail } from '../../contract/errors';
import { implement } from '../../contract/implement';
import { findTerm } from './terms';

/** Handlers of the materials area, one per contract in src/shared/contract/materials.ts. */
export const materialsHandlers = [
  implement(materials.getTerminDefinitionByName, async (ctx, { terminName }) => {
    const term = await findTerm(ctx.services.db, terminName);
    if (!term) fail(TERM_NOT_FOUND);
    return { definition: term.definition, terminName: term.name, lessonNum: term.lessonNum, chapter: term.chapter };
  }),
];
