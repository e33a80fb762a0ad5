import { longTextError } from '../validation/name';
import type { FieldError } from '../validation/fields';
import type { AttachmentKind } from '../api/results';

const MIB = 1024 * 1024;

/** docs/requirements/storage.md#uploaded-files: a limit per file (5 MiB) and per run (ours: 20 MiB, four full-size files). */
export const ATTACHMENT_LIMITS = {
  fileBytes: 5 * MIB,
  runBytes: 20 * MIB,
} as const;

export const ATTACHMENT_KINDS: readonly AttachmentKind[] = ['screenshot', 'snp'];

export const ATTACHMENT_MSG = {
  kind: "Either 'screenshot' or 'snp'",
  noFile: 'Attach a file (field file)',
  empty: 'The file is empty',
  fileTooLarge: `The file is larger than ${ATTACHMENT_LIMITS.fileBytes / MIB} MiB`,
  runTooLarge: `The files of a run may take ${ATTACHMENT_LIMITS.runBytes / MIB} MiB in all`,
  notAnImage: 'A screenshot is a PNG or JPEG image',
  notSnp: 'An SnP file is named like dut.s2p (.s1p to .s99p)',
} as const;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const SNP_NAME = /\.s[1-9]\d?p$/i;

function startsWith(bytes: Uint8Array, magic: readonly number[]): boolean {
  return bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);
}

/**
 * The content type a file is stored and served with, judged from its bytes rather than what the
 * client claims: screenshots are PNG or JPEG (the two formats the PDF report can embed), SnP
 * files are Touchstone text. Undefined when a screenshot is neither.
 */
export function attachmentContentType(kind: AttachmentKind, bytes: Uint8Array): string | undefined {
  if (kind === 'snp') return 'text/plain';
  if (startsWith(bytes, PNG)) return 'image/png';
  return startsWith(bytes, JPEG) ? 'image/jpeg' : undefined;
}

/** The base name of an uploaded file: browsers and tools may send a path. */
export function attachmentFileName(name: string): string {
  return name.split(/[\\/]/).pop()!.trim();
}

/**
 * The first thing wrong with a file for a run (the per-run total needs the stored files and is
 * the server's to check): its name (the name rule of long texts), size, and type by kind.
 */
export function attachmentError(
  kind: AttachmentKind,
  fileName: string,
  bytes: Uint8Array,
): FieldError | undefined {
  const nameError = longTextError(fileName);
  if (nameError) return { field: 'file', message: nameError };
  if (bytes.length === 0) return { field: 'file', message: ATTACHMENT_MSG.empty };
  if (bytes.length > ATTACHMENT_LIMITS.fileBytes)
    return { field: 'file', message: ATTACHMENT_MSG.fileTooLarge };
  if (kind === 'snp' && !SNP_NAME.test(fileName)) return { field: 'file', message: ATTACHMENT_MSG.notSnp };
  if (attachmentContentType(kind, bytes) === undefined)
    return { field: 'file', message: ATTACHMENT_MSG.notAnImage };
  return undefined;
}
