import { LIMITS } from '../limits/limits';
import { MSG } from '../limits/messages';
import type { FieldError } from '../validation/fields';
import { isValidSerialNumber, SERIAL_NUMBER_MAX_LENGTH } from './serial-numbers';

/**
 * The Add Serial Number dialog's rules (parseSerialNumbers) applied to a list as the API gets it:
 * an empty list (`emptyMessage`), more than 1000, the first entry that is empty or breaks the
 * character rule, the first repeat. Entries are taken exactly as sent: a client trims them before
 * sending, as the dialog does. The error names the entry: 'sn_array[3]: A1 duplicated'.
 */
export function serialNumberListError(
  list: readonly string[],
  emptyMessage: string = MSG.enterSerialNumber,
  field = 'sn_array',
): FieldError | undefined {
  if (list.length === 0) return { field, message: emptyMessage };
  if (list.length > LIMITS.serialNumbersPerAdd) return { field, message: MSG.noMoreThan1000SerialNumbers };
  const seen = new Set<string>();
  for (const [i, sn] of list.entries()) {
    const message = entryError(sn) ?? (seen.has(sn) ? MSG.duplicated(sn) : undefined);
    if (message) return { field: `${field}[${i}]`, message };
    seen.add(sn);
  }
  return undefined;
}

function entryError(sn: string): string | undefined {
  // a line of spaces is an empty line, as the dialog sees it once trimmed (docs/requirements/serial-numbers.md#add-dialog)
  if (sn.trim() === '') return MSG.removeEmptyLines;
  if (isValidSerialNumber(sn)) return undefined;
  return sn.length > SERIAL_NUMBER_MAX_LENGTH && isValidSerialNumber(sn.slice(0, SERIAL_NUMBER_MAX_LENGTH))
    ? MSG.noMoreThanCharacters(SERIAL_NUMBER_MAX_LENGTH)
    : MSG.invalidCharacter;
}

/** Refusals of the serial-number calls (ours: docs/requirements/serial-numbers.md#screen shows their payloads, not their failures). */
export const SN_MSG = {
  exists: (sn: string, product: string) => `Serial number ${sn} already exists in product ${product}`,
  addedMeanwhile: (product: string) =>
    `Some of these serial numbers were just added to product ${product} by someone else: try again`,
  notInProduct: (sn: string, product: string) => `Serial number ${sn} not found in product ${product}`,
  notFound: (sn: string) => `Serial number ${sn} not found`,
  hasRuns: (sn: string) => `Serial number ${sn} has test results and cannot be deleted`,
  inSeveralProducts: (sn: string) =>
    `Serial number ${sn} is in more than one product: choose the product (product_id)`,
  severalProducts: 'The serial numbers are in more than one product: choose the product (product_id)',
} as const;
