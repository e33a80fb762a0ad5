import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { ActionId, InstrumentId } from '@sweepline/domain';
import type { StepParam } from '@sweepline/domain';

@Entity('step')
export class StepEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ name: 'account_id' }) accountId!: number;
  @Column({ name: 'seq_id' }) seqId!: number;
  /** Order within the test, 0-based and gap-free after every change. */
  @Column() position!: number;
  @Column() name!: string;
  @Column({ name: 'is_default_name' }) isDefaultName!: boolean;
  @Column({ name: 'instrument_id', type: 'smallint' }) instrumentId!: InstrumentId;
  @Column({ name: 'action_id', type: 'smallint' }) actionId!: ActionId;
  @Column({ type: 'jsonb' }) param!: StepParam;
  @Column({ name: 'is_completed' }) isCompleted!: boolean;
  @Column({ type: 'jsonb' }) errors!: string[];
}
