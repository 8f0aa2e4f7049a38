import { describe, expect, it } from 'vitest';
import { FRAME_CSP, frameDocument } from './frame-document';

const colors = { text: '#111', background: '#fff', accent: '#2a6', border: '#ccc', muted: '#666', font: 'system-ui' };

describe('description frame document', () => {
  it('puts the HTML in a page whose CSP allows no script, frame, form or connection', () => {
    const doc = frameDocument('<p>Текст</p>', colors);
    expect(doc).toContain(`content="${FRAME_CSP}"`);
    expect(FRAME_CSP).toMatch(/default-src 'none'/);
    expect(FRAME_CSP).not.toMatch(/script-src|unsafe-eval/);
    // Pictures only from our own origin: no other host learns who opens a standard.
    expect(FRAME_CSP).toMatch(/img-src 'self';/);
    expect(FRAME_CSP).not.toMatch(/https:|http:|data:|\*/);
    expect(doc).toContain('<body><p>Текст</p></body>');
    expect(doc).toContain('<base target="_blank">');
  });

  it('keeps theme values from breaking out of the style block', () => {
    const doc = frameDocument('', { ...colors, text: 'red}</style><script>x()</script>' });
    expect(doc).not.toContain('<script>');
    expect(doc.split('</style>')).toHaveLength(2);
  });
});
