import { describe, expect, it } from 'vitest';
import { sanitizeCommentHtml } from './safe-html';

describe('sanitizeCommentHtml', () => {
  it('keeps bare formatting tags', () => {
    expect(sanitizeCommentHtml('<b>Отлично</b>, <i>молодец</i><br/>Сдано')).toBe('<b>Отлично</b>, <i>молодец</i><br />Сдано');
  });

  it('escapes scripts, attributes, handlers and anything unknown', () => {
    expect(sanitizeCommentHtml('<script>alert(1)</script>')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(sanitizeCommentHtml('<b onclick="x()">a</b>')).toBe('&lt;b onclick=&quot;x()&quot;&gt;a</b>');
    expect(sanitizeCommentHtml('<img src=x onerror=alert(1)>')).toBe('&lt;img src=x onerror=alert(1)&gt;');
    expect(sanitizeCommentHtml('<a href="javascript:x">a</a>')).toBe('&lt;a href=&quot;javascript:x&quot;&gt;a&lt;/a&gt;');
  });
});
