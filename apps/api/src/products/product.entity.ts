import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { Audited } from '../common/audited';

@Entity('product')
export class ProductEntity extends Audited {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ name: 'account_id' }) accountId!: number;
  @Column() name!: string;
  @Column() model!: string;
  @Column() info!: string;
}
