/**
 * One interface for every way to reach an instrument (raw TCP socket, or VISA for USB, GPIB,
 * VXI-11 and HiSLIP). A transport moves SCPI text and IEEE 488.2 blocks; it knows nothing of
 * error queues or data formats, which belong to ScpiSession on top of it.
 */
export interface CallOptions {
  /** Time for the whole call: sending the command and, for a query, receiving the full reply. */
  readonly timeoutMs?: number;
}

export interface Transport {
  /** The canonical VISA resource string of the instrument, for messages and logs. */
  readonly resource: string;
  /** Sends one command line; resolves once it is handed to the operating system or VISA. */
  write(command: string, options?: CallOptions): Promise<void>;
  /** Sends a query and returns its reply line without the line end. */
  query(command: string, options?: CallOptions): Promise<string>;
  /** Sends a query whose reply is an IEEE 488.2 block and returns the block's data bytes. */
  queryBinary(command: string, options?: CallOptions): Promise<Buffer>;
  /** Closes the connection; every later call fails with kind 'closed'. */
  close(): Promise<void>;
}

export interface TransportOptions {
  /** Default for queries. INSTRUMENTS.md: a sweep query needs sweep time x sweeps x ports, >= 5 s. */
  readonly queryTimeoutMs?: number;
  /** Default for writes (INSTRUMENTS.md: about 2 s). */
  readonly writeTimeoutMs?: number;
  /** Time to open the connection (TCP connect or viOpen). */
  readonly connectTimeoutMs?: number;
  /** Largest reply accepted; a corrupt block header could otherwise ask for gigabytes. */
  readonly maxReplyBytes?: number;
}

export const DEFAULT_QUERY_TIMEOUT_MS = 5000;
export const DEFAULT_WRITE_TIMEOUT_MS = 2000;
export const DEFAULT_CONNECT_TIMEOUT_MS = 5000;
/** 64 MiB: far above a 20,001-point complex REAL,64 trace (320 kB) or an instrument screenshot. */
export const DEFAULT_MAX_REPLY_BYTES = 64 * 1024 * 1024;

/** The SCPI raw socket port (INSTRUMENTS.md section 1). */
export const SCPI_SOCKET_PORT = 5025;
