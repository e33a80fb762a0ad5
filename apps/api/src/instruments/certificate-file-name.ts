import { attachmentFileName, FORBIDDEN_NAME_CHARACTERS, LIMITS } from '@sweepline/domain';

const FORBIDDEN = new RegExp(FORBIDDEN_NAME_CHARACTERS.source, 'g');

/** The name a certificate is kept and served under when the upload's own name has nothing left. */
export const DEFAULT_CERTIFICATE_NAME = 'certificate.pdf';

/**
 * The name a certificate's PDF is kept under: the uploaded file's base name (browsers and tools
 * may send a path), each character a file name may not hold replaced by _, at most the length of
 * a long text. A certificate is the laboratory's file: its name is kept as close as it can be
 * rather than refused.
 */
export function certificateFileName(uploaded: string): string {
  const safe = attachmentFileName(uploaded).replace(FORBIDDEN, '_');
  // by code points, so a character outside the BMP is never cut in half
  const name = Array.from(safe).slice(0, LIMITS.longTextLength).join('').trim();
  return name === '' ? DEFAULT_CERTIFICATE_NAME : name;
}
