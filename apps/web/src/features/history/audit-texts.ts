import { canonicalJson, type AuditCsvRow, type AuditThing } from '@sweepline/domain';

/** How History names what a row is about. */
const THING_LABELS: Record<AuditThing, string> = {
  product: 'Product',
  test: 'Test',
  step: 'Step',
  calibration: 'Calibration',
  process_control: 'Process control',
  release: 'Release',
  stage_jump: 'Stage jump',
  user: 'User',
  api_token: 'API token',
  account: 'Account',
  instrument: 'Instrument',
};

/**
 * What a row is about: its kind, its name where History knows one (a product's, a test's), else
 * its id, and the product and test it belongs to.
 */
export function auditWhat(row: AuditCsvRow): { label: string; name: string; within: string } {
  const named = row.thing === 'product' ? row.productName : row.thing === 'test' ? row.seqName : null;
  const release = row.thing === 'release' ? releaseNoOf(row) : undefined;
  const within = [
    row.thing === 'product' ? null : row.productName,
    row.thing === 'product' || row.thing === 'test' ? null : row.seqName,
  ].filter((part): part is string => part !== null && part !== '');
  return {
    label: THING_LABELS[row.thing] ?? row.thing,
    // a release is known by its number; its record's id is not it, so it is named as an id
    name:
      named ??
      (release !== undefined
        ? String(release)
        : row.thing === 'release'
          ? `(record #${row.thingId})`
          : `#${row.thingId}`),
    within: within.join(' / '),
  };
}

/** The number a release row records when it made the release ('no' among its changes). */
function releaseNoOf(row: AuditCsvRow): number | undefined {
  const no = row.changes.find((change) => change.field === 'no')?.to;
  return typeof no === 'number' ? no : undefined;
}

/** A changed value as History shows it: text as it is, '(none)' for no value, else as JSON. */
export function auditValueText(value: unknown): string {
  if (value === null || value === undefined) return '(none)';
  if (value === '') return '(empty)';
  return typeof value === 'string' ? value : canonicalJson(value);
}

/** Characters of a value shown before "Show all". */
export const SHORT_VALUE_CHARS = 80;
