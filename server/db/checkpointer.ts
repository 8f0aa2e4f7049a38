import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SqliteDatabase from 'better-sqlite3';

/** How often the worker folds the WAL back into the database file. */
const CHECKPOINT_EVERY_MS = 250;

/**
 * The worker: its own connection, a PASSIVE checkpoint on a timer (it neither waits for nor blocks
 * the writer and the readers), and a last one when asked to stop. CommonJS text run with `eval`, so
 * the bundled server needs no extra file; the driver's path comes from the main thread.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
const checkpoint = () => db.pragma('wal_checkpoint(PASSIVE)');
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  try { checkpoint(); } finally { db.close(); parentPort.close(); }
});
`;

export interface Checkpointer {
  /** Runs a last checkpoint and ends the worker; before the main connection closes. */
  stop(): Promise<void>;
}

/**
 * WAL checkpoints off the event loop. SQLite's automatic checkpoint runs inside the commit that
 * fills the WAL past 1000 pages, synchronously on our one connection: it copies the pages and
 * fsyncs the file, 10–25 ms of disk wait (1 ms of CPU) that every call in flight waited for, several
 * times a second under load (each signed call writes its replay-cache row). Here the main connection
 * never checkpoints; a worker thread with its own connection does. If the worker cannot run, the
 * automatic checkpoint comes back so the WAL never grows without bound.
 */
export function startCheckpointer(main: SqliteDatabase.Database, file: string): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  let worker: Worker;
  try {
    worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, file, everyMs: CHECKPOINT_EVERY_MS } });
  } catch {
    return { stop: async () => {} };
  }
  main.pragma('wal_autocheckpoint = 0');
  let stopping = false;
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', () => {
      // A worker that died (could not load the driver, a disk error) hands checkpoints back.
      if (!stopping && main.open) main.pragma('wal_autocheckpoint = 1000');
      resolve();
    }),
  );
  // Its error ends it ('exit' follows); the listener keeps the error from reaching the process.
  worker.on('error', () => {});
  // The worker's timer alone never keeps the process alive.
  worker.unref();
  return {
    async stop() {
      stopping = true;
      // Held by the loop again until it has exited: a process whose last work is this stop (the
      // admin command) would otherwise end silently in the middle of it.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
