import type { MediaDeviceSummary } from '../../../shared/desktop-api';

/**
 * Present, working cameras and audio endpoints as one JSON array. UTF-8 output, so Russian device
 * names («Микрофон») survive the pipe; -InputObject @(...) keeps one device an array too.
 */
const SCRIPT = [
  '[Console]::OutputEncoding = [System.Text.Encoding]::UTF8',
  '$devices = @(Get-PnpDevice -PresentOnly -Status OK -Class Camera,Image,AudioEndpoint -ErrorAction SilentlyContinue | Select-Object Class,FriendlyName,InstanceId)',
  'ConvertTo-Json -Compress -InputObject $devices',
].join('; ');

export const WINDOWS_COMMAND = {
  file: 'powershell.exe',
  args: ['-NoProfile', '-NonInteractive', '-ExecutionPolicy', 'Bypass', '-Command', SCRIPT],
};

/**
 * Parses the command's JSON. Audio endpoints are MMDevice ids whose data-flow part says the
 * direction: `SWD\MMDEVAPI\{0.0.0.00000000}.{…}` renders (output), `{0.0.1.00000000}` captures.
 * Throws on text that is not JSON.
 */
export function parsePnpDevices(json: string): MediaDeviceSummary[] {
  const trimmed = json.trim();
  const parsed = (trimmed === '' ? [] : JSON.parse(trimmed)) as unknown;
  const rows = (Array.isArray(parsed) ? parsed : [parsed]).filter((row): row is Record<string, unknown> => typeof row === 'object' && row !== null);
  const devices: MediaDeviceSummary[] = [];
  for (const row of rows) {
    const deviceClass = typeof row.Class === 'string' ? row.Class : '';
    const label = typeof row.FriendlyName === 'string' ? row.FriendlyName : '';
    const deviceId = typeof row.InstanceId === 'string' ? row.InstanceId : label;
    if (deviceClass === 'Camera' || deviceClass === 'Image') devices.push({ kind: 'videoinput', deviceId, label });
    else if (deviceClass === 'AudioEndpoint') {
      const flow = /\{0\.0\.([01])\.0{8}\}/.exec(deviceId)?.[1];
      if (flow === '0') devices.push({ kind: 'audiooutput', deviceId, label });
      if (flow === '1') devices.push({ kind: 'audioinput', deviceId, label });
    }
  }
  return devices;
}
