import { LIMITS } from '@sweepline/domain';
import { ApiError } from '../client/api-error';
import type { SweeplineApi } from '../client/sweepline-api';
import { findProduct } from './find-product';

/** Calls of POST /sn at the same time (measured in bench/cli.bench.ts, docs/performance.md). */
const CALLS_IN_FLIGHT = 4;

export interface ImportProgress {
  /** Serial numbers sent so far (added or found present), of `total`. */
  done: number;
  total: number;
}

export interface ImportResult {
  productId: number;
  productName: string;
  added: number;
  alreadyPresent: number;
}

/** An import stopped by a failure: how far it got, so the message can say "run it again". */
export class ImportInterrupted extends Error {
  constructor(
    readonly reason: Error,
    readonly addedBefore: number,
  ) {
    super(reason.message);
  }
}

async function existingSerialNumbers(api: SweeplineApi, productRef: string) {
  const product = findProduct(await api.snProducts(), productRef);
  return { product, present: new Set(product.snArray) };
}

/**
 * Adds the (checked, unique) serial numbers to the product in calls of at most 1000 (POST /sn is
 * all-or-none per call). What the product already holds is left out first, so running the same
 * file again adds nothing twice and an interrupted import continues where it stopped (calls run
 * a few at a time, so a stop may leave a gap: the next run fills it). A call refused because someone added some of its serial numbers meanwhile (409) is sent again without
 * them. `dryRun` stops before the first write.
 */
export async function importSerialNumbers(
  api: SweeplineApi,
  productRef: string,
  serialNumbers: readonly string[],
  options: { dryRun: boolean; onProgress?: (progress: ImportProgress) => void },
): Promise<ImportResult> {
  let { product, present } = await existingSerialNumbers(api, productRef);
  const missing = serialNumbers.filter((sn) => !present.has(sn));
  const result = {
    productId: product.id,
    productName: product.name,
    added: 0,
    alreadyPresent: serialNumbers.length - missing.length,
  };
  if (options.dryRun) return { ...result, added: missing.length };
  const total = serialNumbers.length;
  const report = () => options.onProgress?.({ done: result.added + result.alreadyPresent, total });
  report();
  const chunks: string[][] = [];
  for (let start = 0; start < missing.length; start += LIMITS.serialNumbersPerAdd) {
    chunks.push(missing.slice(start, start + LIMITS.serialNumbersPerAdd));
  }
  const addChunk = async (first: string[]): Promise<void> => {
    let chunk = first;
    try {
      await api.addSerialNumbers(product.id, chunk);
    } catch (error) {
      if (!(error instanceof ApiError && error.httpStatus === 409)) throw error;
      ({ product, present } = await existingSerialNumbers(api, String(product.id)));
      const still = chunk.filter((sn) => !present.has(sn));
      result.alreadyPresent += chunk.length - still.length;
      chunk = still;
      if (chunk.length > 0) await api.addSerialNumbers(product.id, chunk);
    }
    result.added += chunk.length;
    report();
  };
  // a few calls in flight: each waits mostly on the network and the database, not on this program
  let next = 0;
  let failure: Error | undefined;
  const worker = async () => {
    while (failure === undefined && next < chunks.length) {
      const chunk = chunks[next++]!;
      await addChunk(chunk).catch((error: Error) => {
        failure ??= error;
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(CALLS_IN_FLIGHT, chunks.length) }, worker));
  if (failure) throw new ImportInterrupted(failure, result.added);
  return result;
}
