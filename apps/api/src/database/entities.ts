import { AccountEntity } from '../accounts/account.entity';
import { ApiTokenEntity } from '../auth/api-token.entity';
import { SessionEntity } from '../auth/session.entity';
import { VerificationCodeEntity } from '../auth/verification-code.entity';
import { ProductEntity } from '../products/product.entity';
import { SeqEntity } from '../seqs/seq.entity';
import { StepEntity } from '../steps/step.entity';
import { UserEntity } from '../users/user.entity';

export const ENTITIES = [
  AccountEntity,
  UserEntity,
  SessionEntity,
  VerificationCodeEntity,
  ApiTokenEntity,
  ProductEntity,
  SeqEntity,
  StepEntity,
];
