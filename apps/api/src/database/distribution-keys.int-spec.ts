import type { MigrationInterface, QueryRunner } from 'typeorm';
import { DataSource } from 'typeorm';
import { createTestDatabase, dropTestDatabase } from '../../test/test-app';
import { testTargets } from '../../test/targets';
import { MIGRATIONS } from './migrations';
import { distributionKeyViolations } from './testing/distribution-keys';

/** What a careless later migration might do: a unit's serial number unique across all accounts. */
class ProbeGlobalSerialNumbers1999999999999 implements MigrationInterface {
  name = 'ProbeGlobalSerialNumbers1999999999999';
  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE UNIQUE INDEX probe_sn_key ON serial_number (sn)');
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX probe_sn_key');
  }
}

/** A later table that forgets both its placing and account_id in its foreign key. */
class ProbeStationTable1999999999998 implements MigrationInterface {
  name = 'ProbeStationTable1999999999998';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE probe_station (id serial PRIMARY KEY, product_id integer NOT NULL,
                     account_id integer NOT NULL, FOREIGN KEY (product_id, account_id) REFERENCES product (id, account_id))`);
    await q.query('ALTER TABLE run_unit_day ADD COLUMN probe_seq integer');
    await q.query(
      'ALTER TABLE run_unit_day ADD CONSTRAINT probe_seq_fkey FOREIGN KEY (probe_seq) REFERENCES seq (id)',
    );
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE probe_station');
  }
}

for (const target of testTargets()) {
  describe(`keys ready for Citus (docs/scaling.md) [${target.name}]`, () => {
    let url: string;
    let db: DataSource | undefined;

    beforeEach(async () => {
      url = await createTestDatabase(target);
    });
    afterEach(async () => {
      if (db?.isInitialized) await db.destroy();
      await dropTestDatabase(target, url);
    });

    async function migrated(extra: (new () => MigrationInterface)[]): Promise<DataSource> {
      db = new DataSource({
        type: 'postgres',
        url,
        migrations: [...MIGRATIONS, ...extra],
      });
      await db.initialize();
      await db.runMigrations({ transaction: 'all' });
      return db;
    }

    it('finds every table placed and every key of a distributed table holding account_id', async () => {
      expect(await distributionKeyViolations(await migrated([]))).toEqual([]);
    });

    it('fails on a migration adding a unique key without account_id', async () => {
      expect(
        await distributionKeyViolations(await migrated([ProbeGlobalSerialNumbers1999999999999])),
      ).toEqual(['unique key probe_sn_key of serial_number lacks account_id']);
    });

    it('fails on an unplaced table and on a foreign key between distributed tables without account_id', async () => {
      // the constraint cannot be made without a unique key on seq (id) alone: one is added first
      const violations = await distributionKeyViolations(
        await migrated([AddSeqIdKey1999999999997, ProbeStationTable1999999999998]),
      );
      expect(violations).toEqual(
        expect.arrayContaining([
          'table probe_station is neither distributed, reference nor coordinator in the plan',
          'unique key seq_id_probe_key of seq lacks account_id',
          'foreign key probe_seq_fkey of run_unit_day to seq does not match account_id with account_id',
        ]),
      );
    });

    it('fails on a placed table that a migration dropped (the plan, and the seed with it, would be stale)', async () => {
      expect(await distributionKeyViolations(await migrated([ProbeDropCaptcha1999999999996]))).toEqual([
        'table captcha_used is in the plan but not in the schema',
      ]);
    });
  });
}

class ProbeDropCaptcha1999999999996 implements MigrationInterface {
  name = 'ProbeDropCaptcha1999999999996';
  async up(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE captcha_used');
  }
  async down(): Promise<void> {
    // a probe: its database is dropped after the test
  }
}

class AddSeqIdKey1999999999997 implements MigrationInterface {
  name = 'AddSeqIdKey1999999999997';
  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE UNIQUE INDEX seq_id_probe_key ON seq (id)');
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX seq_id_probe_key');
  }
}
