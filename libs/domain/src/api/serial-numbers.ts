/** The serial-number calls' query strings (their values arrive as text), bodies and answers (docs/api/serial-numbers.md). */
import type { Verdict } from '../results/verdict';
import type { ProductListSeq } from './reports';

/** GET /sn/history: one serial number of one product. */
export interface SnHistoryQuery {
  product_id: string;
  sn: string;
}

/** GET /sn/units: the serial numbers of one product with where each is. */
export interface SnUnitsQuery {
  product_id: string;
}

/** A unit's latest run: of its latest stage visit with runs, the one started last. */
export interface SnLatestRun {
  result: Verdict;
  /** ISO 8601, UTC. */
  startTime: string;
  seqName: string;
}

/**
 * One serial number of GET /sn/units (ours, beyond docs/requirements/serial-numbers.md#calls, which GET /sn
 * keeps as it is): its current stage and its latest result, for the Serial Number screen's rows.
 */
export interface SnUnit {
  sn: string;
  /** The current stage; null when finished, or when the product has no tests yet. */
  stageNo: number | null;
  finished: boolean;
  /** null: never run. */
  latest: SnLatestRun | null;
}

/** POST /sn and DELETE /sn (docs/requirements/serial-numbers.md#calls). */
export interface SerialNumbersRequest {
  product_id: number;
  sn_array: string[];
}

/**
 * POST /sn_stage_history (docs/requirements/serial-numbers.md#calls). `product_id` is ours: without it every serial
 * number must be in one product of the account only.
 */
export interface JumpToStageRequest {
  sn_array: string[];
  stage_no: number;
  product_id?: number;
}

/**
 * One product of GET /sn (docs/requirements/products.md#product-fields, "Product (as used here)"): its live tests by stage and
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

/** Why a stage-history entry was written (docs/requirements/process-control.md#stages). */
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
 * GET /sn/history (ours, beyond docs/requirements/serial-numbers.md#screen): where a serial number is and the visits that took it
 * there, newest first. `stageNo` null with `finished` false: the product has no tests yet.
 */
export interface SnStageHistory {
  productId: number;
  sn: string;
  stageNo: number | null;
  finished: boolean;
  entries: StageHistoryEntry[];
}
