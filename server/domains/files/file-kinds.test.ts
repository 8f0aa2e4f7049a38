import { describe, expect, it } from 'vitest';
import { detectFileKind, sanitizeFileName } from './file-kinds';

describe('file kinds by content', () => {
  it('recognises documents and refuses executables whatever their name', () => {
    expect(detectFileKind(Buffer.from('%PDF-1.7\n%âãÏÓ'))?.name).toBe('pdf');
    expect(detectFileKind(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]))?.extensions).toContain('docx');
    expect(detectFileKind(Buffer.from('Фамилия;Имя\nСмирнова;Алиса\n'))?.name).toBe('text');
    expect(detectFileKind(Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03]))).toBeNull();
    expect(detectFileKind(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02]))).toBeNull();
    expect(detectFileKind(Buffer.from('#!/bin/sh\nrm -rf /\n'))).toBeNull();
    expect(detectFileKind(Buffer.from('<html><script>alert(1)</script>'))).toBeNull();
    expect(detectFileKind(Buffer.from([0x00, 0x01, 0x02, 0x03, 0xff]))).toBeNull();
  });

  it('sanitises names: no paths, no control or shell characters, extension kept', () => {
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('C:\\Users\\x\\План урока №3.PDF')).toBe('План урока _3.pdf');
    expect(sanitizeFileName('..hidden.txt')).toBe('hidden.txt');
    expect(sanitizeFileName('a<b>|c?.docx')).toBe('a_b_c_.docx');
    expect(sanitizeFileName('\u0000\u0007.')).toBe('file');
    expect(sanitizeFileName(`${'я'.repeat(300)}.xlsx`)).toHaveLength(120);
  });
});
