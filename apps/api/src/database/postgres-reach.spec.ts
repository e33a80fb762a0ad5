import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closedFolderOn, unreachableMessage } from './postgres-reach';

describe('closedFolderOn', () => {
  const modes: Record<string, number> = {
    '/': 0o40755,
    '/root': 0o40700,
    '/root/sweepline': 0o40755,
    '/tmp': 0o41777,
    '/tmp/tmp.abc': 0o40700,
    '/srv': 0o40755,
    '/srv/sweepline': 0o40711,
  };
  const modeOf = (folder: string) => {
    const mode = modes[folder];
    if (mode === undefined) throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
    return mode;
  };

  it('names the first folder from the root that other users cannot enter', () => {
    expect(closedFolderOn('/root/sweepline/.sweepline', modeOf)).toBe('/root');
    expect(closedFolderOn('/tmp/tmp.abc/data', modeOf)).toBe('/tmp/tmp.abc');
  });

  it('passes a path open all the way, and folders not made yet (they are made 0755)', () => {
    expect(closedFolderOn('/srv/sweepline/data', modeOf)).toBeUndefined();
    expect(closedFolderOn('/srv/new/data', modeOf)).toBeUndefined();
  });

  it('says what happened and both ways out', () => {
    const message = unreachableMessage('the data folder', '/root/sweepline/.sweepline', '/root');
    expect(message).toContain("it runs as the system user 'postgres', which cannot enter /root");
    expect(message).toContain('SWEEPLINE_DATA_DIR=');
    expect(message).toContain('DATABASE_URL=');
  });
});

// The API as `npm start` runs it (from source, compiled on load as the build compiles it), as root:
// its embedded PostgreSQL runs as 'postgres', which cannot enter a 0700 folder above the data.
const asRoot = process.getuid?.() === 0 ? describe : describe.skip;

asRoot('npm start as root with the data folder inside a 0700 folder', () => {
  const closed = mkdtempSync(join(tmpdir(), 'sweepline-closed-'));
  afterAll(() => rmSync(closed, { recursive: true, force: true }));

  it('stops before initdb with what happened and the two ways out, no stack', async () => {
    chmodSync(closed, 0o700);
    const dataDir = join(closed, 'data');
    const { code, stderr } = await new Promise<{ code: number; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        ['-r', join(__dirname, '../../test/swc-register.js'), join(__dirname, '../main.ts')],
        { env: { PATH: process.env['PATH'], PORT: '0', SWEEPLINE_DATA_DIR: dataDir }, timeout: 60_000 },
        (error, _stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stderr }),
      );
    });
    expect(code).toBe(1);
    expect(stderr).toContain(
      `The embedded PostgreSQL cannot start: run as root, it runs as the system user 'postgres', which cannot enter ${closed}`,
    );
    expect(stderr).toContain(`cannot reach the data folder ${dataDir}`);
    expect(stderr).toMatch(/SWEEPLINE_DATA_DIR=.*npm start/);
    expect(stderr).toMatch(/DATABASE_URL=postgres:\/\/.*npm start/);
    expect(stderr).not.toMatch(/EACCES|\n\s+at /);
  }, 90_000);
});
