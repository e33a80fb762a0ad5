import type { ReportChartKind, ReportPoint } from '@sweepline/ui';
import { reportsApi, type ReportQuery } from './reports.api';

/** What one report screen asks for: a product (the tested units) or a test (the rates). */
export interface ReportSubject {
  productId: number;
  seqId: number;
}

/** The four report screens of docs/requirements/reports.md, which differ only in these. */
export interface ReportKind {
  path: string;
  /** The side menu entry and the dataset label's first words. */
  title: string;
  /** The rates are of one test; the tested units of a product or All. */
  perTest: boolean;
  chart: ReportChartKind;
  /** The CSV column of the values. */
  valueHeader: string;
  load(subject: ReportSubject, q: ReportQuery): Promise<ReportPoint[]>;
}

const rates = (rows: { date: string; passRate: number }[]): ReportPoint[] =>
  rows.map((r) => ({ date: r.date, value: r.passRate }));

export const REPORT_KINDS: readonly ReportKind[] = [
  {
    path: 'daily-test',
    title: 'Daily Tested Units',
    perTest: false,
    chart: 'count',
    valueHeader: 'Tested Units',
    load: async ({ productId }, q) =>
      (await reportsApi.dailyTestUnitCount(productId, q)).map((r) => ({ date: r.date, value: r.count })),
  },
  {
    path: 'daily-pass-rate',
    title: 'Daily Pass Rate',
    perTest: true,
    chart: 'percent',
    valueHeader: 'Pass Rate (%)',
    load: async ({ seqId }, q) => rates(await reportsApi.dailyPassRate(seqId, q)),
  },
  {
    path: 'ftpy',
    title: 'First Time Pass Yield',
    perTest: true,
    chart: 'percent',
    valueHeader: 'First Time Pass Yield (%)',
    load: async ({ seqId }, q) => rates(await reportsApi.snPassYield(seqId, true, q)),
  },
  {
    path: 'tpy',
    title: 'Throughput Yield',
    perTest: true,
    chart: 'percent',
    valueHeader: 'Throughput Yield (%)',
    load: async ({ seqId }, q) => rates(await reportsApi.snPassYield(seqId, false, q)),
  },
];
