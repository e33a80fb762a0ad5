import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * E-mail links (activate, reset), the Settings page's export download link, and the Stations
 * screen's event-stream ticket.
 */
export type CodePurpose = 'activate' | 'reset' | 'export' | 'stations';

/** A single-use, expiring code of a link; only its hash is stored. */
@Entity('verification_code')
export class VerificationCodeEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id!: string;
  @Column({ name: 'user_id' }) userId!: number;
  @Column({ type: 'text' }) purpose!: CodePurpose;
  @Column({ name: 'code_hash' }) codeHash!: string;
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt!: Date;
  @Column({ name: 'used_at', type: 'timestamptz', nullable: true }) usedAt!: Date | null;
}
