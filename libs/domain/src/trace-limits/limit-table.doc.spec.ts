import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { getAction } from '../catalogue/catalogue';
import type { LimitRow } from './limit-table';
import { LIMIT_TABLE } from './limit-table';

/**
 * docs/measurements.md section 16 holds the limit table as a Markdown table between markers;
 * this spec renders it from LIMIT_TABLE and fails when the page says otherwise. UPDATE_DOCS=1
 * writes the rendered table into the page.
 */
const DOC = join(__dirname, '../../../../docs/measurements.md');
const START = '<!-- limit-table: generated from libs/domain/src/trace-limits/limit-table.ts -->';
const END = '<!-- /limit-table -->';

function where(row: LimitRow): string {
  if (row.statistic === 'variation') return 'band max − L';
  if (row.statistic === 'crossVariation') return 'worst window’s max − L';
  if (row.relative) return 'Ref − L';
  return row.sign < 0 ? '−L' : 'L';
}

const RULE: Record<string, [lower: string, upper: string]> = {
  everyPoint: ['any point', 'any point'],
  atFrequency: ['at its frequency', 'at its frequency'],
  max: ['every point', 'any point'],
  min: ['any point', 'every point'],
  average: ['the average', 'the average'],
  variation: ['every point', 'any point'],
  crossVariation: ['every point', 'any point'],
};

function fails(row: LimitRow, side: 'lower' | 'upper'): string {
  const flips = row.sign < 0 || row.statistic === 'variation' || row.statistic === 'crossVariation';
  const upper = flips ? 'below' : 'above';
  const failSide = side === 'upper' ? upper : upper === 'above' ? 'below' : 'above';
  return `${failSide} (${RULE[row.statistic]![side === 'lower' ? 0 : 1]})`;
}

function over(row: LimitRow): string {
  if (row.format === 'pim') return 'whole trace';
  if (row.statistic === 'atFrequency') return 'its frequency';
  if (row.statistic === 'crossVariation') return 'worst window';
  return 'step’s band';
}

/** A cell's text; a pipe (|S21|) would end the cell. */
const cell = (text: string) => text.replace(/\|/g, '\\|');

function markdown(): string {
  const lines = [
    '| Action | Plotted | Unit | Limits on | A limit L is drawn at | Lower fails | Upper fails | Over |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const row of LIMIT_TABLE) {
    const unit = row.unit === undefined ? 'the step’s' : row.unit === '' ? '—' : row.unit;
    if (row.statistic === 'none') {
      lines.push(
        `| ${getAction(row.actionId).name} | ${cell(row.plotted)} | ${unit} | — | no line | — | — | — |`,
      );
      continue;
    }
    lines.push(
      `| ${getAction(row.actionId).name} | ${cell(row.plotted)} | ${unit} | ${row.quantity} | ${where(row)} | ${fails(row, 'lower')} | ${fails(row, 'upper')} | ${over(row)} |`,
    );
  }
  return lines.join('\n');
}

/** The rows of a Markdown table as trimmed cells, however its columns are padded. */
const rowsOf = (table: string) =>
  table
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|[\s|:-]+\|$/.test(line))
    .map((line) => line.split(/(?<!\\)\|/).map((c) => c.trim()));

describe('docs/measurements.md, "Limit lines on the plotted trace"', () => {
  it('holds the limit table as the code has it', () => {
    const page = readFileSync(DOC, 'utf8');
    const block = new RegExp(`${START}([\\s\\S]*?)${END}`);
    if (process.env['UPDATE_DOCS'] === '1')
      writeFileSync(DOC, page.replace(block, `${START}\n${markdown()}\n${END}`));
    const written = block.exec(readFileSync(DOC, 'utf8'))?.[1] ?? '';
    expect(rowsOf(written)).toEqual(rowsOf(markdown()));
  });
});
