import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type CodePurpose = 'activate' | 'reset';

/** A single-use, expiring code sent by e-mail; only its hash is stored. */
@Entity('verification_code')
export class VerificationCodeEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id!: string;
  @Column({ name: 'user_id' }) userId!: number;
  @Column({ type: 'text' }) purpose!: CodePurpose;
  @Column({ name: 'code_hash' }) codeHash!: string;
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt!: Date;
  @Column({ name: 'used_at', type: 'timestamptz', nullable: true }) usedAt!: Date | null;
}
