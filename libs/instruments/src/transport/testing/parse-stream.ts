import type { Reply } from '../reply-parser';
import { ReplyFormatError, ReplyParser } from '../reply-parser';

export interface StreamOutcome {
  readonly replies: Reply[];
  readonly error: ReplyFormatError | undefined;
  /** Bytes still waiting for the rest of a reply: over TCP this ends in a timeout. */
  readonly pendingBytes: number;
}

/** Feeds chunks one by one, as a socket would, and collects every reply the parser returns. */
export function parseStream(chunks: readonly Uint8Array[], parser = new ReplyParser()): StreamOutcome {
  const replies: Reply[] = [];
  try {
    for (const chunk of chunks) {
      parser.push(chunk);
      for (let reply = parser.next(); reply; reply = parser.next()) replies.push(reply);
    }
  } catch (error) {
    if (!(error instanceof ReplyFormatError)) throw error;
    return { replies, error, pendingBytes: parser.bufferedBytes };
  }
  return { replies, error: undefined, pendingBytes: parser.bufferedBytes };
}

/** Cuts bytes at the given positions (any order, repeats and out-of-range ones ignored). */
export function chunkAt(bytes: Uint8Array, cuts: readonly number[]): Uint8Array[] {
  const points = [...new Set(cuts.filter((c) => c > 0 && c < bytes.length))].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let start = 0;
  for (const point of [...points, bytes.length]) {
    chunks.push(bytes.subarray(start, point));
    start = point;
  }
  return chunks;
}
