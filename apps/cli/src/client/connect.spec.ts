import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { credentialsPath, forgetLogin, loadLogin, saveLogin } from '../auth/credentials';
import { platformPaths } from '../auth/platform-paths';
import { normaliseServer, resolveAuth } from './connect';

describe('the server address and the sign-in', () => {
  it('takes the web address or the API address of a server', () => {
    expect(normaliseServer('http://localhost:8080/')).toBe('http://localhost:8080');
    expect(normaliseServer('https://rf.example.com/webcyc/api/')).toBe('https://rf.example.com');
    expect(() => normaliseServer('rf.example.com')).toThrow(
      "The server address 'rf.example.com' is not a URL",
    );
    expect(() => normaliseServer('ftp://x')).toThrow('must start with http:// or https://');
  });

  it("keeps the platform's folders, or the override", () => {
    expect(platformPaths({}, 'linux').config).toMatch(/\.config\/sweepline$/);
    expect(platformPaths({ XDG_CONFIG_HOME: '/x' }, 'linux').config).toBe('/x/sweepline');
    expect(platformPaths({ APPDATA: 'C:\\A', LOCALAPPDATA: 'C:\\L' }, 'win32').config).toContain('sweepline');
    expect(platformPaths({ SWEEPLINE_CONFIG_DIR: '/c' }, 'darwin').config).toBe('/c');
  });

  it('saves a log-in per server owner-only, and prefers an API token to it', () => {
    const env = { SWEEPLINE_CONFIG_DIR: join(mkdtempSync(join(tmpdir(), 'swl-cred-')), 'cfg') };
    const saved = { token: 'sess', email: 'e@x.com', name: 'E', savedAt: '2026-11-25T00:00:00Z' };
    saveLogin('http://a', saved, env);
    saveLogin('http://b', { ...saved, token: 'other' }, env);
    expect(statSync(credentialsPath(env)).mode & 0o777).toBe(0o600);
    expect(statSync(env.SWEEPLINE_CONFIG_DIR).mode & 0o777).toBe(0o700);
    expect(loadLogin('http://a', env)).toEqual(saved);
    const previous = process.env['SWEEPLINE_CONFIG_DIR'];
    process.env['SWEEPLINE_CONFIG_DIR'] = env.SWEEPLINE_CONFIG_DIR;
    try {
      expect(resolveAuth('http://a', undefined)).toEqual({ kind: 'session', token: 'sess' });
      expect(resolveAuth('http://a', ' swl_x ')).toEqual({ kind: 'api-token', token: 'swl_x' });
      expect(resolveAuth('http://c', undefined)).toBeUndefined();
    } finally {
      if (previous === undefined) delete process.env['SWEEPLINE_CONFIG_DIR'];
      else process.env['SWEEPLINE_CONFIG_DIR'] = previous;
    }
    expect(forgetLogin('http://a', env)).toBe(true);
    expect(forgetLogin('http://a', env)).toBe(false);
    expect(loadLogin('http://b', env)?.token).toBe('other');
  });
});
