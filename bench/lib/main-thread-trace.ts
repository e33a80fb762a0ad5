/**
 * A page's main-thread work in a Chromium trace, counted as Lighthouse counts it: its tracehouse
 * (pinned 12.2.3) finds the page's main thread, nests the events into tasks and files each
 * task's own time under a kind (script evaluation, style and layout, …) and the script it ran
 * for, as its mainthread-work-breakdown and bootup-time audits do.
 */

/** Lighthouse's trace categories (its Trace gatherer), without the screenshots. */
export const TRACE_CATEGORIES = [
  'disabled-by-default-lighthouse',
  'loading',
  'v8',
  'v8.execute',
  'blink.user_timing',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.stack',
  'disabled-by-default-devtools.timeline.frame',
];

export interface MainThread {
  /** Every task's time on the page's main thread, ms. */
  totalMs: number;
  /**
   * The main thread's own CPU time in those tasks (the trace's thread time), ms: not slowed by
   * the throttling or by other processes waiting for the cores, so the figure that holds on a
   * loaded machine; the page's work at the machine's full speed.
   */
  cpuMs: number;
  /** Of it, script evaluation (Lighthouse's "Script Evaluation"), ms. */
  scriptMs: number;
  /** The longest top-level task, ms: what blocks input longest. */
  longestTaskMs: number;
  /**
   * Each top-level task's time beyond 50 ms, summed, ms: Lighthouse's total blocking time, counted
   * over the whole load (Lighthouse counts from the first contentful paint, in its simulation).
   */
  blockingMs: number;
  /** By Lighthouse's kinds, ms. */
  byKind: Record<string, number>;
  /** Script evaluation and compilation by the script it ran for, largest first, ms. */
  scriptByUrl: [string, number][];
}

interface TaskNode {
  /** ms from the navigation's first request. */
  startTime: number;
  selfTime: number;
  duration: number;
  event: { tdur?: number };
  parent: TaskNode | undefined;
  attributableURLs: string[];
  group: { id: string; label: string };
}

// Lighthouse is ESM only; its tracehouse modules are imported as they are, not bundled
const tracehouse = async () => {
  const [{ TraceProcessor }, { MainThreadTasks }] = await Promise.all([
    import('lighthouse/core/lib/tracehouse/trace-processor.js'),
    import('lighthouse/core/lib/tracehouse/main-thread-tasks.js'),
  ]);
  return { TraceProcessor, MainThreadTasks };
};

/** A task longer than this blocks input (Lighthouse's and the Long Tasks API's bound). */
const LONG_TASK_MS = 50;
const SCRIPT_KINDS = new Set(['scriptEvaluation', 'scriptParseCompile']);

/** The main thread's work in `trace` (a trace of one page load). */
export async function mainThreadOf(trace: { traceEvents: unknown[] }): Promise<MainThread> {
  const { TraceProcessor, MainThreadTasks } = await tracehouse();
  // the navigation moves the tab to another renderer process, whose navigationStart the
  // tracehouse does not pair with the frame: the first request of the frame starts the load
  const processed = TraceProcessor.processTrace(trace as never, {
    timeOriginDeterminationMethod: 'firstResourceSendRequest',
  });
  const tasks = MainThreadTasks.getMainThreadTasks(
    processed.mainThreadEvents,
    processed.frames,
    processed.timestamps.traceEnd,
    processed.timestamps.timeOrigin,
  ) as unknown as TaskNode[];
  const byKind: Record<string, number> = {};
  const byUrl = new Map<string, number>();
  let totalMs = 0;
  let longestTaskMs = 0;
  let blockingMs = 0;
  let cpuMs = 0;
  // the blank page's unload before the navigation is not the screen's work
  for (const task of tasks.filter((t) => t.startTime >= 0)) {
    byKind[task.group.label] = (byKind[task.group.label] ?? 0) + task.selfTime;
    totalMs += task.selfTime;
    if (!task.parent) {
      longestTaskMs = Math.max(longestTaskMs, task.duration);
      blockingMs += Math.max(0, task.duration - LONG_TASK_MS);
      cpuMs += (task.event.tdur ?? 0) / 1000;
    }
    if (SCRIPT_KINDS.has(task.group.id)) {
      const url =
        task.attributableURLs.find((u) => u.endsWith('.js')) ?? task.attributableURLs[0] ?? 'unattributable';
      byUrl.set(url, (byUrl.get(url) ?? 0) + task.selfTime);
    }
  }
  return {
    totalMs,
    cpuMs,
    scriptMs: byKind['Script Evaluation'] ?? 0,
    longestTaskMs,
    blockingMs,
    byKind,
    scriptByUrl: [...byUrl].sort(([, a], [, b]) => b - a),
  };
}
