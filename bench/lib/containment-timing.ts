/**
 * Issue 40's containment query over 90 days of the scale account (GET /containment), by each
 * criterion the screen offers. The target is on the instrument; the others are measured beside it.
 * The stations, instruments and calibrations are the bench's own (origin-rows.ts).
 */
import type { ContainmentAnswer } from '@sweepline/domain';
import { endpoints, urlOf } from '@sweepline/domain';
import { Client } from 'pg';
import { SCALE_IDENTITY } from '@sweepline/tools';
import { benchStation } from './origin-rows';
import type { Api } from './scale-account';
import { call } from './scale-account';
import type { Timing } from './time-get';
import { timeGet } from './time-get';

export interface ContainmentTiming extends Timing {
  /** What the reply held: runs matched, units, and whether the run list was cut. */
  runCount: number;
  units: number;
  truncated: boolean;
}

/** The first network analyzer of the seed and one of its calibrations in the middle of the range. */
async function criteria(url: string): Promise<{ instrumentId: number; calibrationId: number }> {
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    const analyzer = benchStation(1).instruments[0];
    const { rows } = await db.query<{ instrument_id: number; calibration_id: number }>(
      `SELECT i.id AS instrument_id,
              (SELECT c.id FROM calibration_record c
                WHERE c.account_id = i.account_id AND c.instrument_id = i.id
                ORDER BY c.made_at DESC OFFSET 45 LIMIT 1) AS calibration_id
         FROM instrument i JOIN account a ON a.id = i.account_id
        WHERE a.name = $1 AND i.vendor = $2 AND i.model = $3 AND i.serial = $4`,
      [SCALE_IDENTITY.accountName, analyzer.vendor, analyzer.model, analyzer.serial],
    );
    const row = rows[0];
    if (!row?.calibration_id) throw new Error('The scale account has no bench instruments (origin-rows.ts)');
    return { instrumentId: row.instrument_id, calibrationId: row.calibration_id };
  } finally {
    await db.end();
  }
}

/**
 * GET /containment by instrument (`n` times), calibration, station and operator (fewer: no
 * target), each over the 90 account days before today.
 */
export async function timeContainment(api: Api, url: string, n = 20): Promise<ContainmentTiming[]> {
  const { instrumentId, calibrationId } = await criteria(url);
  const today = Math.floor(Date.now() / 86_400_000) * 86_400_000;
  const day = (back: number) => new Date(today - back * 86_400_000).toISOString().slice(0, 10);
  const range = { from: day(90), to: day(1) };
  const list = endpoints.containment.list;
  const operator = SCALE_IDENTITY.users[1]!.name;
  const queries: [string, string, number][] = [
    [
      'containment by instrument, 90 days',
      urlOf(list, { query: { instrument_id: instrumentId, ...range } }),
      n,
    ],
    [
      'containment by calibration, 90 days',
      urlOf(list, { query: { calibration_id: calibrationId, ...range } }),
      Math.ceil(n / 2),
    ],
    [
      'containment by station, 90 days',
      urlOf(list, { query: { station: benchStation(1).name, ...range } }),
      Math.ceil(n / 2),
    ],
    // the scale account's one operator ran every run: the widest query there is
    ['containment by operator, 90 days', urlOf(list, { query: { operator, ...range } }), Math.ceil(n / 4)],
  ];
  const timings: ContainmentTiming[] = [];
  for (const [label, query, times] of queries) {
    const answer = await call<ContainmentAnswer>(api, query);
    timings.push({
      ...(await timeGet(api, label, query, times)),
      runCount: answer.runCount,
      units: answer.units.length,
      truncated: answer.truncated,
    });
  }
  return timings;
}
