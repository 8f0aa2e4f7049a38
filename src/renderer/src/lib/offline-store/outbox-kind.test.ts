import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createIndexedDbStore } from './indexeddb-store';
import { defineOutboxKind } from './outbox-kind';

const answers = defineOutboxKind('answer', z.object({ owner: z.string(), text: z.string() }), z.object({ text: z.string() }), () => 'one');

describe('a typed outbox kind', () => {
  it('reads back its owner’s entries and leaves other owners’, other kinds’ and misshapen entries alone', async () => {
    const store = createIndexedDbStore({ name: 'enot-outbox-kind-test' });
    const anna = { store, owner: 'anna' };
    await answers.enqueue(anna, { owner: 'anna', text: 'первый' });
    await answers.enqueue({ store, owner: 'boris' }, { owner: 'boris', text: 'чужой' });
    await store.outbox.enqueue({ kind: 'other', payload: { owner: 'anna', text: 'другой вид' } });
    // As an older version might have kept it: the text is a number.
    await store.outbox.enqueue({ kind: 'answer', payload: { owner: 'anna', text: 5 } });
    await answers.enqueue(anna, { owner: 'anna', text: 'второй' });

    const own = await answers.entries(anna);
    expect(own.map(({ payload }) => payload.text)).toEqual(['первый', 'второй']);
    // Nothing was dropped from the device: the misshapen and foreign entries are still there.
    expect(await store.outbox.list()).toHaveLength(5);

    const [first] = own;
    expect(answers.serverCopy(first!.entry)).toBeNull();
    await store.outbox.update(first!.entry.id, { status: 'conflict', serverVersion: { text: 'с сервера' } });
    const [conflicted] = await answers.entries(anna);
    expect(answers.serverCopy(conflicted!.entry)).toEqual({ text: 'с сервера' });
    await store.outbox.update(first!.entry.id, { serverVersion: { text: 7 } });
    const [broken] = await answers.entries(anna);
    expect(answers.serverCopy(broken!.entry)).toBeNull();
  });
});
