/**
 * Loaded into the API under a bench (`node --require bench/lib/api-probe.cjs`, see
 * api-process.ts) to tell where a call's time goes: the event loop's delay, the garbage collector's
 * pauses, and each call's time as the API itself sees it (from its request's headers parsed to its
 * reply's end). A client's time minus the API's is queueing outside it: the kernel, the network,
 * or the client's own event loop. Writes its figures to BENCH_PROBE_OUT on exit only, so that
 * writing them costs the measured loop nothing (the API exits on SIGTERM, main.ts).
 * With BENCH_PROBE_ALLOCATIONS, it also samples every allocation, collected or not, and writes
 * that heap profile there (open it in Chrome's DevTools): what fills the young generation.
 * With BENCH_PROBE_SNAPSHOTS (a folder), SIGUSR2 writes a heap snapshot there, to compare two
 * moments of a run (the process stops for a second or two while it writes: not in a timed run).
 * CommonJS and plain JavaScript because plain `node` loads it before the API.
 */
const { writeFileSync } = require('node:fs');
const { subscribe } = require('node:diagnostics_channel');
const { monitorEventLoopDelay, performance, PerformanceObserver } = require('node:perf_hooks');
const { getHeapSpaceStatistics } = require('node:v8');

const out = process.env.BENCH_PROBE_OUT;
if (out) {
  // a 10 ms timer: the histogram holds the whole interval between its firings, the delay is beyond 10
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const started = new WeakMap();
  /** Milliseconds each call took inside the API, by its method and path (without its query). */
  const calls = {};
  subscribe('http.server.request.start', ({ request }) => started.set(request, performance.now()));
  subscribe('http.server.response.finish', ({ request }) => {
    const at = started.get(request);
    if (at === undefined) return;
    const key = `${request.method} ${request.url.split('?')[0]}`;
    (calls[key] ??= []).push(Math.round((performance.now() - at) * 100) / 100);
  });
  /** Each pause of the garbage collector: when (ms since start), how long, and its kind. */
  const gc = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      gc.push([Math.round(e.startTime), +e.duration.toFixed(2), e.detail?.kind]);
  }).observe({ entryTypes: ['gc'] });
  const write = () => {
    const ms = (ns) => Math.max(0, ns / 1e6 - 10);
    writeFileSync(
      out,
      JSON.stringify({
        loopDelayMs: {
          p50: ms(loop.percentile(50)),
          p99: ms(loop.percentile(99)),
          p999: ms(loop.percentile(99.9)),
          max: ms(loop.max),
        },
        // the epoch milliseconds of performance.now() 0, to place the pauses in a bench's own clock
        timeOrigin: performance.timeOrigin,
        gc,
        calls,
        // the young generation's size tells how often it fills (a scavenge each time)
        heapSpacesMiB: Object.fromEntries(
          getHeapSpaceStatistics().map((s) => [s.space_name, +(s.space_size / 2 ** 20).toFixed(1)]),
        ),
      }),
    );
  };
  process.on('exit', write);
}

const allocations = process.env.BENCH_PROBE_ALLOCATIONS;
if (allocations) {
  const session = new (require('node:inspector').Session)();
  session.connect();
  session.post('HeapProfiler.startSampling', {
    samplingInterval: 16384,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  // a session of this thread answers at once: the profile is written before the process ends
  process.on('exit', () =>
    session.post('HeapProfiler.stopSampling', (error, result) => {
      if (!error) writeFileSync(allocations, JSON.stringify(result.profile));
    }),
  );
}

const snapshots = process.env.BENCH_PROBE_SNAPSHOTS;
if (snapshots) {
  const { writeHeapSnapshot } = require('node:v8');
  const { join } = require('node:path');
  let taken = 0;
  process.on('SIGUSR2', () => writeHeapSnapshot(join(snapshots, `api-${++taken}.heapsnapshot`)));
}
