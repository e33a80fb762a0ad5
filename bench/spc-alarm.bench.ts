/**
 * Issue 41's live target: an alarm shown on an open station board within 1 s of its run's upload.
 * The built API runs as a child process on the demo account of tools/seed (a small database of
 * its own, BENCH_DATABASE, dropped at the end). A step's limits are frozen from the seeded runs;
 * the board's event stream is opened as the board opens it (a ticket, then the stream); then,
 * SAMPLES times, this process plays the runner: it uploads a run whose value of that step is
 * 4σ above the centre (rule 1) and, on the upload's reply, reports the station with the verdict,
 * as `sweepline run` does. Timed: from the upload's send and from its reply to the `station`
 * event that carries the new alarm. Each alarm is then acknowledged, so the next run opens a new
 * one (a violation that joins an open alarm changes only its count).
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import type { FrozenLimits, StationView, StepResult } from '@sweepline/domain';
import { openEventStream } from '@sweepline/testing';
import { withApiOnDatabase } from './lib/api-process';
import { seedDemoSession } from './lib/demo-session';
import { percentile } from './lib/probe-report';
import { call, type Api } from './lib/scale-account';

const DATABASE = process.env['BENCH_DATABASE'] ?? 'sweepline_bench_spc_alarm';
const SAMPLES = Number(process.env['BENCH_SAMPLES'] ?? 25);
const TARGET_MS = 1_000;
const STATION = 'SPC BENCH-1';
const DAY_MS = 86_400_000;

const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const median = (values: number[]) => percentile(values, 0.5);

interface Subject {
  productId: number;
  seqId: number;
  version: number;
  steps: StepResult[];
  step: string;
  /** The local days of the seeded runs to freeze from (epoch ms), the last 30 of them. */
  from: number;
  to: number;
}

/**
 * The demo account's test with the most passed runs, one of those runs' step results, and its
 * first numeric step: the step whose limits are frozen and broken.
 */
async function subjectOf(url: string): Promise<Subject> {
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    const { rows } = await db.query(
      `SELECT s.id AS "seqId", s.product_id AS "productId", s.version,
              (SELECT steps FROM run WHERE seq_id = s.id AND result = 1 ORDER BY start_time DESC LIMIT 1) AS steps,
              extract(epoch FROM max(r.start_time)) * 1000 AS last
         FROM seq s JOIN run r ON r.seq_id = s.id AND r.result = 1
        GROUP BY s.id, s.product_id, s.version ORDER BY count(*) DESC LIMIT 1`,
    );
    const row = rows[0] as Omit<Subject, 'step' | 'from' | 'to'> & { last: number };
    const step = row.steps.find((s) => typeof s.value === 'number');
    if (!step) throw new Error('The demo test has no numeric step');
    const to = Math.floor(Number(row.last) / DAY_MS) * DAY_MS + DAY_MS - 1;
    return { ...row, step: step.title, from: to + 1 - 30 * DAY_MS, to };
  } finally {
    await db.end();
  }
}

async function main(): Promise<void> {
  await withApiOnDatabase(DATABASE, async (running, url) => {
    console.log('seeding the demo account…');
    const { token } = await seedDemoSession(url);
    const api: Api = { baseUrl: `${running.url}/webcyc/api`, token };
    const subject = await subjectOf(url);
    const limits = await call<FrozenLimits>(api, '/spc/limits', {
      method: 'POST',
      body: JSON.stringify({
        seq_id: String(subject.seqId),
        step: subject.step,
        start_time: String(subject.from),
        stop_time: String(subject.to),
        zone_offset: '0',
      }),
    });
    const broken = limits.centre + 4 * limits.sigmaWithin;
    const sns = Array.from({ length: SAMPLES }, (_, i) => `SPCB-${process.pid}-${i}`);
    await call(api, '/sn', {
      method: 'POST',
      body: JSON.stringify({ product_id: subject.productId, sn_array: sns }),
    });
    const report = (sn: string, at?: string) =>
      call(api, '/runner/station', {
        method: 'POST',
        body: JSON.stringify({
          station: STATION,
          state: at ? 'result' : 'idle',
          productId: subject.productId,
          seqId: subject.seqId,
          ...(at ? { sn, lastVerdict: { sn, result: 1, at } } : {}),
          zoneOffset: 0,
        }),
      });
    await report(sns[0]!);
    const { url: streamPath } = await call<{ url: string }>(api, '/stations/stream-ticket', {
      method: 'POST',
    });
    const stream = await openEventStream(`${running.url}${streamPath}`);
    await stream.next((e) => e.event === 'board', 10_000);
    console.log(
      `${SAMPLES} alarms on '${subject.step}' (frozen: centre ${limits.centre.toPrecision(4)}, σ ${limits.sigmaWithin.toPrecision(3)}, ${limits.baselineValues} values); load ${load()}`,
    );

    const fromSend: number[] = [];
    const fromReply: number[] = [];
    for (const sn of sns) {
      const steps = subject.steps.map((s) => (s.title === subject.step ? { ...s, value: broken } : s));
      const now = Date.now();
      const seen = stream.events.length;
      const sentAt = Date.now();
      const t0 = performance.now();
      const run = await call<{ run_id: number }>(api, '/runner/runs', {
        method: 'POST',
        body: JSON.stringify({
          client_run_id: `spc-bench-${process.pid}-${sn}`,
          seq_id: subject.seqId,
          seq_version: subject.version,
          product_id: subject.productId,
          sn,
          start_time: new Date(now - 60_000).toISOString(),
          end_time: new Date(now).toISOString(),
          result: 1,
          steps,
        }),
      });
      const repliedAt = sentAt + (performance.now() - t0);
      // the runner's verdict report, right after the upload (apps/cli, docs/api/stations.md)
      await report(sn, new Date(now).toISOString());
      const shown = await stream.next(
        (e) =>
          e.event === 'station' &&
          (JSON.parse(e.data) as StationView).spcAlarms.some((a) => a.violationCount === 1),
        10_000,
        seen,
      );
      fromSend.push(shown.at - sentAt);
      fromReply.push(shown.at - repliedAt);
      const [alarm] = (JSON.parse(shown.data) as StationView).spcAlarms;
      await call(api, `/spc/alarms/${alarm!.alarmId}/acknowledge`, {
        method: 'POST',
        body: JSON.stringify({ note: `Bench run ${run.run_id}` }),
      });
      // the acknowledged alarm leaves the card with the next report
      await report(sn);
    }
    stream.close();
    const line = (label: string, values: number[]) =>
      `${label}: median ${median(values).toFixed(0)} ms, p90 ${percentile(values, 0.9).toFixed(0)} ms, max ${Math.max(...values).toFixed(0)} ms`;
    console.log(line('from the upload sent to the alarm on the stream', fromSend));
    console.log(line("from the upload's reply to the alarm on the stream", fromReply));
    const verdict = median(fromReply) < TARGET_MS && median(fromSend) < TARGET_MS ? 'met' : 'MISSED';
    console.log(
      `target: alarm on the board within ${TARGET_MS} ms of the upload: ${verdict}; load ${load()}`,
    );
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
