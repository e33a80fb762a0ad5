/**
 * The control chart sized by the screen at several widths, on one kept scale database (made by
 * `analysis.bench.ts --keep`): how many points each reply sends, how many of them break a rule,
 * and what each packed field costs in brotli. A narrower chart of the same 90 days has more values
 * a pixel column, as a denser database has: 160 px over the 1,000,000-run seed has the values a
 * column that 1,600 px has over the 10,000,000-run one (docs/performance/history/analysis.md,
 * "the sized chart at ten times the density").
 *
 *   BENCH_DATABASE=<kept db> npx tsx bench/chart-density.bench.ts
 */
import { brotliCompressSync, constants } from 'node:zlib';
import type { PackedControlPoints } from '@sweepline/domain';
import { startApi } from './lib/api-process';
import { analysisSubject, ninetyDays } from './lib/analysis-subject';
import { databaseUrl, DEFAULT_SERVER_URL } from './lib/bench-db';

const WIDTHS = [1600, 800, 400, 160];
/** The quality the API compresses its replies with (apps/api/src/web-app/json-compression.ts). */
const BROTLI_QUALITY = 2;

const brotliBytes = (text: string) =>
  brotliCompressSync(Buffer.from(text), { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
    .length;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

async function main(): Promise<void> {
  const database = process.env['BENCH_DATABASE'];
  if (!database) throw new Error('BENCH_DATABASE (a database kept by analysis.bench.ts --keep) is needed');
  const url = databaseUrl(process.env['DATABASE_URL'] || DEFAULT_SERVER_URL, database);
  const api = await startApi(url);
  try {
    const subject = await analysisSubject(url);
    const path = `/report/control?seq_id=${subject.seq_id}&step=${encodeURIComponent(subject.title)}&${ninetyDays()}`;
    console.log(
      '| width | points sent | breaking a rule | JSON | brotli | brotli by field |\n|---|---:|---:|---:|---:|---|',
    );
    for (const width of WIDTHS) {
      const res = await fetch(`${api.baseUrl}${path}&width=${width}`, {
        headers: { 'x-auth-token': subject.token },
      });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`width ${width} answered ${res.status}: ${text.slice(0, 300)}`);
      const packed = (JSON.parse(text) as { data: { packed: PackedControlPoints } }).data.packed;
      const fields = Object.entries(packed)
        .map(([name, value]) => [name, brotliBytes(JSON.stringify(value))] as const)
        .filter(([, bytes]) => bytes > 64)
        .sort(([, a], [, b]) => b - a)
        .map(([name, bytes]) => `${name} ${kib(bytes)}`);
      console.log(
        `| ${width} px | ${packed.values.length} | ${packed.violationSns.length} | ${kib(text.length)} | ${kib(brotliBytes(text))} | ${fields.join(', ')} |`,
      );
    }
  } finally {
    await api.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
