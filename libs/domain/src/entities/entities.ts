import type { ActionId, InstrumentId } from '../catalogue/catalogue';
import type { Calibration } from '../calibration/calibration.types';
import type { StepParam } from '../params/params.types';

/** Roles of docs/requirements/roles.md: -1 provider administrator, 0 manager, 1 editor, 2 operator, 3 signed out. */
export enum Role {
  Admin = -1,
  Manager = 0,
  Editor = 1,
  Operator = 2,
  SignedOut = 3,
}

export interface Audit {
  createUserName: string;
  createTime: string;
  updateUserName: string;
  updateTime: string;
}

export interface Step {
  id: number;
  name: string;
  isDefaultName: boolean;
  instrumentId: InstrumentId;
  actionId: ActionId;
  param: StepParam;
  isCompleted: boolean;
  errors: string[];
}

/** A test ("seq" on the wire). */
export interface Seq extends Audit {
  id: number;
  name: string;
  stageNo: number;
  testNo: number;
  isCompleted: boolean;
  steps: Step[];
  cals: Calibration[];
}

export interface Product extends Audit {
  id: number;
  name: string;
  model: string;
  info: string;
  seqs: Seq[];
}
