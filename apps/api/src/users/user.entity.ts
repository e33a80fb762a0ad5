import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { Role } from '@sweepline/domain';

@Entity('app_user')
export class UserEntity {
  @PrimaryGeneratedColumn() id!: number;
  /** null only for the provider administrator, who belongs to no customer account. */
  @Column({ name: 'account_id', type: 'integer', nullable: true }) accountId!: number | null;
  @Column() email!: string;
  @Column() name!: string;
  @Column({ type: 'smallint' }) role!: Role;
  @Column({ name: 'password_hash', type: 'text', nullable: true }) passwordHash!: string | null;
  @Column({ name: 'is_active' }) isActive!: boolean;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true }) deletedAt!: Date | null;
}
