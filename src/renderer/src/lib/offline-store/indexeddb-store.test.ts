import 'fake-indexeddb/auto';
import { describeOfflineStoreContract } from './store-contract';
import { createIndexedDbStore } from './indexeddb-store';
import { describeUserDraftsContract } from '../drafts/user-drafts-contract';

let counter = 0;

describeOfflineStoreContract('IndexedDB (browser)', (now) => {
  // A database of its own per test; reopening by name is a page reload.
  const name = `enot-offline-test-${++counter}`;
  return {
    store: createIndexedDbStore({ name, now }),
    reopen: async () => createIndexedDbStore({ name, now }),
  };
});

describeUserDraftsContract('IndexedDB (browser)', (now) => {
  const name = `enot-offline-test-${++counter}`;
  return {
    store: createIndexedDbStore({ name, now }),
    reopen: async () => createIndexedDbStore({ name, now }),
  };
});
