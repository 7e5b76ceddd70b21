/** A file type we accept somewhere, recognised by its first bytes rather than its name. */
export interface FileKind {
  id: FileKindId;
  ext: string;
  mime: string;
}

export type FileKindId = 'jpg' | 'png' | 'webp' | 'mp4' | 'mov' | 'm4a' | 'webm' | 'mp3' | 'wav' | 'pdf' | 'docx';

export const FILE_KINDS: Record<FileKindId, FileKind> = {
  jpg: { id: 'jpg', ext: 'jpg', mime: 'image/jpeg' },
  png: { id: 'png', ext: 'png', mime: 'image/png' },
  webp: { id: 'webp', ext: 'webp', mime: 'image/webp' },
  mp4: { id: 'mp4', ext: 'mp4', mime: 'video/mp4' },
  mov: { id: 'mov', ext: 'mov', mime: 'video/quicktime' },
  m4a: { id: 'm4a', ext: 'm4a', mime: 'audio/mp4' },
  webm: { id: 'webm', ext: 'webm', mime: 'video/webm' },
  mp3: { id: 'mp3', ext: 'mp3', mime: 'audio/mpeg' },
  wav: { id: 'wav', ext: 'wav', mime: 'audio/wav' },
  pdf: { id: 'pdf', ext: 'pdf', mime: 'application/pdf' },
  docx: { id: 'docx', ext: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
};

/** How many leading bytes {@link sniffFileKind} needs to tell every kind apart. */
export const SNIFF_BYTES = 64;

const ascii = (head: Buffer, offset: number, text: string) =>
  head.length >= offset + text.length && head.toString('latin1', offset, offset + text.length) === text;
const bytes = (head: Buffer, offset: number, values: number[]) => head.length >= offset + values.length && values.every((v, i) => head[offset + i] === v);

// The first entry of an Office Open XML package is one of its bookkeeping parts.
const OOXML_FIRST_ENTRY = /^(\[Content_Types\]\.xml|_rels\/\.rels|word\/|docProps\/)/;

/**
 * Recognises a file from its first bytes ({@link SNIFF_BYTES} of them, or fewer when the file is shorter).
 * Returns undefined for anything else, including an empty file.
 */
export function sniffFileKind(head: Buffer): FileKind | undefined {
  if (bytes(head, 0, [0xff, 0xd8, 0xff])) return FILE_KINDS.jpg;
  if (bytes(head, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return FILE_KINDS.png;
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP')) return FILE_KINDS.webp;
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WAVE')) return FILE_KINDS.wav;
  if (ascii(head, 0, '%PDF-')) return FILE_KINDS.pdf;
  if (ascii(head, 4, 'ftyp') && head.length >= 12) {
    const brand = head.toString('latin1', 8, 12);
    if (brand === 'qt  ') return FILE_KINDS.mov;
    if (brand === 'M4A ' || brand === 'M4B ') return FILE_KINDS.m4a;
    return FILE_KINDS.mp4;
  }
  // EBML is shared with Matroska; the DocType inside the header says which.
  if (bytes(head, 0, [0x1a, 0x45, 0xdf, 0xa3]) && head.includes('webm', 0, 'latin1')) return FILE_KINDS.webm;
  // An ID3 tag, or an MPEG audio layer III frame header (11 sync bits, layer bits 01).
  if (ascii(head, 0, 'ID3') || (head.length >= 2 && head[0] === 0xff && (head[1] & 0xe6) === 0xe2)) return FILE_KINDS.mp3;
  if (bytes(head, 0, [0x50, 0x4b, 0x03, 0x04]) && head.length >= 30) {
    const nameLength = head.readUInt16LE(26);
    const name = head.toString('latin1', 30, Math.min(head.length, 30 + nameLength));
    if (OOXML_FIRST_ENTRY.test(name)) return FILE_KINDS.docx;
  }
  return undefined;
}
