import type { Reply } from './reply-parser';

/**
 * One open connection that carries SCPI messages: a TCP socket, or a VISA session. It does one
 * exchange at a time and nothing else; LinkTransport on top serialises calls, applies default
 * timeouts and opens a new link when one has failed.
 */
export interface Link {
  /** False once the link failed or the peer closed it; it is never used again. */
  readonly alive: boolean;
  /**
   * Sends `payload` (the command and its '\n'); with `expectReply`, resolves with the complete
   * reply. All of it within `timeoutMs`. Throws InstrumentError ('timeout', 'bad-reply' or
   * 'closed') naming `command`, and is dead after any throw: its byte stream can no longer be
   * trusted to line up with our requests.
   */
  exchange(
    command: string,
    payload: Buffer,
    expectReply: boolean,
    timeoutMs: number,
  ): Promise<Reply | undefined>;
  /** Closes the connection; an exchange in progress fails with kind 'closed'. */
  close(): Promise<void>;
}

/** Opens a new link to the same instrument, within `timeoutMs`; throws InstrumentError 'connect'. */
export type LinkOpener = (timeoutMs: number) => Promise<Link>;
