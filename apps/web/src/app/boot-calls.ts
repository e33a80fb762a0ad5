import { endpoints, isAdmin, type Endpoint, type SessionUser } from '@sweepline/domain';
import { runsQuery, testResultsApi } from '../features/test-results/test-results.api';
import { api } from './api-client';

/**
 * The first call of a signed-in screen, asked as the app boots (issue 43): as soon as GET
 * /login_state (asked at boot too) says the user is signed in and in an account, while the
 * screen's chunk loads, instead of once the chunk is in and the screen has rendered: on a slow
 * line a round trip and a render earlier to the screen's first data. Nothing is asked for a
 * stale session or the provider administrator (in no account: the screen shows no call then).
 * `name` is the screen's name for the data (useServerData's key, or the editor's load).
 */
interface BootCall {
  path: RegExp;
  name: string;
  /**
   * The call for the address's query (`params`): its query, as the screen will ask it, and how to
   * ask; undefined when the address names nothing to ask.
   */
  ask: (params: URLSearchParams) => { query?: object; reply: () => Promise<unknown> } | undefined;
}

/** A call without arguments, whatever the address's query. */
const argless = (endpoint: Endpoint<{ reply: unknown }>) => () => ({ reply: () => api.call(endpoint) });

/** A boot call answers what the screen would have asked itself, with the same arguments. */
const BOOT_CALLS: readonly BootCall[] = [
  { path: /^\/product$/, name: 'editor/load', ask: argless(endpoints.editor.load) },
  { path: /^\/sn$/, name: 'serial-numbers/products', ask: argless(endpoints.serialNumbers.products) },
  // the daily reports, the measurements and SPC Alarms pick a product first
  { path: /^\/report\/[^/]+$/, name: 'reports/products', ask: argless(endpoints.reports.productList) },
  // a link to a run (/tr?sn=…&run=…) opens the serial number's runs, all of them
  {
    path: /^\/tr$/,
    name: 'test-results/runs',
    ask: (params) => {
      const sn = params.get('sn')?.trim();
      if (!sn) return undefined;
      const query = runsQuery(sn, true);
      return { query, reply: () => testResultsApi.bySn(query) };
    },
  },
];

/** A boot call older than this is not taken: the screen asks afresh. */
const BOOT_CALL_FRESH_MS = 30_000;

let started:
  { pathname: string; name: string; query: string; at: number; reply: Promise<unknown> } | undefined;

/** Refused by the boot call itself: the screen asks as it would have (never seen by a user). */
const NOT_ASKED = Symbol('not asked at boot');

/**
 * Starts the boot call of the screen at `location` (its path and query), if it has one, once
 * `loginState` (the call startLoginStateCall began; undefined without a stored session) says who
 * is signed in.
 */
export function startBootCall(
  location: { pathname: string; search: string },
  loginState: Promise<SessionUser> | undefined,
): void {
  const { pathname } = location;
  const call = BOOT_CALLS.find((c) => c.path.test(pathname));
  const asked = call?.ask(new URLSearchParams(location.search));
  if (!call || !asked || !loginState) return;
  const reply = loginState.then(
    (user) => {
      if (user.email === '' || isAdmin(user.role)) throw NOT_ASKED;
      return asked.reply();
    },
    // the guard reports the login state's failure; the screen, if it opens, asks for itself
    () => {
      throw NOT_ASKED;
    },
  );
  // a failure is the taker's to report, not an unhandled rejection meanwhile
  reply.catch(() => undefined);
  started = { pathname, name: call.name, query: JSON.stringify(asked.query), at: Date.now(), reply };
}

/**
 * The boot call's reply for `name` asked with `query` (none for a call without arguments), once,
 * if the screen is still the one the app booted on and the call is fresh; else `ask()`. Later
 * loads of the same data ask afresh.
 */
export function takeBootCall<T>(name: string, ask: () => Promise<T>, query?: object): Promise<T> {
  const call = started;
  if (call?.name !== name) return ask();
  started = undefined;
  const current =
    call.pathname === window.location.pathname &&
    call.query === JSON.stringify(query) &&
    Date.now() - call.at < BOOT_CALL_FRESH_MS;
  if (!current) return ask();
  return (call.reply as Promise<T>).catch((failure: unknown) => {
    if (failure === NOT_ASKED) return ask();
    throw failure;
  });
}
