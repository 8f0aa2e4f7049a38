/**
 * Test helper run in a child process: writes to the cache and dies by SIGKILL without closing
 * it, the way a crash or a power cut ends the app.
 */
import { openOfflineCache } from './offline-cache';

const file = process.argv[2];
if (!file) throw new Error('usage: crash-writer.fixture.ts <file>');
const cache = openOfflineCache(file);
cache.drafts.put({ key: 'homework:7', value: { answer: 'Черновик до сбоя' }, serverVersion: 'v3' });
cache.chat.append('botTheory', [{ id: 1, question: 'Что такое право?' }]);
cache.outbox.enqueue({ kind: '/app/api/homework/save.php', payload: { id: 7 } });
process.kill(process.pid, 'SIGKILL');
