import { LIMITS } from '../limits/limits';
import { MSG } from '../limits/messages';
import type { ProductListSeq } from '../reports/wire';
import { FieldError } from '../validation/fields';
import { isValidSerialNumber, SERIAL_NUMBER_MAX_LENGTH } from './serial-numbers';

/** POST /sn and DELETE /sn (spec 2 section 7). */
export interface SerialNumbersRequest {
  product_id: number;
  sn_array: string[];
}

/**
 * POST /sn_stage_history (spec 2 section 7). `product_id` is ours: without it every serial
 * number must be in one product of the account only.
 */
export interface JumpToStageRequest {
  sn_array: string[];
  stage_no: number;
  product_id?: number;
}

/**
 * One product of GET /sn (spec 2 section 3, "Product (as used here)"): its live tests by stage and
 * test number, its serial numbers (sorted by code point) and its stages, ascending.
 */
export interface SnProduct {
  id: number;
  name: string;
  model: string;
  info: string;
  seqs: ProductListSeq[];
  snArray: string[];
  stageArray: number[];
}

/** Answer of POST /sn: the serial numbers added (in request order) and the stage they start at. */
export interface AddedSerialNumbers {
  productId: number;
  snArray: string[];
  /** The product's lowest stage; null when the product has no tests yet. */
  stageNo: number | null;
}

/** Answer of POST /sn_stage_history (its msg is MSG.jumpedToStage). */
export interface JumpedSerialNumbers {
  productId: number;
  snArray: string[];
  stageNo: number;
}

/** Why a stage-history entry was written (DESIGN.md, "Process control"). */
export type StageReason = 'add' | 'advance' | 'jump';

/** One stage visit of a serial number (GET /sn/history, ours). */
export interface StageHistoryEntry {
  /** The stage; null: finished (after the last stage). */
  stageNo: number | null;
  reason: StageReason;
  /** ISO 8601, UTC. */
  createdAt: string;
  createdByName: string;
}

/**
 * GET /sn/history (ours, beyond spec 2): where a serial number is and the visits that took it
 * there, newest first. `stageNo` null with `finished` false: the product has no tests yet.
 */
export interface SnStageHistory {
  productId: number;
  sn: string;
  stageNo: number | null;
  finished: boolean;
  entries: StageHistoryEntry[];
}

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
  // a line of spaces is an empty line, as the dialog sees it once trimmed (spec 2 section 5)
  if (sn.trim() === '') return MSG.removeEmptyLines;
  if (isValidSerialNumber(sn)) return undefined;
  return sn.length > SERIAL_NUMBER_MAX_LENGTH && isValidSerialNumber(sn.slice(0, SERIAL_NUMBER_MAX_LENGTH))
    ? MSG.noMoreThanCharacters(SERIAL_NUMBER_MAX_LENGTH)
    : MSG.invalidCharacter;
}

/** Refusals of the serial-number calls (ours: spec 2 shows their payloads, not their failures). */
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
