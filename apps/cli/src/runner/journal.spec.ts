import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Verdict } from '@sweepline/domain';
import { Journal, JournalLocked, journalRunsFile, type JournalRun } from './journal';

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'journal-spec-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function run(id: string): JournalRun {
  return {
    upload: {
      client_run_id: id,
      seq_id: 1,
      seq_version: 1,
      sn: 'A-1',
      start_time: '2026-11-25T01:00:00Z',
      end_time: '2026-11-25T01:01:00Z',
      result: Verdict.Passed,
      steps: [],
    },
    productName: 'P',
    seqName: 'T',
    attachments: [{ stepIndex: 0, kind: 'snp', fileName: 'dut.s2p' }],
  };
}

describe('Journal', () => {
  it('keeps runs and their files across a restart, until each is marked', () => {
    const journal = Journal.open(dir);
    journal.append(run('a'), new Map([['dut.s2p', Buffer.from('! s2p')]]));
    journal.append(run('b'), new Map());
    journal.markUploaded('a', { run_id: 7, run_no: 1, stage_no: 2, finished: false });
    journal.close();
    const again = Journal.open(dir);
    expect(again.waiting().map((r) => r.upload.client_run_id)).toEqual(['b']);
    expect(Buffer.from(again.file('a', 'dut.s2p')).toString()).toBe('! s2p');
    again.markRefused('b', 'Test not found');
    expect(Journal.read(dir).map((e) => e.status.state)).toEqual(['uploaded', 'refused']);
    again.close();
  });

  it('ignores a line torn by a power cut and writes the next one on a line of its own', () => {
    const journal = Journal.open(dir);
    journal.append(run('a'), new Map());
    journal.close();
    appendFileSync(journalRunsFile(dir), '{"kind":"uploaded","id":"a","ans');
    const again = Journal.open(dir);
    expect(again.waiting()).toHaveLength(1); // the torn mark never happened
    again.markUploaded('a', { run_id: 1, run_no: 1, stage_no: null, finished: true });
    again.close();
    expect(Journal.read(dir)[0]!.status.state).toBe('uploaded');
    expect(readFileSync(journalRunsFile(dir), 'utf8').split('\n').filter(Boolean)).toHaveLength(3);
  });

  it('lets one runner at a time hold it, and takes over the lock of a dead one', () => {
    const journal = Journal.open(dir);
    expect(() => Journal.open(dir)).not.toThrow(); // the same process may reopen (its own pid)
    writeFileSync(join(dir, 'lock'), String(process.ppid)); // a live other process
    expect(() => Journal.open(dir)).toThrow(JournalLocked);
    writeFileSync(join(dir, 'lock'), '999999999'); // no such process
    expect(() => Journal.open(dir).close()).not.toThrow();
    journal.close();
  });

  it('keeps the release a run ran, so the queue uploads it named after a restart', () => {
    const journal = Journal.open(dir);
    journal.append({ ...run('a'), upload: { ...run('a').upload, release_no: 7 } }, new Map());
    journal.close();
    const again = Journal.open(dir);
    expect(again.waiting()[0]!.upload.release_no).toBe(7);
    again.close();
  });

  it('refuses the same run twice', () => {
    const journal = Journal.open(dir);
    journal.append(run('a'), new Map());
    expect(() => journal.append(run('a'), new Map())).toThrow('already in the journal');
    journal.close();
  });
});
