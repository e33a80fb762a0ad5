import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { STATION_EVENTS, type StationBoard } from '@sweepline/domain';
import type { Response } from 'express';
import { stationViewOf } from './station-row';
import type { StationNotice } from './stations.repository';

/** A comment line this often keeps proxies and load balancers from closing a quiet stream. */
const KEEP_ALIVE_MS = 15_000;
/**
 * A stream ends after this long and the board opens a new one with a new ticket: a member who
 * was signed out or removed since stops seeing the floor within this time.
 */
export const STREAM_MAX_AGE_MS = 30 * 60_000;
/** A board that reads slower than the floor changes is cut off (it reconnects and reads afresh). */
const MAX_UNREAD_BYTES = 1 << 20;
/**
 * Changes wait this long to go out together: one write per stream instead of one per change.
 * The socket writes were the API's largest CPU cost with 300 stations and 20 boards
 * (docs/performance.md), and 50 ms is nothing against the board's 2 s.
 */
const GATHER_MS = 50;

interface Stream {
  readonly accountId: number;
  readonly res: Response;
  readonly ends: NodeJS.Timeout;
  /** Events gathered for the next write. */
  pending: string[];
}

function event(name: string, data: unknown): string {
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * The boards' event streams open on this instance, by account. Not a source of truth: every
 * change comes from PostgreSQL (station-listener.ts), and a stream starts with the board read
 * from the database. On shutdown every stream is ended, so the HTTP server can close.
 */
@Injectable()
export class StationStreams implements OnModuleDestroy {
  private readonly log = new Logger('StationStreams');
  private readonly byAccount = new Map<number, Set<Stream>>();
  private readonly keepAlive = setInterval(() => this.writeAll(': keep-alive\n\n'), KEEP_ALIVE_MS).unref();
  private readonly gathered = new Set<Stream>();
  private flushing: NodeJS.Timeout | undefined;

  /** Starts the event stream on `res` with the account's board. */
  open(accountId: number, res: Response, board: StationBoard): void {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      // no-transform: no compression or proxy may hold events back to fill a buffer
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    res.socket?.setNoDelay(true);
    const stream: Stream = {
      accountId,
      res,
      ends: setTimeout(() => res.end(), STREAM_MAX_AGE_MS).unref(),
      pending: [],
    };
    const streams = this.byAccount.get(accountId) ?? new Set<Stream>();
    streams.add(stream);
    this.byAccount.set(accountId, streams);
    res.on('close', () => {
      clearTimeout(stream.ends);
      this.gathered.delete(stream);
      streams.delete(stream);
      if (streams.size === 0 && this.byAccount.get(accountId) === streams) this.byAccount.delete(accountId);
    });
    // a browser's EventSource waits this long before it tries again by itself
    res.write(`retry: 2000\n${event(STATION_EVENTS.board, board)}`);
  }

  /** A change announced through PostgreSQL, to the streams of its account. */
  deliver(notice: StationNotice): void {
    const streams = this.byAccount.get(notice.a);
    if (!streams) return;
    const text =
      'v' in notice
        ? event(STATION_EVENTS.station, stationViewOf(notice.v))
        : event(STATION_EVENTS.removed, { station: notice.r });
    for (const stream of streams) {
      stream.pending.push(text);
      this.gathered.add(stream);
    }
    this.flushing ??= setTimeout(() => this.flush(), GATHER_MS);
  }

  /** The accounts with a stream here (after a lost listening connection, each gets its board again). */
  accounts(): number[] {
    return [...this.byAccount.keys()];
  }

  /** A board read afresh replaces whatever changes were gathered before it. */
  sendBoard(accountId: number, board: StationBoard): void {
    const text = event(STATION_EVENTS.board, board);
    for (const stream of this.byAccount.get(accountId) ?? []) {
      stream.pending = [];
      this.write(stream, text);
    }
  }

  count(): number {
    let n = 0;
    for (const streams of this.byAccount.values()) n += streams.size;
    return n;
  }

  onModuleDestroy(): void {
    clearInterval(this.keepAlive);
    clearTimeout(this.flushing);
    for (const streams of this.byAccount.values()) for (const stream of streams) stream.res.end();
    this.byAccount.clear();
  }

  private flush(): void {
    this.flushing = undefined;
    for (const stream of this.gathered) {
      this.write(stream, stream.pending.join(''));
      stream.pending = [];
    }
    this.gathered.clear();
  }

  private write(stream: Stream, text: string): void {
    if (stream.res.writableLength > MAX_UNREAD_BYTES) {
      this.log.warn(`A board of account ${stream.accountId} reads too slowly: its stream is ended`);
      stream.res.end();
      return;
    }
    stream.res.write(text);
  }

  private writeAll(text: string): void {
    for (const streams of this.byAccount.values()) for (const stream of streams) this.write(stream, text);
  }
}
