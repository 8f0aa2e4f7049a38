import type {
  MediaDeviceKind,
  MediaDeviceSummary,
  MediaOpenOutcome,
  MediaProbeResult,
  RendererMediaCheck,
  SystemAccess,
  SystemMediaState,
} from './desktop-api';

/**
 * The camera / microphone / audio-output probe's one decision (shell §5, §8.2), used by the
 * desktop's main process and, in the browser build, by the renderer itself: what the renderer's
 * getUserMedia said, what the operating system says about access, and the devices the OS and the
 * browser list, made into one MediaProbeResult.
 */

/** The probe's reasons, in Russian; the two §5 texts verbatim. */
export const MEDIA_PROBE_TEXTS = {
  /** Shell §5, verbatim. */
  unsupported: 'Ваш браузер не поддерживает доступ к камере и микрофону.',
  /** Shell §5, verbatim; the card's «Проверить ещё раз» is the retry. */
  denied: 'Необходимо предоставить разрешение на использование микрофона и камеры.',
  busy: 'Устройство занято другим приложением',
  outputMissing: 'Не найдено устройство вывода звука (динамики или наушники)',
  camera: {
    missing: 'Камера не найдена',
    unopenable: 'Камера подключена, но не открывается: проверьте, что у вас есть к ней доступ',
    systemDenied: 'Доступ к камере запрещён в настройках системы',
    systemRestricted: 'Доступ к камере ограничен политикой системы',
  },
  microphone: {
    missing: 'Микрофон не найден',
    unopenable: 'Микрофон подключён, но не открывается: проверьте, что у вас есть к нему доступ',
    systemDenied: 'Доступ к микрофону запрещён в настройках системы',
    systemRestricted: 'Доступ к микрофону ограничен политикой системы',
  },
} as const;

/** The browser build and a desktop whose main did not answer: nothing known from the OS. */
export const NO_SYSTEM_STATE: SystemMediaState = { camera: 'unknown', microphone: 'unknown', devices: null };

export function combineMediaProbe(check: RendererMediaCheck, system: SystemMediaState = NO_SYSTEM_STATE): MediaProbeResult {
  const devices = mergeDevices(system.devices, check.devices);
  const has = (kind: MediaDeviceKind) => devices.some((device) => device.kind === kind);
  const listedBySystem = system.devices !== null;
  const reasons: MediaProbeResult['reasons'] = {};

  const osLists = (kind: MediaDeviceKind) => (system.devices ?? []).some((device) => device.kind === kind);

  const camera = inputReason(check.camera, system.camera, osLists('videoinput'), MEDIA_PROBE_TEXTS.camera);
  if (camera) reasons.camera = camera;
  const microphone = inputReason(check.microphone, system.microphone, osLists('audioinput'), MEDIA_PROBE_TEXTS.microphone);
  if (microphone) reasons.microphone = microphone;
  if (check.camera === 'unsupported' && check.microphone === 'unsupported') reasons.audioOutput = MEDIA_PROBE_TEXTS.unsupported;
  // A browser that cannot choose an output lists none: its default output is then assumed.
  else if (!has('audiooutput') && (check.listsOutputs || listedBySystem)) reasons.audioOutput = MEDIA_PROBE_TEXTS.outputMissing;

  return { camera: !reasons.camera, microphone: !reasons.microphone, audioOutput: !reasons.audioOutput, reasons, devices, listedBySystem };
}

/**
 * The OS list first, then the browser's devices of a kind the OS did not list: a device either
 * saw is there (ALSA, say, does not show a Bluetooth headset that the browser does).
 */
function mergeDevices(system: MediaDeviceSummary[] | null, browser: MediaDeviceSummary[]): MediaDeviceSummary[] {
  if (!system) return browser;
  const listed = new Set(system.map((device) => device.kind));
  return [...system, ...browser.filter((device) => !listed.has(device.kind))];
}

type InputTexts = (typeof MEDIA_PROBE_TEXTS)['camera' | 'microphone'];

/**
 * null when the input is usable. A refusal in the system's settings is named first (it is what
 * the user must change); a device the renderer could not find but the OS lists is "not opening",
 * not "missing". 'not-determined' is no failure: the system asks on first use.
 */
function inputReason(outcome: MediaOpenOutcome, access: SystemAccess, listedByOs: boolean, texts: InputTexts): string | null {
  if (access === 'denied') return texts.systemDenied;
  if (access === 'restricted') return texts.systemRestricted;
  switch (outcome) {
    case 'opened':
      return null;
    case 'unsupported':
      return MEDIA_PROBE_TEXTS.unsupported;
    case 'denied':
      return MEDIA_PROBE_TEXTS.denied;
    case 'busy':
      return MEDIA_PROBE_TEXTS.busy;
    case 'missing':
      return listedByOs ? texts.unopenable : texts.missing;
  }
}
