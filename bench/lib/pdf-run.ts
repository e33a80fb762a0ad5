/**
 * The PDF bench's run: a 50-row report (five section headings, 45 measurements), two steps
 * marked for the report with a 1601-point trace and an instrument screenshot each, uploaded
 * through the runner's calls as the runner would. Returns the GET /report/pdf path of that run.
 */
import { ActionId } from '@sweepline/domain';
import { Client } from 'pg';
import type { ProductSpec, StepSpec } from '@sweepline/tools';
import { insertProducts, limits, templates, title, traceOf } from '@sweepline/tools';
import { screenshotPng } from './png';

const MEASUREMENTS = [
  ActionId.InsertionLossMax,
  ActionId.InsertionLossMin,
  ActionId.InsertionLossVariation,
  ActionId.ReturnLoss,
  ActionId.Swr,
  ActionId.Attenuation,
  ActionId.Isolation,
  ActionId.GroupDelay,
  ActionId.PhaseMax,
];
const MARKED = [1, 21];

function pdfProduct(): ProductSpec {
  const steps = Array.from({ length: 50 }, (_, i): StepSpec =>
    i % 10 === 0
      ? { action: ActionId.Header, param: { value: `Section ${i / 10 + 1}` } }
      : {
          action: MEASUREMENTS[i % MEASUREMENTS.length]!,
          param: limits(null, 3, { isReportScreen: MARKED.includes(i) }),
          nominal: 1.5,
          spread: 0.35,
        },
  );
  return {
    name: `PDF bench ${process.pid}`,
    model: 'PDF-50',
    info: 'A 50-step report with two screenshots',
    snPrefix: 'PDF',
    share: 1,
    fill: { title, startFreq: 200, stopFreq: 800, limit: 3 },
    tests: [{ name: 'Full report', stage: 1, test: 1, firstFail: 0, steps }],
  };
}

type Api = { baseUrl: string; token: string };

async function send<T>(api: Api, path: string, body: string | FormData): Promise<T> {
  const res = await fetch(`${api.baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'x-auth-token': api.token,
      ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}),
    },
    body,
  });
  const reply = (await res.json()) as { status: number; msg: string; data: T };
  if (reply.status !== 1) throw new Error(`POST ${path} answered ${res.status}: ${reply.msg}`);
  return reply.data;
}

export async function preparePdfRun(api: Api, url: string, accountId: number, zone: number): Promise<string> {
  const db = new Client({ connectionString: url });
  await db.connect();
  const [product] = await insertProducts(db, accountId, [pdfProduct()], 'Bench', new Date()).finally(() =>
    db.end(),
  );
  const test = product!.tests[0]!;
  const sn = `PDF-${process.pid}`;
  await send(api, '/sn', JSON.stringify({ product_id: product!.id, sn_array: [sn] }));
  const run = templates(test, 1, 7).find((t) => t.result === 1)!;
  const now = Date.now();
  const uploaded = await send<{ run_id: number }>(
    api,
    '/runner/runs',
    JSON.stringify({
      client_run_id: `pdf-bench-${process.pid}`,
      seq_id: test.id,
      seq_version: 1,
      sn,
      start_time: new Date(now - 120_000).toISOString(),
      end_time: new Date(now).toISOString(),
      result: 1,
      steps: run.steps,
      traces: run.traced.map(({ index, actionId, band }) => {
        const trace = traceOf(run.steps[index]!, actionId, band, 1601);
        return { step_index: index, freqs_MHz: trace.freqs, values: trace.values, report: true };
      }),
    }),
  );
  for (const [i, { index }] of run.traced.entries()) {
    const form = new FormData();
    form.set(
      'file',
      new Blob([new Uint8Array(screenshotPng(1024, 768, i + 1))], { type: 'image/png' }),
      `screen-${i + 1}.png`,
    );
    form.set('step_index', String(index));
    form.set('kind', 'screenshot');
    await send(api, `/runner/runs/${uploaded.run_id}/attachments`, form);
  }
  const res = await fetch(`${api.baseUrl}/report/sn?sn=${sn}&product_id=${product!.id}`, {
    headers: { 'x-auth-token': api.token },
  });
  const found = ((await res.json()) as { data: { reports: { snStageHistoryId: number; runNo: number }[] } })
    .data;
  const visit = found.reports[0]!;
  return `/report/pdf?seq_id=${test.id}&sn=${sn}&sn_stage_history_id=${visit.snStageHistoryId}&run_no=${visit.runNo}&zone_offset=${zone}`;
}
