/**
 * Runners as the outage and graceful-stop tests need them: each looks its serial number up, then
 * uploads a "measured" run, over and over, as the runner does. A run whose upload got no answer
 * (503, a cut connection) stays in the runner's queue, as in its journal, and is sent again with
 * the same client run id until it is acknowledged. Every reply is kept for the checks.
 */
import { Role, type RunUpload } from '@sweepline/domain';
import { editorApi } from '../src/editor/testing/editor-api';
import { addSerialNumbers, productWithTests, runOf } from '../src/runner/testing/runner-fixtures';
import { createManager, createMember } from './fixtures';
import type { TestApp } from './test-app';

export interface Reply {
  call: 'sn' | 'upload' | 'ready' | 'health';
  /** 0: no HTTP answer (the connection was refused or cut). */
  status: number;
  retryAfter: string | null;
  msg: string | undefined;
  /** When the answer came (Date.now()). */
  at: number;
}

export interface FleetOptions {
  /** The API's base path, e.g. http://127.0.0.1:1234/webcyc/api; changed when it moves. */
  baseUrl: string;
  token: string;
  productId: number;
  test: { id: number; version: number };
  sns: readonly string[];
  /** Pause between one runner's units. */
  pauseMs?: number;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class RunnerFleet {
  readonly replies: Reply[] = [];
  /** Every run measured, by client run id. */
  readonly measured = new Set<string>();
  readonly acknowledged = new Set<string>();
  private readonly queues: RunUpload[][] = [];
  private running = false;
  private loops: Promise<void>[] = [];

  constructor(private readonly options: FleetOptions) {}

  set baseUrl(url: string) {
    this.options.baseUrl = url;
  }

  /** `runners` runners, each measuring one unit after another until stop(). */
  start(runners: number): void {
    this.running = true;
    for (let i = 0; i < runners; i++) {
      const queue: RunUpload[] = [];
      this.queues.push(queue);
      this.loops.push(this.runner(i, queue));
    }
  }

  /** Ends the measuring; the queues keep what was not acknowledged. */
  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
    this.loops = [];
  }

  get unacknowledged(): RunUpload[] {
    return this.queues.flat();
  }

  /** Sends every queued run until each is acknowledged (the runner's next start), or fails after `ms`. */
  async flush(ms = 30_000): Promise<void> {
    const deadline = Date.now() + ms;
    for (const queue of this.queues) {
      while (queue.length > 0) {
        if (Date.now() > deadline)
          throw new Error(`${this.unacknowledged.length} run(s) still not acknowledged`);
        if (!(await this.upload(queue[0]!))) await wait(250);
        else queue.shift();
      }
    }
  }

  async call(call: Reply['call'], method: string, path: string, body?: unknown): Promise<Reply> {
    let reply: Reply;
    try {
      const res = await fetch(`${this.options.baseUrl}${path}`, {
        method,
        headers: {
          // a load balancer's probes come without a sign-in
          ...(call === 'sn' || call === 'upload' ? { 'x-auth-token': this.options.token } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(20_000),
      });
      const json = (await res.json().catch(() => undefined)) as { msg?: string } | undefined;
      reply = {
        call,
        status: res.status,
        retryAfter: res.headers.get('retry-after'),
        msg: json?.msg,
        at: Date.now(),
      };
    } catch {
      reply = { call, status: 0, retryAfter: null, msg: undefined, at: Date.now() };
    }
    this.replies.push(reply);
    return reply;
  }

  private async runner(index: number, queue: RunUpload[]): Promise<void> {
    const { sns, productId, pauseMs = 20 } = this.options;
    for (let unit = 0; this.running; unit++) {
      const sn = sns[(index + unit * 4) % sns.length]!;
      // the runner's own waiting (apps/cli) is tested with the CLI: here a refused lookup is retried
      const lookup = await this.call('sn', 'GET', `/runner/sn?sn=${sn}&product_id=${productId}`);
      if (lookup.status !== 200) {
        await wait(200);
        continue;
      }
      // failed: the serial number stays at its stage, so units can be measured again and again
      const run = runOf(this.options.test, sn, { result: 0 });
      this.measured.add(run.client_run_id);
      queue.push(run);
      // the queue in order, as the runner's journal is uploaded
      while (queue.length > 0 && (await this.upload(queue[0]!))) queue.shift();
      await wait(pauseMs);
    }
  }

  private async upload(run: RunUpload): Promise<boolean> {
    const reply = await this.call('upload', 'POST', '/runner/runs', run);
    if (reply.status !== 201) return false;
    this.acknowledged.add(run.client_run_id);
    return true;
  }
}

/**
 * A fleet measuring a new account's product `name` (one complete test at stage 1) on eight serial
 * numbers `${snPrefix}-1`… `${snPrefix}-8`, signed in as the account's operator.
 */
export async function fleetOnNewLine(
  t: TestApp,
  name: string,
  snPrefix: string,
  options: Pick<FleetOptions, 'baseUrl' | 'pauseMs'>,
): Promise<RunnerFleet> {
  const manager = await createManager(t);
  const operator = await createMember(t, manager.accountId, Role.Operator);
  const line = await productWithTests(
    editorApi(() => t, manager),
    name,
    [1],
  );
  const sns = Array.from({ length: 8 }, (_, i) => `${snPrefix}-${i + 1}`);
  await addSerialNumbers(
    editorApi(() => t, operator),
    line.product.id,
    sns,
  );
  return new RunnerFleet({
    ...options,
    token: operator.token,
    productId: line.product.id,
    test: line.tests[0]!,
    sns,
  });
}
