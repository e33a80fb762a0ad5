import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The latest due date of an instrument's certificates kept on its row (issue 40's upload cost,
 * docs/traceability.md "Recording at upload"), so the upload reads one row per instrument instead
 * of the instrument and its certificates: `latest_due_on`, the latest due date of any of its
 * certificates, and `latest_due_from`, the earliest day a certificate with that due date was
 * calibrated on. On that day and after, the certificate in force has that due date
 * (dueOnInForce: the latest due date among the certificates calibrated on or before the day);
 * before it (a run from the offline queue, a late-recorded certificate), the certificates are
 * read as before (latestDueOnInForce, certificate-in-force.sql.ts). Both NULL: no certificate.
 *
 * A trigger on instrument_certificate keeps them, whoever writes a certificate (the API, the seed,
 * fixtures). It locks the instrument's row before it reads the certificates, in a statement of
 * its own, so two certificates recorded at once for one instrument each see the other committed.
 */
export class InstrumentLatestDue1763860200000 implements MigrationInterface {
  name = 'InstrumentLatestDue1763860200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE instrument ADD COLUMN latest_due_on date, ADD COLUMN latest_due_from date;

      CREATE FUNCTION instrument_latest_due_refresh(of_account integer, of_instrument integer) RETURNS void
      LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM FROM instrument WHERE account_id = of_account AND id = of_instrument FOR UPDATE;
        UPDATE instrument i SET (latest_due_on, latest_due_from) = (
                 SELECT c.due_on, min(c.calibrated_on) FROM instrument_certificate c
                  WHERE c.account_id = of_account AND c.instrument_id = of_instrument
                  GROUP BY c.due_on ORDER BY c.due_on DESC LIMIT 1)
         WHERE i.account_id = of_account AND i.id = of_instrument;
      END $$;

      CREATE FUNCTION instrument_certificate_latest_due() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'INSERT' THEN PERFORM instrument_latest_due_refresh(OLD.account_id, OLD.instrument_id); END IF;
        IF TG_OP <> 'DELETE' THEN PERFORM instrument_latest_due_refresh(NEW.account_id, NEW.instrument_id); END IF;
        RETURN NULL;
      END $$;

      CREATE TRIGGER instrument_certificate_latest_due
        AFTER INSERT OR DELETE OR UPDATE OF account_id, instrument_id, calibrated_on, due_on ON instrument_certificate
        FOR EACH ROW EXECUTE FUNCTION instrument_certificate_latest_due();

      UPDATE instrument i SET (latest_due_on, latest_due_from) = (
               SELECT c.due_on, min(c.calibrated_on) FROM instrument_certificate c
                WHERE c.account_id = i.account_id AND c.instrument_id = i.id
                GROUP BY c.due_on ORDER BY c.due_on DESC LIMIT 1)
       WHERE EXISTS (SELECT FROM instrument_certificate c WHERE c.account_id = i.account_id AND c.instrument_id = i.id);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TRIGGER instrument_certificate_latest_due ON instrument_certificate;
      DROP FUNCTION instrument_certificate_latest_due();
      DROP FUNCTION instrument_latest_due_refresh(integer, integer);
      ALTER TABLE instrument DROP COLUMN latest_due_on, DROP COLUMN latest_due_from;
    `);
  }
}
