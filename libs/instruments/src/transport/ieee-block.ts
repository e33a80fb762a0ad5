/**
 * Writing IEEE 488.2 blocks, the inverse of ReplyParser: the fake instrument in tests and the
 * simulators answer binary queries with these bytes.
 */
export type BlockForm = 'definite' | 'indefinite' | 'rs';

/**
 * `#<n><len><data>\n` (definite), `#0<data>\n` (indefinite: only for data without '\n'), or the
 * R&S `#(<len>)<data>\n`. `lengthDigits` pads the length with zeros, as some instruments do.
 */
export function encodeBlock(data: Uint8Array, form: BlockForm = 'definite', lengthDigits?: number): Buffer {
  const length = String(data.length);
  let header: string;
  if (form === 'indefinite') {
    if (data.includes(0x0a)) throw new RangeError('An indefinite block (#0) cannot carry a line end.');
    header = '#0';
  } else if (form === 'rs') {
    header = `#(${length})`;
  } else {
    const digits = length.padStart(lengthDigits ?? 0, '0');
    if (digits.length > 9)
      throw new RangeError(`A definite block holds at most 9 length digits, not ${digits.length}.`);
    header = `#${digits.length}${digits}`;
  }
  return Buffer.concat([Buffer.from(header, 'latin1'), data, Buffer.from('\n')]);
}
