import {
  ATTACHMENT_LIMITS,
  ATTACHMENT_MSG,
  attachmentContentType,
  attachmentError,
  attachmentFileName,
} from './attachments';

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2]);
const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0]);
const text = new Uint8Array([0x21, 0x20, 0x31]);

describe('attachmentContentType', () => {
  it('judges screenshots by their bytes', () => {
    expect(attachmentContentType('screenshot', png)).toBe('image/png');
    expect(attachmentContentType('screenshot', jpeg)).toBe('image/jpeg');
    expect(attachmentContentType('screenshot', text)).toBeUndefined();
    expect(attachmentContentType('screenshot', new Uint8Array([0x89]))).toBeUndefined();
  });

  it('serves SnP files as text', () => {
    expect(attachmentContentType('snp', text)).toBe('text/plain');
  });
});

describe('attachmentFileName', () => {
  it('keeps the base name of a path', () => {
    expect(attachmentFileName('C:\\runs\\shot 1.png')).toBe('shot 1.png');
    expect(attachmentFileName('/tmp/a/dut.s2p ')).toBe('dut.s2p');
    expect(attachmentFileName('plain.png')).toBe('plain.png');
  });
});

describe('attachmentError', () => {
  it('accepts a PNG or JPEG screenshot and a named SnP file', () => {
    expect(attachmentError('screenshot', 'shot.png', png)).toBeUndefined();
    expect(attachmentError('screenshot', 'shot.jpg', jpeg)).toBeUndefined();
    expect(attachmentError('snp', 'dut.S2P', text)).toBeUndefined();
    expect(attachmentError('snp', 'x.s12p', text)).toBeUndefined();
  });

  it('refuses bad names, empty and oversized files, and the wrong type', () => {
    expect(attachmentError('screenshot', '', png)).toEqual({ field: 'file', message: 'Empty input' });
    expect(attachmentError('screenshot', 'a|b.png', png)).toEqual({
      field: 'file',
      message: 'Invalid character',
    });
    expect(attachmentError('screenshot', 'a.png', new Uint8Array())).toEqual({
      field: 'file',
      message: ATTACHMENT_MSG.empty,
    });
    const big = new Uint8Array(ATTACHMENT_LIMITS.fileBytes + 1);
    expect(attachmentError('snp', 'a.s2p', big)).toEqual({
      field: 'file',
      message: 'The file is larger than 5 MiB',
    });
    expect(attachmentError('snp', 'a.txt', text)).toEqual({ field: 'file', message: ATTACHMENT_MSG.notSnp });
    expect(attachmentError('snp', 'a.s0p', text)).toEqual({ field: 'file', message: ATTACHMENT_MSG.notSnp });
    expect(attachmentError('screenshot', 'a.png', text)).toEqual({
      field: 'file',
      message: ATTACHMENT_MSG.notAnImage,
    });
  });

  it('words the per-run limit', () => {
    expect(ATTACHMENT_MSG.runTooLarge).toBe('The files of a run may take 20 MiB in all');
  });
});
