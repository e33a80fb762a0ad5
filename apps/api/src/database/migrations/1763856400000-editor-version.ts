import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * GET /user/edit answers an ETag (docs/api/editor.md): the account's products' editor_version
 * summed, so it must change with anything the reply holds. Every editor write updates its
 * product's update_user_name and update_time (issue 4), so the trigger bumps the version on any
 * update of a product row: no write can forget it. The product row is already locked by every
 * write, so this adds no lock of its own.
 */
export class EditorVersion1763856400000 implements MigrationInterface {
  name = 'EditorVersion1763856400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE product ADD COLUMN editor_version integer NOT NULL DEFAULT 1;
      CREATE FUNCTION product_bump_editor_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.editor_version := OLD.editor_version + 1;
        RETURN NEW;
      END $$;
      CREATE TRIGGER product_editor_version BEFORE UPDATE ON product
        FOR EACH ROW EXECUTE FUNCTION product_bump_editor_version();
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TRIGGER product_editor_version ON product;
      DROP FUNCTION product_bump_editor_version();
      ALTER TABLE product DROP COLUMN editor_version;
    `);
  }
}
