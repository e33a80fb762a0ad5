/**
 * The boards of bench/stations.bench.ts, in a process of their own (forked by board-readers.ts):
 * 20 streams bring 3,000 events/s, and parsing them in the process that sends the reports and
 * times them made that process's event loop late, which counted as the API's latency. Here each
 * event's delivery is timed against the time its report was sent, which the report carries in
 * its operator's name (`bench@<epoch ms>`): both processes read the same clock.
 */
import type { StationView } from '@sweepline/domain';
import { openEventStream, type EventStreamClient } from '@sweepline/testing';
import { loopDelay, loopDelayOf, percentile } from './probe-report';
import { OPERATOR_STAMP, type FromReaders, type ToReaders } from './stream-readers-protocol';

const streams: EventStreamClient[] = [];
const deliveries: number[] = [];
let delivered = 0;
const lag = loopDelay();
const cpu = process.cpuUsage();

function read(stream: EventStreamClient): void {
  for (const e of stream.events.splice(0)) {
    if (e.event !== 'station') continue;
    const view = JSON.parse(e.data) as StationView;
    if (view.operator?.startsWith(OPERATOR_STAMP))
      deliveries.push(e.at - Number(view.operator.slice(OPERATOR_STAMP.length)));
    delivered++;
  }
}

const send = (message: FromReaders) => process.send!(message);

process.on('message', (message: ToReaders) => {
  if ('open' in message) {
    void Promise.all(message.open.map((url) => openEventStream(url))).then((opened) => {
      streams.push(...opened);
      for (const stream of opened) setInterval(() => read(stream), 50).unref();
      lag.reset();
      send({ ready: true });
    });
    return;
  }
  for (const stream of streams) {
    read(stream);
    stream.close();
  }
  const used = process.cpuUsage(cpu);
  send({
    delivered,
    deliveryP50: percentile(deliveries, 0.5),
    deliveryP99: percentile(deliveries, 0.99),
    loop: loopDelayOf(lag),
    cpuMs: (used.user + used.system) / 1000,
  });
  process.disconnect();
});
