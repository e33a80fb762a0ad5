import type { Args } from './args';
import type { HeaderPattern, ParsedHeader } from './header';
import { compilePattern, matchHeader } from './header';
import type { SimConnection } from './sim-connection';

/**
 * A simulated instrument's SCPI vocabulary: header patterns and what each does. A handler gets
 * the parameters and the `#` suffixes; it returns the reply (a text line without its '\n', or
 * the exact bytes of a block), or nothing for a command; it throws SimError to refuse.
 */
export type SimReply = string | Buffer | undefined;

export interface CommandContext {
  readonly args: Args;
  /** Values of the pattern's `#` nodes, in order (1 where the command left the suffix out). */
  readonly suffixes: readonly number[];
  readonly connection: SimConnection;
}

export type Handler = (context: CommandContext) => SimReply | Promise<SimReply>;

export interface RouteOptions {
  /** Not affected by the ERROR fault: the commands a client needs to connect and read errors. */
  readonly housekeeping?: boolean;
}

export interface Route extends RouteOptions {
  readonly pattern: HeaderPattern;
  readonly text: string;
  readonly handler: Handler;
}

export interface RouteMatch {
  readonly route: Route;
  readonly suffixes: number[];
}

export class CommandTable {
  private readonly routes: Route[] = [];

  /** Adds a pattern such as `SENSe#:FREQuency:STARt` (or `…?` for its query). */
  on(pattern: string, handler: Handler, options: RouteOptions = {}): this {
    this.routes.push({ pattern: compilePattern(pattern), text: pattern, handler, ...options });
    return this;
  }

  /** A setting and its query in one: `set` takes the parameters, `get` answers the query. */
  setting(pattern: string, set: Handler, get: Handler, options: RouteOptions = {}): this {
    return this.on(pattern, set, options).on(`${pattern}?`, get, options);
  }

  find(header: ParsedHeader): RouteMatch | undefined {
    for (const route of this.routes) {
      const suffixes = matchHeader(route.pattern, header);
      if (suffixes) return { route, suffixes };
    }
    return undefined;
  }

  get patterns(): string[] {
    return this.routes.map((route) => route.text);
  }
}

/** A handler for a command that answers nothing (most settings). */
export function act(run: (context: CommandContext) => unknown): Handler {
  return async (context) => {
    await run(context);
    return undefined;
  };
}
