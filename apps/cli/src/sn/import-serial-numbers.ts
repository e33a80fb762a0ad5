import { LIMITS } from '@sweepline/domain';
import { ApiError } from '../api/api-error';
import { SweeplineApi } from '../api/sweepline-api';
import { findProduct } from './find-product';

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
 * file again adds nothing twice and an interrupted import continues where it stopped. A call
 * refused because someone added some of its serial numbers meanwhile (409) is sent again without
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
  for (let start = 0; start < missing.length; start += LIMITS.serialNumbersPerAdd) {
    let chunk = missing.slice(start, start + LIMITS.serialNumbersPerAdd);
    try {
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
    } catch (error) {
      throw new ImportInterrupted(error as Error, result.added);
    }
    result.added += chunk.length;
    report();
  }
  return result;
}
