import { describe, expect, it } from 'vitest';
import { decideNavigation } from './navigation';

const origins = ['app://enot', 'http://localhost:5173'];

describe('decideNavigation', () => {
  it('keeps our own pages in the window', () => {
    expect(decideNavigation('app://enot/study/homework', origins)).toBe('allow');
    expect(decideNavigation('http://localhost:5173/study/', origins)).toBe('allow');
  });

  it('sends https and mail links to the system browser', () => {
    expect(decideNavigation('https://vk.com/enot', origins)).toBe('open-external');
    expect(decideNavigation('mailto:help@enot.ru', origins)).toBe('open-external');
  });

  it('blocks everything else', () => {
    for (const target of ['http://evil.example', 'file:///etc/passwd', 'javascript:alert(1)', 'app://other/', 'not a url']) {
      expect(decideNavigation(target, origins), target).toBe('block');
    }
  });
});
