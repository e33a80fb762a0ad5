import type { Pool, PoolClient } from 'pg';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { describeEachDatabase } from '../../test/test-app';
import { databaseOutage } from './outage-log';

describeEachDatabase("a pooled connection's errors (outage-log.ts, watchPool)", (t) => {
  const pool = () => (t().dataSource.driver as PostgresDriver).master as Pool;

  afterEach(() => databaseOutage.reachable());

  it('gives a connection handed out a listener of its own: no error of it can end the process', async () => {
    const client = await pool().connect();
    try {
      // pg's pool stops listening while a connection is out; ours stays
      expect(client.listenerCount('error')).toBe(1);
    } finally {
      client.release();
    }
    const again = await pool().connect();
    expect(again.listenerCount('error')).toBe(1);
    again.release();
  });

  it("takes a connection's loss while handed out and idle as the start of an outage", async () => {
    const client: PoolClient = await pool().connect();
    const { pid } = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!;
    // the outage as it stands when the error is emitted (our listener, added first, has run): a
    // moment later any new connection of the app's background work ends it again, as it should
    const lost = new Promise<{ error: Error; inOutage: boolean }>((resolve) =>
      client.once('error', (error: Error) => resolve({ error, inOutage: databaseOutage.inOutage })),
    );
    expect(databaseOutage.inOutage).toBe(false);
    await t().dataSource.query('SELECT pg_terminate_backend($1)', [pid]);
    const { error, inOutage } = await lost;
    client.release(error);
    expect(inOutage).toBe(true);
  });
});
