import { endpoints, type Endpoint } from '@sweepline/domain';
import { api, sessionToken } from './api-client';

/**
 * The first call of a signed-in screen, asked as the app boots (issue 43), beside GET
 * /login_state and the screen's chunk, instead of once both are in and the screen has rendered:
 * on a slow line that is a round trip and a render earlier to the screen's first data. `name`
 * is the screen's name for the data (useServerData's key, or the editor's load).
 */
interface BootCall {
  path: RegExp;
  name: string;
  endpoint: Endpoint<{ reply: unknown }>;
}

/** Calls without arguments only: a boot call answers what the screen would have asked itself. */
const BOOT_CALLS: readonly BootCall[] = [
  { path: /^\/product$/, name: 'editor/load', endpoint: endpoints.editor.load },
  { path: /^\/sn$/, name: 'serial-numbers/products', endpoint: endpoints.serialNumbers.products },
  // the daily reports, the measurements and SPC Alarms pick a product first
  { path: /^\/report\/[^/]+$/, name: 'reports/products', endpoint: endpoints.reports.productList },
];

/** A boot call older than this is not taken: the screen asks afresh. */
const BOOT_CALL_FRESH_MS = 30_000;

let started: { pathname: string; name: string; at: number; reply: Promise<unknown> } | undefined;

/** Starts the boot call of the screen at `pathname`, if it has one and a session id is stored. */
export function startBootCall(pathname: string): void {
  const call = BOOT_CALLS.find((c) => c.path.test(pathname));
  if (!call || !sessionToken.get()) return;
  const reply = api.call(call.endpoint);
  // a failure is the taker's to report, not an unhandled rejection meanwhile
  reply.catch(() => undefined);
  started = { pathname, name: call.name, at: Date.now(), reply };
}

/**
 * The boot call's reply for `name`, once, if the screen is still the one the app booted on and
 * the call is fresh; else `ask()`. Later loads of the same data ask afresh.
 */
export function takeBootCall<T>(name: string, ask: () => Promise<T>): Promise<T> {
  const call = started;
  if (call?.name !== name) return ask();
  started = undefined;
  const current = call.pathname === window.location.pathname && Date.now() - call.at < BOOT_CALL_FRESH_MS;
  return current ? (call.reply as Promise<T>) : ask();
}
