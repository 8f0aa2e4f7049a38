import type { MediaDeviceSummary, MediaProbeResult } from '../../shared/desktop-api';

/**
 * Operating-system access state for a device type (Electron's systemPreferences on macOS and
 * Windows); 'unknown' where the system has no such setting (Linux).
 */
export type SystemAccess = 'granted' | 'denied' | 'restricted' | 'not-determined' | 'unknown';

export interface SystemPermissions {
  camera: SystemAccess;
  microphone: SystemAccess;
}

/**
 * Whether a video chat can use the camera, the microphone and an audio output (shell §5: all
 * three must be accessible), with a Russian reason for each one that is not.
 */
export function probeMedia(devices: MediaDeviceSummary[], permissions: SystemPermissions): MediaProbeResult {
  const reasons: MediaProbeResult['reasons'] = {};
  const has = (kind: MediaDeviceSummary['kind']) => devices.some((device) => device.kind === kind);

  const camera = inputReason(has('videoinput'), permissions.camera, CAMERA_TEXTS);
  if (camera) reasons.camera = camera;
  const microphone = inputReason(has('audioinput'), permissions.microphone, MICROPHONE_TEXTS);
  if (microphone) reasons.microphone = microphone;
  if (!has('audiooutput')) reasons.audioOutput = 'Не найдено устройство вывода звука (динамики или наушники)';

  return { camera: !camera, microphone: !microphone, audioOutput: !reasons.audioOutput, reasons };
}

interface DeviceTexts {
  missing: string;
  denied: string;
  restricted: string;
}

const CAMERA_TEXTS: DeviceTexts = {
  missing: 'Камера не найдена',
  denied: 'Доступ к камере запрещён в настройках системы',
  restricted: 'Доступ к камере ограничен политикой системы',
};

const MICROPHONE_TEXTS: DeviceTexts = {
  missing: 'Микрофон не найден',
  denied: 'Доступ к микрофону запрещён в настройках системы',
  restricted: 'Доступ к микрофону ограничен политикой системы',
};

/** 'not-determined' is not a failure: the system asks the user on first use. */
function inputReason(present: boolean, access: SystemAccess, texts: DeviceTexts): string | null {
  if (access === 'denied') return texts.denied;
  if (access === 'restricted') return texts.restricted;
  if (!present) return texts.missing;
  return null;
}
