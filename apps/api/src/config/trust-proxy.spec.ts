import { ConfigError, loadConfig } from './app-config';
import { parseTrustProxy } from './trust-proxy';

describe('TRUST_PROXY', () => {
  it('trusts loopback when unset or empty', () => {
    expect(loadConfig({}).trustProxy).toEqual(['loopback']);
    expect(loadConfig({ TRUST_PROXY: '  ' }).trustProxy).toEqual(['loopback']);
  });

  it('takes a number of hops', () => {
    expect(parseTrustProxy('1')).toEqual({ value: 1 });
    expect(parseTrustProxy('0')).toEqual({ value: 0 });
  });

  it('takes addresses, CIDR ranges and the named ranges, separated by commas', () => {
    expect(parseTrustProxy('10.0.0.0/8, 192.168.1.20,fd00::/8, ::1, loopback,uniquelocal')).toEqual({
      value: ['10.0.0.0/8', '192.168.1.20', 'fd00::/8', '::1', 'loopback', 'uniquelocal'],
    });
  });

  it.each([
    ['true', "not 'true'"],
    ['*', "not '*'"],
    ['11', "not '11'"],
    ['10.0.0.0/33', "not '10.0.0.0/33'"],
    ['10.0.0.1, proxy.example.com', "('proxy.example.com' is neither)"],
    ['fd00::/129', "not 'fd00::/129'"],
    ['10.0.0.0/8/1', "not '10.0.0.0/8/1'"],
    ['10.0.0.0/x', "not '10.0.0.0/x'"],
    ['10.0.0.1,', "('' is neither)"],
  ])('refuses %s, naming it', (raw, named) => {
    expect(() => loadConfig({ TRUST_PROXY: raw })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: raw })).toThrow(named);
    expect(() => loadConfig({ TRUST_PROXY: raw })).toThrow(/^TRUST_PROXY must be a number of proxy hops/);
  });
});

describe('TLS_CERT_FILE and TLS_KEY_FILE', () => {
  it('are both set or neither', () => {
    expect(loadConfig({}).tls).toBeUndefined();
    expect(loadConfig({ TLS_CERT_FILE: '/etc/c.pem', TLS_KEY_FILE: '/etc/k.pem' }).tls).toEqual({
      certFile: '/etc/c.pem',
      keyFile: '/etc/k.pem',
    });
    expect(() => loadConfig({ TLS_CERT_FILE: '/etc/c.pem' })).toThrow(
      'Set both TLS_CERT_FILE and TLS_KEY_FILE, or neither',
    );
  });
});

describe('PUBLIC_URL', () => {
  it('is an http or https address, kept without a trailing slash', () => {
    expect(loadConfig({ PORT: '9000' }).publicUrl).toBe('http://localhost:9000');
    expect(loadConfig({ PUBLIC_URL: 'https://rf.example.com/' }).publicUrl).toBe('https://rf.example.com');
  });

  it.each(['rf.example.com', 'ftp://rf.example.com'])('refuses %s', (raw) => {
    expect(() => loadConfig({ PUBLIC_URL: raw })).toThrow(
      `PUBLIC_URL must be an http:// or https:// address, not '${raw}'`,
    );
  });
});
