/**
 * The editor's services wired to in-memory repositories (fake-editor-tables.ts), as the Nest
 * module wires them to the SQL ones: for service specs without a database, in the manner of
 * immich's newTestService().
 */
import { Role } from '@sweepline/domain';
import type { AccountCtx } from '../../auth/auth-context';
import type { EditorRepository } from '../editor.repository';
import type { EditorStore } from '../editor-store.repository';
import type { ProductsRepository } from '../products/products.repository';
import { ProductsService } from '../products/products.service';
import { ProcessControlService } from '../seqs/process-control.service';
import { SeqCopyService } from '../seqs/seq-copy.service';
import { SeqPlacement } from '../seqs/seq-placement';
import type { SeqsRepository } from '../seqs/seqs.repository';
import { SeqsService } from '../seqs/seqs.service';
import { StepListsService } from '../steps/step-lists.service';
import { StepPlaces } from '../steps/step-places';
import type { StepsRepository } from '../steps/steps.repository';
import {
  EditorTables,
  FakeEditorRepository,
  FakeEditorStore,
  FakeProductsRepository,
  FakeSeqsRepository,
  FakeStepsRepository,
} from './fake-editor-tables';

/** The signed-in editor of account 1, whose name the audit fields record. */
export const EDITOR: AccountCtx = { accountId: 1, userId: 11, userName: 'Erin Editor', role: Role.Editor };
/** A member of another account, to whom account 1's rows do not exist. */
export const OUTSIDER: AccountCtx = { accountId: 2, userId: 21, userName: 'Oscar Other', role: Role.Editor };

export function newTestServices() {
  const tables = new EditorTables();
  const fakeStore = new FakeEditorStore(tables);
  // the fakes answer as the repositories do; only their private Db sets the real types apart
  const repo = new FakeEditorRepository(tables) as unknown as EditorRepository;
  const store = fakeStore as unknown as EditorStore;
  const productRows = new FakeProductsRepository(tables) as unknown as ProductsRepository;
  const seqRows = new FakeSeqsRepository(tables) as unknown as SeqsRepository;
  const stepRows = new FakeStepsRepository(tables) as unknown as StepsRepository;
  const placement = new SeqPlacement(repo, store);
  return {
    tables,
    /** Products whose change was recorded (the mark of GET /user/edit moves with them). */
    touched: fakeStore.touched,
    products: new ProductsService(productRows, repo, store),
    seqs: new SeqsService(repo, seqRows, store, placement),
    seqCopy: new SeqCopyService(repo, seqRows, store, placement),
    processControl: new ProcessControlService(repo, seqRows, store),
    stepLists: new StepListsService(store, stepRows, new StepPlaces(stepRows)),
  };
}
