import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { Calibration } from '@sweepline/domain';
import { Audited } from '../common/audited';

/** A test ("seq" on the wire). Its calibrations are one list, saved whole (POST /seq/cals). */
@Entity('seq')
export class SeqEntity extends Audited {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ name: 'account_id' }) accountId!: number;
  @Column({ name: 'product_id' }) productId!: number;
  @Column() name!: string;
  @Column({ name: 'stage_no', type: 'smallint' }) stageNo!: number;
  @Column({ name: 'test_no', type: 'smallint' }) testNo!: number;
  @Column({ name: 'is_completed' }) isCompleted!: boolean;
  @Column({ type: 'jsonb' }) cals!: Calibration[];
  /** Goes up on every change, so a runner can tell that the test it downloaded changed since. */
  @Column() version!: number;
}
