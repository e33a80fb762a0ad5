import { formatScpiError, parseSystemError } from './system-error';

describe('parseSystemError', () => {
  it('reads the Keysight and the R&S forms of "no error"', () => {
    expect(parseSystemError('+0,"No error"')).toEqual({ code: 0, message: 'No error' });
    expect(parseSystemError('0,"No error"')).toEqual({ code: 0, message: 'No error' });
  });

  it('reads a negative code and keeps quotes inside the message', () => {
    expect(parseSystemError('-113,"Undefined header;FOO:BAR"')).toEqual({
      code: -113,
      message: 'Undefined header;FOO:BAR',
    });
    expect(parseSystemError('-222,"Data out of range;"SENS:FREQ 1e12""')).toEqual({
      code: -222,
      message: 'Data out of range;"SENS:FREQ 1e12"',
    });
  });

  it('ignores surrounding white space', () => {
    expect(parseSystemError(' -350,"Queue overflow" ')).toEqual({ code: -350, message: 'Queue overflow' });
  });

  it('answers undefined for a reply of another shape', () => {
    expect(parseSystemError('1')).toBeUndefined();
    expect(parseSystemError('-113,Undefined header')).toBeUndefined();
    expect(parseSystemError('')).toBeUndefined();
  });

  it('formats an entry as the instrument wrote it', () => {
    expect(formatScpiError({ code: -113, message: 'Undefined header' })).toBe('-113,"Undefined header"');
  });
});
