import { describe, expect, it } from 'vitest';
import { httpsAddress } from './https-address';

describe('httpsAddress', () => {
  it('keeps the host, path, query and fragment, on https', () => {
    expect(httpsAddress('http://school.example/study/roadmap?tab=2#top')).toBe('https://school.example/study/roadmap?tab=2#top');
  });

  it('drops an http port: the https address is on the default one', () => {
    expect(httpsAddress('http://192.168.1.20:3000/study/login')).toBe('https://192.168.1.20/study/login');
    expect(httpsAddress('http://[fd00::2]:8080/study/')).toBe('https://[fd00::2]/study/');
  });
});
