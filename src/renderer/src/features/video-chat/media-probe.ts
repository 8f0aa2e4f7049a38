import type { MediaOpenOutcome, MediaProbeResult, RendererMediaCheck } from '@shared/desktop-api';
import { combineMediaProbe } from '@shared/media-probe';
import { desktopApi } from '../../lib/platform';

/**
 * Shell §8.2 'Media probe failures mark camera, microphone or audio output as unavailable'. The
 * renderer opens the camera and the microphone (only it can; this also asks the user) and lists
 * what the browser sees. On the desktop main adds the operating system's permission state and
 * device list and answers the result; the browser build (and a desktop whose main does not
 * answer) combines the same way here, with nothing known from the OS.
 */
export async function probeMedia(): Promise<MediaProbeResult> {
  const check = await checkInRenderer();
  const desktop = desktopApi();
  const fromMain = desktop ? await desktop.probeMedia(check).catch(() => null) : null;
  return fromMain ?? combineMediaProbe(check);
}

export async function checkInRenderer(): Promise<RendererMediaCheck> {
  const media = typeof navigator !== 'undefined' ? navigator.mediaDevices : undefined;
  if (!media?.getUserMedia) return { camera: 'unsupported', microphone: 'unsupported', devices: [], listsOutputs: false };
  const camera = await tryDevice({ video: true });
  const microphone = await tryDevice({ audio: true });
  const devices = (await media.enumerateDevices().catch(() => []))
    .filter((device) => device.kind === 'videoinput' || device.kind === 'audioinput' || device.kind === 'audiooutput')
    .map((device) => ({ kind: device.kind, label: device.label, deviceId: device.deviceId }));
  // Browsers that cannot choose an output (no setSinkId) list none.
  const listsOutputs = typeof HTMLMediaElement !== 'undefined' && 'setSinkId' in HTMLMediaElement.prototype;
  return { camera, microphone, devices, listsOutputs };
}

/** Opens the device and stops its tracks at once. */
async function tryDevice(constraints: MediaStreamConstraints): Promise<MediaOpenOutcome> {
  try {
    const stream = await navigator.mediaDevices.getUserMedia(constraints);
    for (const track of stream.getTracks()) track.stop();
    return 'opened';
  } catch (error) {
    const name = error instanceof DOMException ? error.name : '';
    if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
    if (name === 'NotReadableError' || name === 'AbortError') return 'busy';
    return 'missing';
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
