import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { listSystemDevices, runCommand, type RunCommand } from './index';
import type { LinuxFiles } from './linux';
import { MACOS_COMMAND } from './macos';
import { WINDOWS_COMMAND } from './windows';

const sample = (name: string) => readFileSync(new URL(`../../../../tests/fixtures/os-devices/${name}`, import.meta.url), 'utf8');

function enoent(path: string): Error {
  return Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
}

/** A file system of the given files only; directories are the keys' parents. */
function files(tree: Record<string, string>): LinuxFiles {
  return {
    readdir: async (dir) => {
      const children = Object.keys(tree)
        .filter((path) => path.startsWith(`${dir}/`))
        .map((path) => path.slice(dir.length + 1).split('/')[0]!);
      if (children.length === 0) throw enoent(dir);
      return [...new Set(children)];
    },
    readFile: async (path) => {
      if (!(path in tree)) throw enoent(path);
      return tree[path]!;
    },
  };
}

describe('listSystemDevices', () => {
  it('Linux: cameras from sysfs, sound from /proc/asound', async () => {
    const devices = await listSystemDevices('linux', {
      files: files({
        '/sys/class/video4linux/video0/name': 'Integrated Camera\n',
        '/sys/class/video4linux/video0/index': '0\n',
        '/sys/class/video4linux/video1/name': 'Integrated Camera\n',
        '/sys/class/video4linux/video1/index': '1\n',
        '/proc/asound/pcm': sample('linux-asound-pcm.txt'),
        '/proc/asound/cards': sample('linux-asound-cards.txt'),
      }),
    });
    expect(devices?.filter((device) => device.kind === 'videoinput')).toEqual([{ kind: 'videoinput', deviceId: '/dev/video0', label: 'Integrated Camera' }]);
    expect(devices?.filter((device) => device.kind === 'audioinput')).toHaveLength(3);
  });

  it('Linux without a camera driver or ALSA lists nothing (which is known, not a failure)', async () => {
    await expect(listSystemDevices('linux', { files: files({}) })).resolves.toEqual([]);
  });

  it('Linux: an unreadable file or a hung read fails the listing, so the renderer list is used', async () => {
    const denied: LinuxFiles = { readdir: async () => [], readFile: () => Promise.reject(Object.assign(new Error('EACCES'), { code: 'EACCES' })) };
    await expect(listSystemDevices('linux', { files: denied })).resolves.toBeNull();
    const hung: LinuxFiles = { readdir: () => new Promise(() => undefined), readFile: async () => '' };
    const started = Date.now();
    await expect(listSystemDevices('linux', { files: hung, timeoutMs: 50 })).resolves.toBeNull();
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('macOS and Windows run their command with the timeout and parse its output', async () => {
    const calls: Array<[string, readonly string[], number]> = [];
    const run = (output: string): RunCommand => async (file, args, timeoutMs) => {
      calls.push([file, args, timeoutMs]);
      return output;
    };
    const mac = await listSystemDevices('darwin', { run: run(sample('macos-system-profiler.json')), timeoutMs: 1234 });
    expect(mac?.map((device) => device.kind)).toEqual(['videoinput', 'audioinput', 'audiooutput', 'audioinput', 'audiooutput']);
    const win = await listSystemDevices('win32', { run: run(sample('windows-pnp-devices.json')) });
    expect(win).toHaveLength(4);
    expect(calls).toEqual([
      [MACOS_COMMAND.file, MACOS_COMMAND.args, 1234],
      [WINDOWS_COMMAND.file, WINDOWS_COMMAND.args, 5000],
    ]);
  });

  it('a failing command, garbage output or an unknown platform give null', async () => {
    await expect(listSystemDevices('darwin', { run: () => Promise.reject(new Error('spawn ENOENT')) })).resolves.toBeNull();
    await expect(listSystemDevices('win32', { run: async () => 'Get-PnpDevice : Не найдено' })).resolves.toBeNull();
    await expect(listSystemDevices('freebsd')).resolves.toBeNull();
  });
});

describe('runCommand', () => {
  it('returns the output of a real program', async () => {
    await expect(runCommand(process.execPath, ['-e', 'process.stdout.write("готово")'], 5000)).resolves.toBe('готово');
  });

  it('stops a program that runs past the timeout and rejects', async () => {
    const started = Date.now();
    await expect(runCommand(process.execPath, ['-e', 'setTimeout(() => {}, 10000)'], 200)).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('rejects a failing program and a missing one', async () => {
    await expect(runCommand(process.execPath, ['-e', 'process.exit(3)'], 5000)).rejects.toThrow();
    await expect(runCommand('/nonexistent/system_profiler', [], 5000)).rejects.toThrow();
  });
});
