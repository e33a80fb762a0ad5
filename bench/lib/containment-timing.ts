/**
 * Issue 40's containment query over 90 days of the scale account (GET /containment), by each
 * criterion the screen offers. The target is on the instrument; the others are measured beside it.
 */
import type { ContainmentAnswer } from '@sweepline/domain';
import { endpoints, urlOf } from '@sweepline/domain';
import { Client } from 'pg';
import { SCALE_IDENTITY } from '@sweepline/tools';
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

interface Criteria {
  instrumentId: number;
  calibrationId: number;
  station: string;
}

/**
 * The network analyzer that measured the most runs since `from` (whichever seed made the lab:
 * tools/seed's or origin-rows.ts's), one of its calibrations from about 45 days ago, and the
 * station it was last used on.
 */
async function criteria(url: string, from: string): Promise<Criteria> {
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    const { rows } = await db.query<Criteria>(
      `WITH busiest AS (
         SELECT x.instrument_id, count(*) AS runs
           FROM account a
           JOIN run r ON r.account_id = a.id AND r.origin_set_id IS NOT NULL AND r.start_time >= $2::timestamptz
           JOIN run_origin_set s ON s.account_id = r.account_id AND s.id = r.origin_set_id
          CROSS JOIN LATERAL unnest(s.instrument_ids, s.instrument_roles) AS x(instrument_id, role)
          WHERE a.name = $1 AND x.role = 'network_analyzer'
          GROUP BY 1 ORDER BY 2 DESC LIMIT 1)
       SELECT i.id AS "instrumentId", i.last_station AS station,
              (SELECT c.id FROM calibration_record c
                WHERE c.account_id = i.account_id AND c.instrument_id = i.id
                  AND c.made_at < now() - interval '45 days'
                ORDER BY c.made_at DESC LIMIT 1) AS "calibrationId"
         FROM busiest b JOIN instrument i ON i.id = b.instrument_id`,
      [SCALE_IDENTITY.accountName, from],
    );
    const row = rows[0];
    if (!row?.calibrationId || !row.station)
      throw new Error('The scale account has no instruments and calibrations named by its runs');
    return row;
  } finally {
    await db.end();
  }
}

/** The 90 UTC days before today, as GET /containment's `from` and `to`. */
export function ninetyDays(): { from: string; to: string } {
  const today = Math.floor(Date.now() / 86_400_000) * 86_400_000;
  const day = (back: number) => new Date(today - back * 86_400_000).toISOString().slice(0, 10);
  return { from: day(90), to: day(1) };
}

/**
 * GET /containment by instrument (`n` times), calibration, station and operator (fewer: no
 * target), each over the 90 UTC days before today.
 */
export async function timeContainment(api: Api, url: string, n = 20): Promise<ContainmentTiming[]> {
  const range = ninetyDays();
  const { instrumentId, calibrationId, station } = await criteria(url, range.from);
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
    ['containment by station, 90 days', urlOf(list, { query: { station, ...range } }), Math.ceil(n / 2)],
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
