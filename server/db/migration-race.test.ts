import { describe, expect, it } from 'vitest';
import { droppedMeanwhile } from './index';

/**
 * What PostgreSQL says when another test server's schema is dropped while Kysely introspects every
 * schema before migrating (each seen in a CI run): migrations try again then; an error about our
 * own schema, or any other error, is real.
 */
describe('a schema dropped during the migrator’s scan', () => {
  const ours = 't_1_ours';
  it('is recognised in the three forms PostgreSQL reports it', () => {
    expect(droppedMeanwhile(new Error('schema "t_9_other" does not exist'), ours)).toBe(true);
    expect(droppedMeanwhile(new Error('relation "t_22487_ymsbsbz0.verbal_chat_sessions" does not exist'), ours)).toBe(true);
    expect(droppedMeanwhile(new Error('column "tenths" of relation "rating_changes" does not exist'), ours)).toBe(true);
  });
  it('is not our own schema or another error', () => {
    expect(droppedMeanwhile(new Error('schema "t_1_ours" does not exist'), ours)).toBe(false);
    expect(droppedMeanwhile(new Error('relation "t_1_ours.users" does not exist'), ours)).toBe(false);
    expect(droppedMeanwhile(new Error('syntax error at or near "tabel"'), ours)).toBe(false);
    expect(droppedMeanwhile('schema "x" does not exist', ours)).toBe(false);
  });
});
