import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { Role } from '@sweepline/domain';

/** A named token for scripts and CI (DESIGN.md), made by a manager; only its hash is stored. */
@Entity('api_token')
export class ApiTokenEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ name: 'account_id' }) accountId!: number;
  @Column() name!: string;
  @Column({ type: 'smallint' }) role!: Role;
  @Column({ name: 'token_hash' }) tokenHash!: string;
  @Column({ name: 'created_by' }) createdBy!: number;
  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' }) createdAt!: Date;
  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true }) lastUsedAt!: Date | null;
  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true }) revokedAt!: Date | null;
}
