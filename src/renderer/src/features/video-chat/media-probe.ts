import type { MediaDeviceSummary, MediaProbeResult } from '@shared/desktop-api';
import { ruVideoChat } from '../../i18n/video-chat';
import { desktopApi } from '../../lib/platform';

const t = ruVideoChat.probe;

/**
 * Shell §8.2 'Media probe failures mark camera, microphone or audio output as unavailable': asks
 * the browser for the camera and the microphone (which also asks the user), lists the devices,
 * and on the desktop lets the main process add what the operating system says.
 */
export async function probeMedia(): Promise<MediaProbeResult> {
  const reasons: MediaProbeResult['reasons'] = {};
  const media = typeof navigator !== 'undefined' ? navigator.mediaDevices : undefined;
  if (!media?.getUserMedia) return { camera: false, microphone: false, audioOutput: false, reasons: { camera: t.unsupported, microphone: t.unsupported, audioOutput: t.unsupported } };

  const camera = await tryDevice({ video: true }, t.cameraMissing);
  if (camera) reasons.camera = camera;
  const microphone = await tryDevice({ audio: true }, t.microphoneMissing);
  if (microphone) reasons.microphone = microphone;

  const devices: MediaDeviceSummary[] = (await media.enumerateDevices().catch(() => [])).map((device) => ({ kind: device.kind, label: device.label, deviceId: device.deviceId }));
  // Browsers that cannot choose an output (no setSinkId) list none: the default output is then assumed.
  const listsOutputs = typeof HTMLMediaElement !== 'undefined' && 'setSinkId' in HTMLMediaElement.prototype;
  if (listsOutputs && !devices.some((device) => device.kind === 'audiooutput')) reasons.audioOutput = t.outputMissing;

  const desktop = desktopApi();
  if (desktop) {
    const system = await desktop.probeMedia(devices).catch(() => null);
    if (system) Object.assign(reasons, { ...system.reasons, ...reasons });
  }
  return { camera: !reasons.camera, microphone: !reasons.microphone, audioOutput: !reasons.audioOutput, reasons };
}

/** null when the device opens; the reason otherwise. The probe's tracks are stopped at once. */
async function tryDevice(constraints: MediaStreamConstraints, missing: string): Promise<string | null> {
  try {
    const stream = await navigator.mediaDevices.getUserMedia(constraints);
    for (const track of stream.getTracks()) track.stop();
    return null;
  } catch (error) {
    const name = error instanceof DOMException ? error.name : '';
    if (name === 'NotAllowedError' || name === 'SecurityError') return t.denied;
    if (name === 'NotReadableError' || name === 'AbortError') return t.busy;
    return missing;
  }
}

/** Phones and tablets by their user-agent (shell §5 judges "mobile" by it). */
const MOBILE_USER_AGENT = /Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile|webOS|BlackBerry/i;

/**
 * Shell §5: the device check gates the start and the incoming-call accept on a desktop browser;
 * on mobile browsers it is skipped (the browser asks for the camera when the call starts). The
 * desktop app is never mobile.
 */
export function skipsMediaCheck(userAgent: string = typeof navigator !== 'undefined' ? navigator.userAgent : ''): boolean {
  return !desktopApi() && MOBILE_USER_AGENT.test(userAgent);
}

/** All three must work before a session starts (the session never starts blind). */
export function probePassed(result: MediaProbeResult): boolean {
  return result.camera && result.microphone && result.audioOutput;
}

/** The reasons as one sentence each, a reason shared by several devices said once. */
export function probeReasons(result: MediaProbeResult): string {
  const unique = [...new Set(Object.values(result.reasons).filter(Boolean))];
  return unique.map((reason) => (/[.!?…]$/.test(reason) ? reason : `${reason}.`)).join(' ');
}
