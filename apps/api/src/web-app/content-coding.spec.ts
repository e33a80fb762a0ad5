import { chooseCoding, CODINGS } from './content-coding';

const both = CODINGS;
const gzipOnly = CODINGS.filter((c) => c.name === 'gzip');
const chosen = (header: string | undefined, available = both) => chooseCoding(header, available)?.name;

describe('chooseCoding (docs/web.md, Caching and compression)', () => {
  it('prefers brotli when the client accepts both at the same weight, whatever their order', () => {
    expect(chosen('gzip, deflate, br, zstd')).toBe('br');
    expect(chosen('br, gzip')).toBe('br');
  });

  it('follows the weights the client gives', () => {
    expect(chosen('br;q=0.5, gzip')).toBe('gzip');
    expect(chosen('br;q=0, gzip;q=0.1')).toBe('gzip');
    expect(chosen('BR;Q=1')).toBe('br');
  });

  it('takes * for every coding not named', () => {
    expect(chosen('*')).toBe('br');
    expect(chosen('br;q=0, *')).toBe('gzip');
  });

  it('sends the plain file when nothing accepted is available', () => {
    for (const header of [
      undefined,
      '',
      'identity',
      'deflate',
      'br;q=0, gzip;q=0',
      '*;q=0',
      'gzip;q=nonsense',
    ]) {
      expect([header, chosen(header)]).toEqual([header, undefined]);
    }
    expect(chosen('br', gzipOnly)).toBeUndefined();
    expect(chosen('br, gzip', gzipOnly)).toBe('gzip');
  });
});
