import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, migrateToLatest, type Db } from '../../server/db';
import { seedDemoUsers } from '../../server/db/seed/demo';
import { seedReferenceData } from '../../server/db/seed/reference';
import { domainMigrations, domainSeedSteps } from '../../server/domains';

/** A fresh SQLite database with the demo course and users, in a temp folder removed afterwards. */
export async function withDemoDatabase<T>(name: string, work: (db: Db, now: number) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), `enot-bench-${name}-`));
  const { db, close } = openDatabase(`sqlite:${join(dir, 'bench.db')}`);
  try {
    await migrateToLatest(db, domainMigrations);
    const now = Date.now();
    await seedReferenceData(db, now);
    await seedDemoUsers(db, now, domainSeedSteps);
    return await work(db, now);
  } finally {
    await close();
    rmSync(dir, { recursive: true, force: true });
  }
}
