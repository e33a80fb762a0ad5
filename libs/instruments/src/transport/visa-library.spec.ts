import { VI_ERROR_TMO, visaStatusName } from './visa-constants';
import { visaLibraryCandidates } from './visa-library';

describe('visaLibraryCandidates', () => {
  it('tries visa64.dll then visa32.dll on 64-bit Windows, visa32.dll on 32-bit', () => {
    expect(visaLibraryCandidates('win32', 'x64')).toEqual(['visa64.dll', 'visa32.dll']);
    expect(visaLibraryCandidates('win32', 'ia32')).toEqual(['visa32.dll']);
  });

  it('tries the R&S, NI and Keysight libraries on Linux, and the VISA framework on macOS', () => {
    expect(visaLibraryCandidates('linux', 'x64')).toEqual([
      'librsvisa.so',
      'libvisa.so',
      'libiovisa.so',
      '/usr/local/vxipnp/linux/lib64/libvisa.so',
    ]);
    expect(visaLibraryCandidates('darwin', 'arm64')).toEqual(['/Library/Frameworks/VISA.framework/VISA']);
  });
});

describe('visaStatusName', () => {
  it('names known statuses with their hex code and shows others in hex', () => {
    expect(VI_ERROR_TMO).toBe(-1073807339);
    expect(visaStatusName(VI_ERROR_TMO)).toBe('VI_ERROR_TMO (0xBFFF0015)');
    expect(visaStatusName(0xbfff0099 | 0)).toBe('VISA status 0xBFFF0099');
  });
});
