import { describe, expect, it } from 'vitest';
import type { MediaDeviceSummary, RendererMediaCheck } from '../../shared/desktop-api';
import { createMainProbe } from './probe';

const camera: MediaDeviceSummary = { kind: 'videoinput', deviceId: '/dev/video0', label: 'Integrated Camera' };
const speakers: MediaDeviceSummary = { kind: 'audiooutput', deviceId: 'hw:0,0', label: 'HDA Intel PCH: ALC257 Analog' };
const check: RendererMediaCheck = { camera: 'missing', microphone: 'opened', devices: [], listsOutputs: true };

describe('the probe main answers (media:probe)', () => {
  it('adds the OS list and permission state to what the renderer found', async () => {
    const probe = createMainProbe({ permissions: () => ({ camera: 'unknown', microphone: 'denied' }), listDevices: async () => [camera, speakers] });
    const result = await probe(check);
    expect(result).toMatchObject({ camera: false, microphone: false, audioOutput: true, listedBySystem: true, devices: [camera, speakers] });
    expect(result.reasons).toEqual({
      camera: 'Камера подключена, но не открывается: проверьте, что у вас есть к ней доступ',
      microphone: 'Доступ к микрофону запрещён в настройках системы',
    });
  });

  it('a listing that fails or throws leaves the renderer enumeration in charge', async () => {
    const permissions = () => ({ camera: 'unknown', microphone: 'unknown' }) as const;
    for (const listDevices of [async () => null, () => Promise.reject(new Error('spawn EACCES'))]) {
      const result = await createMainProbe({ permissions, listDevices })({ ...check, devices: [speakers] });
      expect(result).toMatchObject({ camera: false, audioOutput: true, listedBySystem: false, reasons: { camera: 'Камера не найдена' } });
    }
  });
});
