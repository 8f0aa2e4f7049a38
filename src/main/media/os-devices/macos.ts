import type { MediaDeviceSummary } from '../../../shared/desktop-api';

/** Cameras and CoreAudio devices as JSON; both data types answer in well under a second. */
export const MACOS_COMMAND = { file: '/usr/sbin/system_profiler', args: ['SPCameraDataType', 'SPAudioDataType', '-json'] };

type Item = Record<string, unknown>;

/**
 * `system_profiler SPCameraDataType SPAudioDataType -json`: SPCameraDataType is a list of
 * cameras; SPAudioDataType a list of groups whose `_items` are devices with input and output
 * channel counts (`coreaudio_device_input` / `_output`). Throws on text that is not that JSON.
 */
export function parseSystemProfiler(json: string): MediaDeviceSummary[] {
  const root = JSON.parse(json) as unknown;
  if (!isItem(root)) throw new Error('system_profiler: not an object');
  const devices: MediaDeviceSummary[] = [];
  for (const camera of items(root.SPCameraDataType)) {
    const label = text(camera._name);
    devices.push({ kind: 'videoinput', deviceId: text(camera['spcamera_unique-id']) || label, label });
  }
  for (const group of items(root.SPAudioDataType)) {
    for (const device of items(group._items)) {
      const label = text(device._name);
      if (channels(device.coreaudio_device_input) > 0 || device.coreaudio_input_source !== undefined) {
        devices.push({ kind: 'audioinput', deviceId: label, label });
      }
      if (channels(device.coreaudio_device_output) > 0 || device.coreaudio_output_source !== undefined) {
        devices.push({ kind: 'audiooutput', deviceId: label, label });
      }
    }
  }
  return devices;
}

function isItem(value: unknown): value is Item {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function items(value: unknown): Item[] {
  return Array.isArray(value) ? value.filter(isItem) : [];
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** A count is a number, or a numeric string in some macOS versions. */
function channels(value: unknown): number {
  const count = typeof value === 'string' ? Number.parseInt(value, 10) : value;
  return typeof count === 'number' && Number.isFinite(count) ? count : 0;
}
