import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';

const gzip = promisify(gzipCallback);

/** Compressed replies kept at most, summed: a 50 × 10 × 30 account's reply is about 0.3 MiB. */
export const EDIT_CACHE_BUDGET_BYTES = 64 * 1024 * 1024;

/** One built reply: the ETag its rows gave and its JSON text gzipped. */
export interface BuiltReply {
  etag: string;
  gzipped: Buffer;
}

/**
 * The gzipped GET /user/edit replies this process built, keyed by their ETag. Building a large
 * account's reply (PostgreSQL's JSON, then gzip) costs far more than sending it, so a reply is
 * built once per version of the account's editor data and then served from here.
 *
 * Not state in the sense of docs/requirements/scaling.md#stateless-api: the ETag is read from
 * PostgreSQL on every request and names exactly the rows a reply holds, so an entry is either
 * the right reply or never asked for again; another instance builds its own copy the first time
 * it is asked. Least recently used entries go first once the budget is spent. Requests for a
 * version being built wait for that one build. Provided by a factory (products.module.ts).
 */
export class EditReplyCache {
  private readonly replies = new Map<string, Buffer>();
  private readonly building = new Map<string, Promise<BuiltReply>>();
  private bytes = 0;

  constructor(private readonly budgetBytes = EDIT_CACHE_BUDGET_BYTES) {}

  /**
   * The reply for `etag`, built by `build` when this process has none. `build` answers the JSON
   * text with the ETag of the rows it read, which is newer than `etag` when a write came between:
   * the reply is then kept under its own ETag.
   */
  async get(etag: string, build: () => Promise<{ etag: string; json: string }>): Promise<BuiltReply> {
    const kept = this.replies.get(etag);
    if (kept) {
      // a Map iterates in insertion order: re-inserting marks the entry most recently used
      this.replies.delete(etag);
      this.replies.set(etag, kept);
      return { etag, gzipped: kept };
    }
    let pending = this.building.get(etag);
    if (!pending) {
      pending = this.buildAndKeep(build).finally(() => this.building.delete(etag));
      this.building.set(etag, pending);
    }
    return pending;
  }

  private async buildAndKeep(build: () => Promise<{ etag: string; json: string }>): Promise<BuiltReply> {
    const { etag, json } = await build();
    const gzipped = await gzip(json);
    this.keep(etag, gzipped);
    return { etag, gzipped };
  }

  private keep(etag: string, gzipped: Buffer): void {
    if (gzipped.length > this.budgetBytes) return;
    const previous = this.replies.get(etag);
    if (previous) {
      this.bytes -= previous.length;
      this.replies.delete(etag);
    }
    this.replies.set(etag, gzipped);
    this.bytes += gzipped.length;
    for (const [oldest, reply] of this.replies) {
      if (this.bytes <= this.budgetBytes) break;
      this.replies.delete(oldest);
      this.bytes -= reply.length;
    }
  }
}
