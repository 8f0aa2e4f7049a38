import { describe, expect, it } from 'vitest';
import type { MediaDeviceSummary, RendererMediaCheck } from './desktop-api';
import { combineMediaProbe, MEDIA_PROBE_TEXTS as T } from './media-probe';

const camera: MediaDeviceSummary = { kind: 'videoinput', deviceId: 'c1', label: 'HD Webcam' };
const microphone: MediaDeviceSummary = { kind: 'audioinput', deviceId: 'm1', label: '' };
const speakers: MediaDeviceSummary = { kind: 'audiooutput', deviceId: 'default', label: 'Динамики' };
const allOpened: RendererMediaCheck = { camera: 'opened', microphone: 'opened', devices: [camera, microphone, speakers], listsOutputs: true };

describe('combineMediaProbe (browser build: nothing from the OS)', () => {
  it('everything available when both inputs open and an output is listed', () => {
    expect(combineMediaProbe(allOpened)).toEqual({ camera: true, microphone: true, audioOutput: true, reasons: {}, devices: [camera, microphone, speakers], listedBySystem: false });
  });

  it('says the §5 texts verbatim for an unsupported browser and a refusal', () => {
    const unsupported = combineMediaProbe({ camera: 'unsupported', microphone: 'unsupported', devices: [], listsOutputs: false });
    expect(unsupported.reasons).toEqual({
      camera: 'Ваш браузер не поддерживает доступ к камере и микрофону.',
      microphone: 'Ваш браузер не поддерживает доступ к камере и микрофону.',
      audioOutput: 'Ваш браузер не поддерживает доступ к камере и микрофону.',
    });
    const refused = combineMediaProbe({ ...allOpened, camera: 'denied', microphone: 'denied' });
    expect(refused.reasons).toEqual({
      camera: 'Необходимо предоставить разрешение на использование микрофона и камеры.',
      microphone: 'Необходимо предоставить разрешение на использование микрофона и камеры.',
    });
  });

  it('names a busy or missing device, and a missing output only where the browser lists outputs', () => {
    const result = combineMediaProbe({ camera: 'busy', microphone: 'missing', devices: [], listsOutputs: true });
    expect(result.reasons).toEqual({ camera: T.busy, microphone: 'Микрофон не найден', audioOutput: T.outputMissing });
    expect(combineMediaProbe({ ...allOpened, devices: [], listsOutputs: false }).audioOutput).toBe(true);
  });
});

describe('combineMediaProbe (desktop: the OS permission state and device list)', () => {
  it('a refusal in the system settings is named even when the renderer opened the device', () => {
    const result = combineMediaProbe(allOpened, { camera: 'denied', microphone: 'restricted', devices: [camera, microphone, speakers] });
    expect(result).toMatchObject({ camera: false, microphone: false, audioOutput: true, listedBySystem: true });
    expect(result.reasons).toEqual({ camera: 'Доступ к камере запрещён в настройках системы', microphone: 'Доступ к микрофону ограничен политикой системы' });
  });

  it("'not-determined' and 'unknown' are no failure (the system asks on first use)", () => {
    const result = combineMediaProbe(allOpened, { camera: 'not-determined', microphone: 'unknown', devices: [] });
    expect([result.camera, result.microphone]).toEqual([true, true]);
  });

  it('a camera the OS lists but the renderer cannot find is "not opening", not "missing"', () => {
    const check: RendererMediaCheck = { camera: 'missing', microphone: 'missing', devices: [], listsOutputs: true };
    const result = combineMediaProbe(check, { camera: 'unknown', microphone: 'unknown', devices: [camera, speakers] });
    expect(result.reasons).toEqual({ camera: T.camera.unopenable, microphone: 'Микрофон не найден' });
    expect(result.audioOutput).toBe(true);
  });

  it('merges the lists: a kind the OS does not list comes from the browser (a Bluetooth headset)', () => {
    const headset: MediaDeviceSummary = { kind: 'audiooutput', deviceId: 'bt', label: 'Наушники' };
    const result = combineMediaProbe({ ...allOpened, devices: [headset] }, { camera: 'unknown', microphone: 'unknown', devices: [camera, microphone] });
    expect(result.devices).toEqual([camera, microphone, headset]);
    expect(result.audioOutput).toBe(true);
  });

  it('an OS list with no output and none from the browser blocks the start, even without setSinkId', () => {
    const result = combineMediaProbe({ ...allOpened, devices: [], listsOutputs: false }, { camera: 'granted', microphone: 'granted', devices: [camera, microphone] });
    expect(result.reasons).toEqual({ audioOutput: T.outputMissing });
  });

  it('a failed OS listing (null) falls back to the browser enumeration', () => {
    const result = combineMediaProbe(allOpened, { camera: 'granted', microphone: 'granted', devices: null });
    expect(result).toMatchObject({ camera: true, microphone: true, audioOutput: true, listedBySystem: false, devices: [camera, microphone, speakers] });
  });
});
