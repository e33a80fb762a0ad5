import { endpoints, isAdmin, type Endpoint, type ProductListItem, type SessionUser } from '@sweepline/domain';
import { browserToday } from '@sweepline/ui';
import { openingRange, rangeQuery, stepsQuery } from '../features/measurements/opening-pick';
import { runsQuery, testResultsApi } from '../features/test-results/test-results.api';
import { api } from './api-client';

/**
 * The first call of a signed-in screen, asked as the app boots (issue 43): as soon as GET
 * /login_state (asked at boot too) says the user is signed in and in an account, while the
 * screen's chunk loads, instead of once the chunk is in and the screen has rendered: on a slow
 * line a round trip and a render earlier to the screen's first data. Nothing is asked for a
 * stale session or the provider administrator (in no account: the screen shows no call then).
 */

/** A call as the screen will ask it: its query (none for a call without arguments), and how to ask. */
interface Asked {
  query?: object;
  reply: () => Promise<unknown>;
}

interface BootCall {
  path: RegExp;
  /** The screen's name for the data (useServerData's key, or the editor's load). */
  name: string;
  /** The call for the address's query (`params`); undefined when the address names nothing to ask. */
  ask: (params: URLSearchParams) => Asked | undefined;
  /**
   * The screen's second call, asked from the first's answer where the screen would ask it a render
   * or two after taking that answer (the measured steps of the product list's first test). Its
   * `ask` takes the first call's reply, whose type each entry knows (hence `never` here).
   */
  then?: { name: string; ask: (answer: never) => Asked | undefined };
}

/** A call without arguments, whatever the address's query. */
const argless = (endpoint: Endpoint<{ reply: unknown }>) => () => ({ reply: () => api.call(endpoint) });

/**
 * The step screens (Capability, Control Chart) open on the first product's first test over Last
 * Month (useMeasurementPickers) and list its measured steps before anything is drawn.
 */
function openingSteps(products: ProductListItem[]): Asked | undefined {
  const seqId = products[0]?.seqs[0]?.id;
  if (seqId === undefined) return undefined;
  const query = stepsQuery(seqId, rangeQuery(openingRange(browserToday())));
  return { query, reply: () => api.call(endpoints.analysis.steps, { query }) };
}

/** The reports pick a product first (the daily reports, the measurements and SPC Alarms). */
const productList = argless(endpoints.reports.productList);

/** A boot call answers what the screen would have asked itself, with the same arguments. */
const BOOT_CALLS: readonly BootCall[] = [
  { path: /^\/product$/, name: 'editor/load', ask: argless(endpoints.editor.load) },
  { path: /^\/sn$/, name: 'serial-numbers/products', ask: argless(endpoints.serialNumbers.products) },
  {
    path: /^\/report\/(capability|control)$/,
    name: 'reports/products',
    ask: productList,
    then: { name: 'measurements/steps', ask: openingSteps },
  },
  { path: /^\/report\/[^/]+$/, name: 'reports/products', ask: productList },
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

/**
 * A call started at boot: once the login state (or the call before it) has answered, its query
 * as a JSON text and its reply; undefined when nothing was asked (a stale session, the provider
 * administrator, nothing to ask from the answer before).
 */
interface Started {
  pathname: string;
  at: number;
  asked: Promise<{ query: string; reply: Promise<unknown> } | undefined>;
}

const started = new Map<string, Started>();

/** Asks the call `asked` resolves to, if any, and keeps it under `name` for the screen to take. */
function start(name: string, pathname: string, asked: Promise<Asked | undefined>): Started {
  const call: Started = {
    pathname,
    at: Date.now(),
    asked: asked.then(
      (now) => {
        if (!now) return undefined;
        const reply = now.reply();
        // a failure is the taker's to report, not an unhandled rejection meanwhile
        reply.catch(() => undefined);
        return { query: JSON.stringify(now.query), reply };
      },
      // the guard reports the login state's failure; the screen, if it opens, asks for itself
      () => undefined,
    ),
  };
  started.set(name, call);
  return call;
}

/**
 * Starts the boot call of the screen at `location` (its path and query), if it has one, once
 * `loginState` (the call startLoginStateCall began; undefined without a stored session) says who
 * is signed in; and its second call, if it has one, from the first's answer.
 */
export function startBootCall(
  location: { pathname: string; search: string },
  loginState: Promise<SessionUser> | undefined,
): void {
  const { pathname } = location;
  const call = BOOT_CALLS.find((c) => c.path.test(pathname));
  const asked = call?.ask(new URLSearchParams(location.search));
  if (!call || !asked || !loginState) return;
  const first = start(
    call.name,
    pathname,
    loginState.then((user) => (user.email === '' || isAdmin(user.role) ? undefined : asked)),
  );
  const then = call.then;
  if (!then) return;
  start(
    then.name,
    pathname,
    first.asked.then(async (done) => (done ? then.ask((await done.reply) as never) : undefined)),
  );
}

/**
 * The boot call's reply for `name` asked with `query` (none for a call without arguments), once,
 * if the screen is still the one the app booted on, asking with the same query, and the call is
 * fresh; else `ask()`. Later loads of the same data ask afresh.
 */
export function takeBootCall<T>(name: string, ask: () => Promise<T>, query?: object): Promise<T> {
  const call = started.get(name);
  if (!call) return ask();
  started.delete(name);
  if (call.pathname !== window.location.pathname || Date.now() - call.at >= BOOT_CALL_FRESH_MS) return ask();
  const wanted = JSON.stringify(query);
  return call.asked.then((asked) => (asked?.query === wanted ? (asked.reply as Promise<T>) : ask()));
}
