import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A browser's or script's session; only the SHA-256 of its token is stored. */
@Entity('session')
export class SessionEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id!: string;
  @Column({ name: 'token_hash' }) tokenHash!: string;
  /** null while signed out: a visitor's session carries only its verification mark. */
  @Column({ name: 'user_id', type: 'integer', nullable: true }) userId!: number | null;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column({ name: 'last_seen_at', type: 'timestamptz' }) lastSeenAt!: Date;
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt!: Date;
  @Column({ name: 'verified_until', type: 'timestamptz', nullable: true }) verifiedUntil!: Date | null;
}
