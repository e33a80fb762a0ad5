import request from 'supertest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeEachDatabase } from '../../test/test-app';
import { API } from '../editor/testing/editor-api';
import { RELEASES } from './releases';

const cliVersion = (): string =>
  JSON.parse(readFileSync(join(__dirname, '../../../cli/package.json'), 'utf8')).version;

describeEachDatabase('GET /version: release notes of the command-line runner', (t) => {
  it('answers every release, newest first, to anyone', async () => {
    const res = await request(t().http()).get(`${API}/version`);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe(1);
    expect(res.body.data).toEqual(RELEASES);
    expect(res.body.data[0]).toEqual({ no: '0.1.0', date: '2026-11-23', notes: expect.any(Array) });
  });

  it('keeps the notes well formed and in order, the newest being the CLI version', () => {
    expect(RELEASES[0]!.no).toBe(cliVersion());
    for (const release of RELEASES) {
      expect(release.no).toMatch(/^\d+\.\d+\.\d+$/);
      expect(release.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(release.notes.length).toBeGreaterThan(0);
    }
    const dates = RELEASES.map((r) => r.date);
    expect([...dates].sort().reverse()).toEqual(dates);
  });
});
