import { OutageLog } from './outage-log';

describe('OutageLog', () => {
  function logged() {
    const lines: string[] = [];
    let now = 1_000;
    const log = new OutageLog(
      { warn: (m) => lines.push(`warn ${m}`), log: (m) => lines.push(`log ${m}`) },
      () => now,
    );
    return { log, lines, later: (ms: number) => (now += ms) };
  }

  it('logs an outage once however many requests fail, and its end once', () => {
    const { log, lines, later } = logged();
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    for (let i = 0; i < 50; i++) log.unreachable(refused);
    later(12_300);
    log.reachable();
    log.reachable();
    expect(lines).toEqual([
      'warn The database is not reachable (ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:5432): answering 503 until it is back',
      'log The database is reachable again, after 12.3 s',
    ]);
  });

  it('logs each of two outages', () => {
    const { log, lines } = logged();
    log.unreachable(new Error('Connection terminated unexpectedly'));
    log.reachable();
    log.unreachable(new Error('Connection terminated unexpectedly'));
    expect(lines).toHaveLength(3);
    expect(log.inOutage).toBe(true);
  });

  it('says nothing of a new connection outside an outage', () => {
    const { log, lines } = logged();
    log.reachable();
    expect(lines).toEqual([]);
  });
});
