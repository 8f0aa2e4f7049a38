import { describe, expect, it } from 'vitest';
import { sanitizeDescription } from './sanitize-description';

const OWN = 'https://enot.example';

describe('standard description sanitiser', () => {
  it('drops scripts with their text, keeps the words around them', () => {
    const clean = sanitizeDescription('<p>Сроки проверки<script>window.hacked = 1</script> — 48 часов</p><SCRIPT src="https://x.test/a.js"></SCRIPT>');
    expect(clean).toBe('<p>Сроки проверки — 48 часов</p>');
  });

  it('drops every event handler attribute and inline style', () => {
    const clean = sanitizeDescription('<p onclick="a()" onmouseover="b()" style="background:url(javascript:c())">Текст</p><img src="/app/images/books/a.png" onerror="window.hacked=1" alt="схема">');
    expect(clean).not.toMatch(/on\w+=|style=|javascript/i);
    expect(clean).toContain('Текст');
    expect(clean).toContain('<img src="/app/images/books/a.png" alt="схема" />');
  });

  it('refuses javascript:, data: and other non-web addresses in links and images', () => {
    for (const href of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' javascript:alert(1)', 'java&#x09;script:alert(1)', 'data:text/html,<script>1</script>', 'vbscript:x', '//evil.test/x']) {
      const clean = sanitizeDescription(`<a href="${href}">ссылка</a><img src="${href}">`);
      expect(clean, href).not.toMatch(/href=|src=/);
      expect(clean).toContain('ссылка');
    }
  });

  it('removes active and embedding elements: iframe, object, svg, form, style, meta, base', () => {
    const clean = sanitizeDescription(
      '<iframe src="https://x.test"></iframe><object data="x"></object><embed src="x"><svg onload="x()"><circle/></svg><form action="https://x.test"><input name="a"><button>Отправить</button></form><style>p{}</style><meta http-equiv="refresh" content="0;url=https://x.test"><base href="https://x.test/">Остался текст',
    );
    expect(clean).not.toMatch(/<(iframe|object|embed|svg|form|input|style|meta|base|button)/i);
    expect(clean).toContain('Остался текст');
  });

  it('keeps text structure and makes links open in a new tab without access to the page', () => {
    const clean = sanitizeDescription('<h2>Заголовок</h2><ol start="2"><li><b>жирный</b> и <i>курсив</i></li></ol><table><tr><td colspan="2">ячейка</td></tr></table><a href="https://fipi.ru">ФИПИ</a>');
    expect(clean).toContain('<h2>Заголовок</h2>');
    expect(clean).toContain('<ol start="2"><li><b>жирный</b> и <i>курсив</i></li></ol>');
    expect(clean).toContain('<td colspan="2">ячейка</td>');
    expect(clean).toContain('<a href="https://fipi.ru" target="_blank" rel="noopener noreferrer">ФИПИ</a>');
  });

  it('drops a tracking picture from another host, so readers\' addresses never reach it (issue #25 row 12)', () => {
    const clean = sanitizeDescription('<p>Правило</p><img src="https://tracker.example/p.png"><p>конец</p>', OWN);
    expect(clean).toBe('<p>Правило</p><p>конец</p>');
    for (const src of ['http://tracker.example/p.png', 'HTTPS://tracker.example/p.png', ' https://tracker.example/p.png', '//tracker.example/p.png', '/\\tracker.example/p.png', 'https://enot.example.tracker.example/app/images/a.png', 'https://enot.example:8443/app/images/a.png', 'http://enot.example/app/images/a.png']) {
      expect(sanitizeDescription(`<img src="${src}" alt="x">`, OWN), src).toBe('');
    }
  });

  it('keeps pictures of our own storage, on our address or as a path, and drops our other paths', () => {
    expect(sanitizeDescription('<img src="https://enot.example/app/images/books/1.png?v=2" alt="схема">', OWN)).toBe('<img src="/app/images/books/1.png?v=2" alt="схема" />');
    expect(sanitizeDescription('<img src="/questions2/12.png">', OWN)).toBe('<img src="/questions2/12.png" />');
    expect(sanitizeDescription('<img src="/app/images/../../go/files/download_file">', OWN)).toBe('');
    expect(sanitizeDescription('<img src="/study/curator/standards">', OWN)).toBe('');
    // Without a known public address only paths are ours.
    expect(sanitizeDescription('<img src="https://enot.example/app/images/books/1.png">')).toBe('');
    expect(sanitizeDescription('<img src="/app/images/books/1.png">')).toBe('<img src="/app/images/books/1.png" />');
  });
});
