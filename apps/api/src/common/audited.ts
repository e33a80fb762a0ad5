import { Column } from 'typeorm';

/** Who created and last changed a product or test, and when (spec 1 section 3). */
export abstract class Audited {
  @Column({ name: 'create_user_name' }) createUserName!: string;
  @Column({ name: 'create_time', type: 'timestamptz', default: () => 'now()' }) createTime!: Date;
  @Column({ name: 'update_user_name' }) updateUserName!: string;
  @Column({ name: 'update_time', type: 'timestamptz', default: () => 'now()' }) updateTime!: Date;
  /** Deleting is soft: adding the same name again restores the row (spec 2 section 1). */
  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true }) deletedAt!: Date | null;
}
