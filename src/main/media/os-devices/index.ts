import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import type { MediaDeviceSummary } from '../../../shared/desktop-api';
import { listLinuxDevices, type LinuxFiles } from './linux';
import { MACOS_COMMAND, parseSystemProfiler } from './macos';
import { parsePnpDevices, WINDOWS_COMMAND } from './windows';

/** Longest wait for the OS list; past it the probe goes on with the renderer's list. */
export const LISTING_TIMEOUT_MS = 5000;

/** Runs a program and resolves with its standard output; rejects on failure or timeout. */
export type RunCommand = (file: string, args: readonly string[], timeoutMs: number) => Promise<string>;

export const runCommand: RunCommand = (file, args, timeoutMs) =>
  new Promise((resolve, reject) => {
    execFile(file, [...args], { timeout: timeoutMs, maxBuffer: 4 * 1024 * 1024, windowsHide: true, encoding: 'utf8' }, (error, stdout) => {
      if (error) reject(error);
      else resolve(stdout);
    });
  });

const nodeFiles: LinuxFiles = {
  readdir: (path) => readdir(path),
  readFile: (path) => readFile(path, 'utf8'),
};

export interface ListingDeps {
  run?: RunCommand;
  files?: LinuxFiles;
  timeoutMs?: number;
}

/**
 * Cameras, microphones and outputs the operating system lists (Linux: sysfs and /proc/asound;
 * macOS: system_profiler; Windows: PowerShell's Get-PnpDevice). null when the platform has no
 * listing here or it failed or timed out: the probe then uses the renderer's enumeration.
 */
export async function listSystemDevices(platform: NodeJS.Platform, deps: ListingDeps = {}): Promise<MediaDeviceSummary[] | null> {
  const run = deps.run ?? runCommand;
  const timeoutMs = deps.timeoutMs ?? LISTING_TIMEOUT_MS;
  try {
    switch (platform) {
      case 'linux':
        return await withTimeout(listLinuxDevices(deps.files ?? nodeFiles), timeoutMs);
      case 'darwin':
        return parseSystemProfiler(await run(MACOS_COMMAND.file, MACOS_COMMAND.args, timeoutMs));
      case 'win32':
        return parsePnpDevices(await run(WINDOWS_COMMAND.file, WINDOWS_COMMAND.args, timeoutMs));
      default:
        return null;
    }
  } catch {
    return null;
  }
}

/** A file read from a hung device node must not hold the probe either. */
function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`listing took longer than ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
