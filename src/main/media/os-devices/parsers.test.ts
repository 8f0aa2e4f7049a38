import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { audioFromAsoundPcm, camerasFromVideoNodes, parseAsoundCards } from './linux';
import { parseSystemProfiler } from './macos';
import { parsePnpDevices } from './windows';

/** Outputs in each tool's format, kept in tests/fixtures/os-devices. */
const sample = (name: string) => readFileSync(new URL(`../../../../tests/fixtures/os-devices/${name}`, import.meta.url), 'utf8');
const kinds = (devices: Array<{ kind: string; label: string }>) => devices.map((device) => `${device.kind} ${device.label}`);

describe('Linux: sysfs video nodes and /proc/asound', () => {
  it('lists one camera per device: the primary node, a metadata node and duplicates dropped', () => {
    const cameras = camerasFromVideoNodes([
      { node: 'video1', name: 'Integrated Camera: Integrated C\n', index: '1\n' },
      { node: 'video0', name: 'Integrated Camera: Integrated C\n', index: '0\n' },
      { node: 'video2', name: 'USB Camera\n' },
      { node: 'video3', name: 'USB Camera\n' },
    ]);
    expect(cameras).toEqual([
      { kind: 'videoinput', deviceId: '/dev/video0', label: 'Integrated Camera: Integrated C' },
      { kind: 'videoinput', deviceId: '/dev/video2', label: 'USB Camera' },
    ]);
  });

  it('reads inputs and outputs of every PCM with the card name', () => {
    const devices = audioFromAsoundPcm(sample('linux-asound-pcm.txt'), parseAsoundCards(sample('linux-asound-cards.txt')));
    expect(kinds(devices)).toEqual([
      'audiooutput HDA Intel PCH: ALC257 Analog',
      'audioinput HDA Intel PCH: ALC257 Analog',
      'audiooutput HDA Intel PCH: HDMI 0',
      'audiooutput HDA Intel PCH: HDMI 1',
      'audiooutput HDA Intel PCH: HDMI 2',
      'audioinput HDA Intel PCH: DMIC Raw',
      'audiooutput Jabra EVOLVE 20 MS: USB Audio',
      'audioinput Jabra EVOLVE 20 MS: USB Audio',
    ]);
    expect(devices[0]!.deviceId).toBe('hw:0,0');
    expect(devices.at(-1)!.deviceId).toBe('hw:1,0');
  });

  it('lists nothing from empty or foreign text', () => {
    expect(audioFromAsoundPcm('')).toEqual([]);
    expect(audioFromAsoundPcm('--- no soundcards ---\n')).toEqual([]);
    expect(parseAsoundCards('--- no soundcards ---')).toEqual(new Map());
  });
});

describe('macOS: system_profiler SPCameraDataType SPAudioDataType -json', () => {
  it('reads cameras and CoreAudio devices by their channel counts (numbers or strings)', () => {
    expect(kinds(parseSystemProfiler(sample('macos-system-profiler.json')))).toEqual([
      'videoinput FaceTime HD Camera',
      'audioinput MacBook Pro Microphone',
      'audiooutput MacBook Pro Speakers',
      'audioinput Jabra EVOLVE 20 MS',
      'audiooutput Jabra EVOLVE 20 MS',
    ]);
    expect(parseSystemProfiler(sample('macos-system-profiler.json'))[0]!.deviceId).toBe('47B4B64B70674B9CAD2BAE273A71F4B5');
  });

  it('a Mac mini without a camera or microphone lists only its speakers', () => {
    expect(kinds(parseSystemProfiler(sample('macos-system-profiler-mac-mini.json')))).toEqual(['audiooutput Mac mini Speakers']);
  });

  it('refuses text that is not the profiler JSON', () => {
    expect(() => parseSystemProfiler('system_profiler: command not found')).toThrow();
    expect(() => parseSystemProfiler('[]')).toThrow();
  });
});

describe('Windows: Get-PnpDevice as JSON', () => {
  it('tells outputs from inputs by the endpoint id and keeps Russian names', () => {
    expect(kinds(parsePnpDevices(sample('windows-pnp-devices.json')))).toEqual([
      'videoinput Integrated Camera',
      'audioinput Микрофон (Realtek(R) Audio)',
      'audiooutput Динамики (Realtek(R) Audio)',
      'audiooutput DELL U2719D (NVIDIA High Definition Audio)',
    ]);
  });

  it('reads a single object, an empty answer and a desktop without a camera', () => {
    expect(kinds(parsePnpDevices('{"Class":"Image","FriendlyName":"USB2.0 Camera","InstanceId":"USB\\\\VID_1"}'))).toEqual(['videoinput USB2.0 Camera']);
    expect(parsePnpDevices('')).toEqual([]);
    expect(parsePnpDevices('[]')).toEqual([]);
    expect(kinds(parsePnpDevices(sample('windows-pnp-desktop-no-camera.json')))).toEqual(['audiooutput Динамики (Realtek High Definition Audio)']);
  });

  it('refuses text that is not JSON (PowerShell missing, an error in the console language)', () => {
    expect(() => parsePnpDevices("'powershell.exe' is not recognized")).toThrow();
  });
});
