import { CommanderError } from 'commander';
import { RELEASE_MSG, type SeqRelease } from '@sweepline/domain';
import { UsageError } from '../exit-codes';
import { createProgram } from '../program';
import { releasedLine } from './test-release';

/** Parses a command line in-process: bad arguments are refused before any call to a server. */
async function refusal(...args: string[]): Promise<unknown> {
  const program = createProgram();
  // port 9 (discard): a call that got this far would fail as a connection error, not as these
  return program.parseAsync(['node', 'sweepline', ...args, '--server', 'http://127.0.0.1:9']).then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe('test release, releases and diff: arguments', () => {
  // commander prints its own refusals to standard error: keep the test's output to its verdicts
  beforeEach(() => jest.spyOn(process.stderr, 'write').mockImplementation(() => true));
  afterEach(() => jest.restoreAllMocks());

  it('refuses an empty or too long note as a usage error with the rule', async () => {
    for (const note of ['', '   ', 'x'.repeat(501)]) {
      expect(await refusal('test', 'release', 'F-200', 'Pass band', '--note', note)).toEqual(
        new UsageError(`${RELEASE_MSG.note} (--note).`),
      );
    }
    expect(await refusal('test', 'release', 'F-200', 'Pass band')).toBeInstanceOf(CommanderError);
  });

  it('keeps one argument as the file form, where --from and --to do not belong', async () => {
    const error = await refusal('test', 'diff', 'tests/f-200.json', '--from', '3');
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toContain('name it, as in `test diff PRODUCT TEST --from 3`');
  });

  it('takes release numbers for --from and a number or draft for --to', async () => {
    for (const bad of [
      ['--from', '0'],
      ['--from', 'draft'],
      ['--to', '2.5'],
      ['--to', 'x'],
    ]) {
      const error = await refusal('test', 'diff', 'F-200', 'Pass band', ...bad);
      expect(error).toBeInstanceOf(CommanderError);
      expect((error as CommanderError).code).toBe('commander.invalidArgument');
    }
  });
});

describe('releasedLine', () => {
  const release = { no: 7, state: 'released' } as SeqRelease;
  it('says whether the release runs or waits for approval', () => {
    expect(releasedLine('Pass band', release)).toBe(
      'Released Pass band as release 7: the runner runs it from the next unit on.',
    );
    expect(releasedLine('Pass band', { ...release, state: 'waiting' })).toMatch(
      /^Release 7 of Pass band waits for a manager's approval/,
    );
  });
});
