/**
 * What a file is, decided by its first bytes (the name and the declared type are not trusted).
 * Executables and scripts are never kinds; plain text is recognised only as valid UTF-8 without
 * control bytes. Each kind lists the extensions a file of it may carry.
 */
export interface FileKind {
  name: string;
  contentType: string;
  extensions: readonly string[];
}

const KINDS = {
  pdf: { name: 'pdf', contentType: 'application/pdf', extensions: ['pdf'] },
  png: { name: 'png', contentType: 'image/png', extensions: ['png'] },
  jpeg: { name: 'jpeg', contentType: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  gif: { name: 'gif', contentType: 'image/gif', extensions: ['gif'] },
  webp: { name: 'webp', contentType: 'image/webp', extensions: ['webp'] },
  zip: { name: 'zip', contentType: 'application/zip', extensions: ['zip', 'docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp', 'epub'] },
  ole: { name: 'ole', contentType: 'application/octet-stream', extensions: ['doc', 'xls', 'ppt'] },
  mp3: { name: 'mp3', contentType: 'audio/mpeg', extensions: ['mp3'] },
  mp4: { name: 'mp4', contentType: 'video/mp4', extensions: ['mp4', 'm4a', 'mov'] },
  rar: { name: 'rar', contentType: 'application/vnd.rar', extensions: ['rar'] },
  sevenZip: { name: '7z', contentType: 'application/x-7z-compressed', extensions: ['7z'] },
  text: { name: 'text', contentType: 'text/plain; charset=utf-8', extensions: ['txt', 'csv', 'md'] },
} as const satisfies Record<string, FileKind>;

const starts = (head: Buffer, bytes: number[], offset = 0) => head.length >= offset + bytes.length && bytes.every((byte, index) => head[offset + index] === byte);

/** Formats that run code: refused even inside a name that looks harmless. */
export function isExecutable(head: Buffer): boolean {
  return (
    starts(head, [0x4d, 0x5a]) || // MZ: Windows PE
    starts(head, [0x7f, 0x45, 0x4c, 0x46]) || // ELF
    starts(head, [0xfe, 0xed, 0xfa, 0xce]) ||
    starts(head, [0xfe, 0xed, 0xfa, 0xcf]) ||
    starts(head, [0xcf, 0xfa, 0xed, 0xfe]) ||
    starts(head, [0xca, 0xfe, 0xba, 0xbe]) || // Mach-O, Java class
    starts(head, [0x23, 0x21]) // #! script
  );
}

function isPlainText(sample: Buffer): boolean {
  if (sample.length === 0) return false;
  // A cut multi-byte character at the end of the sample is fine.
  const text = new TextDecoder('utf-8', { fatal: false }).decode(sample);
  const broken = (text.match(/\uFFFD/g) ?? []).length;
  if (broken > 1) return false;
  return !/[\u0000-\u0008\u000e-\u001f\u007f]/.test(text) && !/^\s*<(!doctype|html|script|svg)/i.test(text);
}

/** The kind of a file from its first bytes (give at least 4 KB), or null when it is not accepted. */
export function detectFileKind(sample: Buffer): FileKind | null {
  if (isExecutable(sample)) return null;
  if (starts(sample, [0x25, 0x50, 0x44, 0x46, 0x2d])) return KINDS.pdf;
  if (starts(sample, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return KINDS.png;
  if (starts(sample, [0xff, 0xd8, 0xff])) return KINDS.jpeg;
  if (starts(sample, [0x47, 0x49, 0x46, 0x38])) return KINDS.gif;
  if (starts(sample, [0x52, 0x49, 0x46, 0x46]) && starts(sample, [0x57, 0x45, 0x42, 0x50], 8)) return KINDS.webp;
  if (starts(sample, [0x50, 0x4b, 0x03, 0x04])) return KINDS.zip;
  if (starts(sample, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return KINDS.ole;
  if (starts(sample, [0x49, 0x44, 0x33]) || starts(sample, [0xff, 0xfb]) || starts(sample, [0xff, 0xf3])) return KINDS.mp3;
  if (starts(sample, [0x66, 0x74, 0x79, 0x70], 4)) return KINDS.mp4;
  if (starts(sample, [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07])) return KINDS.rar;
  if (starts(sample, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])) return KINDS.sevenZip;
  if (isPlainText(sample)) return KINDS.text;
  return null;
}

/**
 * A file name safe to show and to offer for download: the last path part, letters of any script,
 * digits, spaces and . _ - ( ), no leading dots, at most 120 characters with the extension kept.
 */
export function sanitizeFileName(raw: string): string {
  const base = (raw.split(/[\\/]/).pop() ?? '').normalize('NFC');
  const cleaned = base
    .replace(/[^\p{L}\p{N} ._()-]+/gu, '_')
    .replace(/\s+/g, ' ')
    .replace(/_+/g, '_')
    .replace(/^[ .]+|[ .]+$/g, '');
  const dot = cleaned.lastIndexOf('.');
  const stem = dot > 0 ? cleaned.slice(0, dot) : cleaned;
  const extension = dot > 0 ? cleaned.slice(dot + 1).toLowerCase().slice(0, 10) : '';
  const shortStem = (stem.replace(/^[_ ]+$/, '') || 'file').slice(0, 120 - extension.length - 1).trim() || 'file';
  return extension ? `${shortStem}.${extension}` : shortStem;
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}
