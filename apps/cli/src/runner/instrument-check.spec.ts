import { ORIGIN_MSG, type InstrumentCheckAnswer, type InstrumentUse } from '@sweepline/domain';
import type { Instrument } from '@sweepline/instruments';
import { ApiError } from '../client/api-error';
import { EXIT, InstrumentOverdue } from '../exit-codes';
import { exitCodeOf } from '../client/exit';
import { calibrationCheck, overdueAllowedLine, type CheckInstruments } from './instrument-check';

const NAME = 'Keysight Technologies E5071C, serial number MY46107723';
const analyzer = {
  identity: { maker: 'Keysight Technologies', model: 'E5071C', serial: 'MY46107723', firmware: 'B.14.10' },
  session: { transport: { resource: 'TCPIP0::10.0.0.5::5025::SOCKET' } },
} as unknown as Instrument;

const answer = (
  state: 'valid' | 'due' | 'overdue' | 'unknown',
  dueOn: string | null,
  daysLeft: number | null,
  allowOverdue = false,
): InstrumentCheckAnswer => ({
  allowOverdue,
  instruments: [{ serial: 'MY46107723', model: 'E5071C', state, dueOn, daysLeft }],
});

async function check(reply: InstrumentCheckAnswer | Error) {
  const lines: string[] = [];
  const asked: InstrumentUse[][] = [];
  const ask: CheckInstruments = (list) => {
    asked.push(list);
    return reply instanceof Error ? Promise.reject(reply) : Promise.resolve(reply);
  };
  await calibrationCheck(ask, (line) => lines.push(line))('network_analyzer', analyzer);
  return { lines, asked };
}

describe('the calibration check before measuring (issue 40)', () => {
  it('asks about the instrument as connected, and says nothing of a valid one', async () => {
    const { lines, asked } = await check(answer('valid', '2027-06-01', 184));
    expect(asked).toEqual([
      [
        {
          role: 'network_analyzer',
          vendor: 'Keysight Technologies',
          model: 'E5071C',
          serial: 'MY46107723',
          firmware: 'B.14.10',
          resource: 'TCPIP0::10.0.0.5::5025::SOCKET',
        },
      ],
    ]);
    expect(lines).toEqual([]);
  });

  it('warns of one due within 30 days, and goes on', async () => {
    const { lines } = await check(answer('due', '2026-12-10', 11));
    expect(lines).toEqual([ORIGIN_MSG.dueSoon(NAME, '2026-12-10', 11)]);
    expect(lines[0]).toBe(`${NAME} is due for calibration on 2026-12-10, in 11 days.`);
  });

  it('will not measure with an overdue one: its message, and exit code 5', async () => {
    const refused = await check(answer('overdue', '2026-11-01', -28)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(InstrumentOverdue);
    expect((refused as Error).message).toBe(ORIGIN_MSG.overdue(NAME, '2026-11-01'));
    expect(exitCodeOf(refused)).toBe(EXIT.instrumentOverdue);
    expect(EXIT.instrumentOverdue).toBe(5);
  });

  it('warns and goes on with an overdue one when the account allows it', async () => {
    const { lines } = await check(answer('overdue', '2026-11-01', -28, true));
    expect(lines).toEqual([overdueAllowedLine(NAME, '2026-11-01')]);
    expect(lines[0]).toContain('as the account allows');
  });

  it('goes on silently with a service from before the check (404), and says so when it cannot answer', async () => {
    expect(
      (await check(new ApiError('refused', 'Cannot POST /runner/instruments/check', 404))).lines,
    ).toEqual([]);
    const offline = await check(new ApiError('connection', 'Cannot reach the Sweepline server'));
    expect(offline.lines).toEqual([
      `The calibration of ${NAME} was not checked: Cannot reach the Sweepline server`,
    ]);
  });
});
