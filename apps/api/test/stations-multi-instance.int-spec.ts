import type { AddressInfo } from 'node:net';
import request from 'supertest';
import type { StationView } from '@sweepline/domain';
import { openEventStream, type EventStreamClient } from '@sweepline/testing';
import { createManager, type Member } from './fixtures';
import { testTargets } from './targets';
import { closeTestApp, createTestDatabase, startAppOn, stopTestApp, type TestApp } from './test-app';

const API = '/webcyc/api';

async function listening(app: TestApp): Promise<string> {
  await app.app.listen(0);
  return `http://127.0.0.1:${(app.app.getHttpServer().address() as AddressInfo).port}`;
}

async function streamOn(app: TestApp, base: string, member: Member): Promise<EventStreamClient> {
  const res = await request(app.http())
    .post(`${API}/stations/stream-ticket`)
    .set('x-auth-token', member.token);
  const stream = await openEventStream(`${base}${(res.body as { data: { url: string } }).data.url}`);
  await stream.next((e) => e.event === 'board');
  return stream;
}

// Issue 25: a report received by one API instance reaches the boards of every instance, through
// PostgreSQL's LISTEN/NOTIFY (one listening connection per instance), never an in-process bus.
for (const target of testTargets()) {
  describe(`the live floor over two API instances on one database [${target.name}]`, () => {
    let a: TestApp | undefined;
    let b: TestApp | undefined;
    let baseB: string;
    let manager: Member;

    const reportTo = (app: TestApp, step: number) =>
      request(app.http())
        .post(`${API}/runner/station`)
        .set('x-auth-token', manager.token)
        .send({ station: 'LAB-7', state: 'testing', step, steps: 9, zoneOffset: 0 });

    beforeAll(async () => {
      const url = await createTestDatabase(target);
      [a, b] = await Promise.all([startAppOn(target, url), startAppOn(target, url)]);
      baseB = await listening(b);
      manager = await createManager(a);
    });
    afterAll(async () => {
      await closeTestApp(b);
      await stopTestApp(a);
    });

    it('delivers a report sent to one to a board streaming from the other within 2 s', async () => {
      const stream = await streamOn(b!, baseB, manager);
      try {
        for (const step of [1, 2, 3]) {
          const sent = Date.now();
          expect((await reportTo(a!, step)).status).toBe(201);
          const seen = await stream.next(
            (e) => e.event === 'station' && (JSON.parse(e.data) as StationView).step === step,
            2_000,
          );
          expect(seen.at - sent).toBeLessThan(2_000);
        }
      } finally {
        stream.close();
      }
    });

    it('listens again after its connection is cut, and gives its boards the floor afresh', async () => {
      const stream = await streamOn(b!, baseB, manager);
      try {
        const database = new URL(b!.databaseUrl).pathname.slice(1);
        await a!.dataSource.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE application_name = 'sweepline-station-listener' AND datname = $1`,
          [database],
        );
        // the report made while B does not listen reaches its board in the board read afresh
        await reportTo(a!, 5);
        const from = stream.events.length;
        await stream.next((e) => e.event === 'board' && e.data.includes('"step":5'), 10_000, from);
        await reportTo(a!, 6);
        await stream.next((e) => e.event === 'station' && e.data.includes('"step":6'), 2_000, from);
      } finally {
        stream.close();
      }
    });

    it('ends its streams and its listening connection when it shuts down', async () => {
      const stream = await streamOn(b!, baseB, manager);
      const started = Date.now();
      await closeTestApp(b);
      await stream.ended;
      expect(Date.now() - started).toBeLessThan(5_000);
      const database = new URL(b!.databaseUrl).pathname.slice(1);
      const [row] = (await a!.dataSource.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE application_name = 'sweepline-station-listener' AND datname = $1`,
        [database],
      )) as { n: number }[];
      expect(row!.n).toBe(1); // A's own
      b = undefined;
    });
  });
}
