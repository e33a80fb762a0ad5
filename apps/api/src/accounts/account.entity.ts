import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('account')
export class AccountEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column() name!: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  /** Becomes true when the manager follows the activation link. */
  @Column({ name: 'is_active' }) isActive!: boolean;
}
