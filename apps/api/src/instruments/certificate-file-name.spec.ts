import { certificateFileName, DEFAULT_CERTIFICATE_NAME } from './certificate-file-name';

describe('certificateFileName', () => {
  it('keeps the base name of a path, as a browser or a tool sends it', () => {
    expect(certificateFileName('C:\\certs\\2026\\CAL-0142.pdf')).toBe('CAL-0142.pdf');
    expect(certificateFileName('/home/lab/CAL 0142 é.pdf')).toBe('CAL 0142 é.pdf');
  });

  it('replaces what a file name may not hold, rather than refusing the laboratory’s name', () => {
    expect(certificateFileName('CAL:0142?"final"<2>|*.pdf')).toBe('CAL_0142__final__2___.pdf');
    expect(certificateFileName('CAL\u00000142\n.pdf')).toBe('CAL_0142_.pdf');
  });

  it('cuts a long name at 200 characters, never inside a character', () => {
    expect(certificateFileName('😀'.repeat(250) + '.pdf')).toBe('😀'.repeat(200));
    expect(certificateFileName('a'.repeat(199) + '😀.pdf')).toBe('a'.repeat(199) + '😀');
  });

  it('answers a default name when nothing is left', () => {
    expect(certificateFileName('')).toBe(DEFAULT_CERTIFICATE_NAME);
    expect(certificateFileName('C:\\certs\\')).toBe(DEFAULT_CERTIFICATE_NAME);
    expect(certificateFileName('   ')).toBe(DEFAULT_CERTIFICATE_NAME);
  });
});
