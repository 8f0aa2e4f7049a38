import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * One upload's scratch folder, made only when the first file byte is about to be written (a
 * refused caller leaves not even an empty folder) and removed when the route is done, whatever happened.
 */
export class UploadScratch {
  private made: Promise<string> | null = null;

  constructor(private readonly root: string) {}

  /** The folder, created on first use. */
  dir(): Promise<string> {
    this.made ??= mkdir(this.root, { recursive: true }).then(() => mkdtemp(join(this.root, 'enot-upload-')));
    return this.made;
  }

  async remove(): Promise<void> {
    const made = this.made;
    if (!made) return;
    const dir = await made.catch(() => null);
    if (dir) await rm(dir, { recursive: true, force: true });
  }
}

/** Runs `work` with a scratch under `root` (the OS temp folder unless configured) and removes it after. */
export async function withUploadScratch<T>(root: string | undefined, work: (scratch: UploadScratch) => Promise<T>): Promise<T> {
  const scratch = new UploadScratch(root ?? tmpdir());
  try {
    return await work(scratch);
  } finally {
    await scratch.remove();
  }
}
