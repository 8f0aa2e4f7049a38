import { describe, expect, it } from 'vitest';
import { probeReasons, skipsMediaCheck } from './media-probe';

const PHONES = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; SM-A546B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
];
const COMPUTERS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
];

describe('the device check (shell §5)', () => {
  it('is skipped on phones and tablets, judged by the user-agent', () => {
    for (const agent of PHONES) expect(skipsMediaCheck(agent), agent).toBe(true);
  });
  it('gates start and accept on computers', () => {
    for (const agent of COMPUTERS) expect(skipsMediaCheck(agent), agent).toBe(false);
  });
  it('says a reason shared by the three devices once, each as a sentence', () => {
    const unsupported = 'Ваш браузер не поддерживает доступ к камере и микрофону.';
    expect(probeReasons({ camera: false, microphone: false, audioOutput: false, reasons: { camera: unsupported, microphone: unsupported, audioOutput: unsupported }, devices: [], listedBySystem: false })).toBe(unsupported);
    expect(probeReasons({ camera: false, microphone: true, audioOutput: false, reasons: { camera: 'Камера не найдена', audioOutput: 'Не найдено устройство вывода звука' }, devices: [], listedBySystem: false })).toBe(
      'Камера не найдена. Не найдено устройство вывода звука.',
    );
  });
});
