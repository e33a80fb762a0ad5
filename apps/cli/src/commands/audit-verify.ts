import { createHash } from 'node:crypto';
import type { Command } from 'commander';
import { Option } from 'commander';
import { endpoints, verifyAuditPages } from '@sweepline/domain';
import type { ConnectionOptions } from '../client/connect';
import { addConnectionOptions, connect } from '../client/connect';
import { EXIT } from '../exit-codes';
import { printJson } from '../io/terminal';

interface AuditVerifyOptions extends ConnectionOptions {
  json?: boolean;
}

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * Recomputes the account's audit trail here, not on the server (docs/audit.md): every row's hash
 * from the previous row's hash and the row's content, with this program's own SHA-256. A row that
 * does not match is named and the exit code is EXIT.auditMismatch.
 */
export async function auditVerifyAction(options: AuditVerifyOptions): Promise<void> {
  const api = connect(options);
  const result = await verifyAuditPages(
    (afterId) => api.request(endpoints.audit.chain, { query: { after_id: String(afterId) } }),
    sha256Hex,
  );
  if (!result.ok) process.exitCode = EXIT.auditMismatch;
  if (options.json) return printJson({ server: api.server, ...result });
  if (result.firstBad) {
    const { id, at } = result.firstBad;
    process.stdout.write(
      `Audit trail does NOT verify: row ${id} of ${at} does not match its chain (${result.rows} rows checked). ` +
        'It or the row before it was changed or removed outside Sweepline.\n',
    );
  } else {
    process.stdout.write(`Audit trail verified: ${result.rows} row${result.rows === 1 ? '' : 's'}\n`);
  }
}

export function register(audit: Command): void {
  addConnectionOptions(
    audit
      .command('verify')
      .description("Recompute the account's audit trail here and check every row's hash (managers)")
      .addOption(new Option('--json', 'print JSON: {server, ok, rows, firstBad}')),
  )
    .addHelpText(
      'after',
      `
Exit code 0 when every row matches, ${EXIT.auditMismatch} when one does not (it is named).

Examples:
  $ sweepline audit verify
  Audit trail verified: 1234 rows
  $ sweepline audit verify --json`,
    )
    .action((options: AuditVerifyOptions) => auditVerifyAction(options));
}
