import { describe, expect, it } from 'vitest';
import type { MediaDeviceSummary } from '../../shared/desktop-api';
import { probeMedia } from './probe';

const camera: MediaDeviceSummary = { kind: 'videoinput', deviceId: 'c1', label: 'HD Webcam' };
const microphone: MediaDeviceSummary = { kind: 'audioinput', deviceId: 'm1', label: '' };
const speakers: MediaDeviceSummary = { kind: 'audiooutput', deviceId: 'default', label: 'Динамики' };
const allowed = { camera: 'granted', microphone: 'granted' } as const;

describe('probeMedia', () => {
  it('reports everything available when devices exist and access is allowed', () => {
    expect(probeMedia([camera, microphone, speakers], allowed)).toEqual({
      camera: true,
      microphone: true,
      audioOutput: true,
      reasons: {},
    });
  });

  it('treats a system that has not asked yet (or has no setting) as available', () => {
    const result = probeMedia([camera, microphone, speakers], { camera: 'not-determined', microphone: 'unknown' });
    expect([result.camera, result.microphone]).toEqual([true, true]);
  });

  it('names each missing device in Russian', () => {
    expect(probeMedia([], allowed)).toEqual({
      camera: false,
      microphone: false,
      audioOutput: false,
      reasons: {
        camera: 'Камера не найдена',
        microphone: 'Микрофон не найден',
        audioOutput: 'Не найдено устройство вывода звука (динамики или наушники)',
      },
    });
  });

  it('reports a system-level refusal even when the device is present', () => {
    const result = probeMedia([camera, microphone, speakers], { camera: 'denied', microphone: 'restricted' });
    expect(result).toMatchObject({ camera: false, microphone: false, audioOutput: true });
    expect(result.reasons).toEqual({
      camera: 'Доступ к камере запрещён в настройках системы',
      microphone: 'Доступ к микрофону ограничен политикой системы',
    });
  });
});
