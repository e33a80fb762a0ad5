/**
 * In-memory fakes of the serial-number repositories, for service specs without a database (as
 * immich's newTestService() does): the rules run as written, the SQL is replaced by plain
 * arrays. The int-specs prove the SQL. Not part of the build (testing/ folders are skipped).
 */
import {
  NotFound,
  type SnProduct,
  type StageHistoryEntry,
  type StageNo,
  type StageReason,
} from '@sweepline/domain';
import { RecordedTrail } from '../../audit/testing/recorded-trail';
import { SerialNumberFinder } from '../serial-number-finder';
import { type ProductRef, type SerialNumberRow, SerialNumbersRepository } from '../serial-numbers.repository';
import { SerialNumbersService } from '../serial-numbers.service';
import { StageHistory } from '../stage-history.repository';
import { StageVisits } from '../stage-visits.service';

export interface FakeProduct {
  id: number;
  accountId: number;
  name: string;
  /** The stage numbers of its live tests (a stage per test, repeats allowed). */
  testStages: number[];
  deleted?: boolean;
}

export interface FakeUnit {
  id: number;
  accountId: number;
  productId: number;
  sn: string;
  historyId: number | null;
  createdBy: string;
}

export interface FakeEntry {
  id: number;
  accountId: number;
  serialNumberId: number;
  stageNo: StageNo;
  reason: StageReason;
  runId: number | null;
  createdBy: string;
}

/** The rows the fakes read and write: products, serial numbers, stage history, units with runs. */
export class SerialNumbersStore {
  readonly products: FakeProduct[] = [];
  readonly units: FakeUnit[] = [];
  readonly history: FakeEntry[] = [];
  readonly tested = new Set<number>();
  /** Set to make the next insert meet a unique violation (a concurrent add of the same names). */
  raceOnInsert = false;
  private lastId = 0;

  nextId(): number {
    return ++this.lastId;
  }

  addProduct(accountId: number, name: string, testStages: number[] = []): FakeProduct {
    const product = { id: this.nextId(), accountId, name, testStages };
    this.products.push(product);
    return product;
  }

  /** A serial number, placed at `stageNo` ('add') unless it is undefined (no entry yet). */
  addUnit(product: FakeProduct, sn: string, stageNo?: StageNo): FakeUnit {
    const unit = {
      id: this.nextId(),
      accountId: product.accountId,
      productId: product.id,
      sn,
      historyId: null,
      createdBy: 'fixture',
    };
    this.units.push(unit);
    if (stageNo !== undefined) this.enter(unit.id, stageNo, 'add', 'fixture', null);
    return unit;
  }

  enter(
    serialNumberId: number,
    stageNo: StageNo,
    reason: StageReason,
    createdBy: string,
    runId: number | null,
  ): number {
    const unit = this.unit(serialNumberId);
    const entry = {
      id: this.nextId(),
      accountId: unit.accountId,
      serialNumberId,
      stageNo,
      reason,
      runId,
      createdBy,
    };
    this.history.push(entry);
    unit.historyId = entry.id;
    return entry.id;
  }

  unit(id: number): FakeUnit {
    return this.units.find((unit) => unit.id === id)!;
  }

  /** The unit's current stage: its current entry's (null: finished, or no entry). */
  stageOf(unit: FakeUnit): StageNo {
    return this.history.find((entry) => entry.id === unit.historyId)?.stageNo ?? null;
  }

  stages(productId: number): number[] {
    const product = this.products.find((p) => p.id === productId)!;
    return [...new Set(product.testStages)].sort((a, b) => a - b);
  }

  row(unit: FakeUnit): SerialNumberRow {
    const product = this.products.find((p) => p.id === unit.productId)!;
    return {
      id: unit.id,
      product_id: product.id,
      product_name: product.name,
      sn: unit.sn,
      history_id: unit.historyId,
      stage_no: this.stageOf(unit),
    };
  }

  liveProduct(productId: number): FakeProduct | undefined {
    return this.products.find((p) => p.id === productId && !p.deleted);
  }
}

/** SerialNumbersRepository over the store: each method answers what its SQL selects. */
class InMemorySerialNumbersRepository extends SerialNumbersRepository {
  constructor(private readonly store: SerialNumbersStore) {
    super(undefined as never);
  }

  override async products(accountId: number): Promise<SnProduct[]> {
    return this.store.products
      .filter((p) => p.accountId === accountId && !p.deleted)
      .map((p) => ({
        id: p.id,
        name: p.name,
        model: '',
        info: '',
        seqs: [],
        snArray: this.store.units.filter((u) => u.productId === p.id).map((u) => u.sn),
        stageArray: this.store.stages(p.id),
      })) as SnProduct[];
  }

  override async product(accountId: number, productId: number): Promise<ProductRef> {
    const product = this.store.liveProduct(productId);
    if (!product || product.accountId !== accountId) throw new NotFound('Product');
    return { id: product.id, name: product.name };
  }

  override async inProduct(productId: number, sns: readonly string[]): Promise<SerialNumberRow[]> {
    if (!this.store.liveProduct(productId)) return [];
    return this.store.units
      .filter((u) => u.productId === productId && sns.includes(u.sn))
      .map((u) => this.store.row(u));
  }

  override async inAccount(accountId: number, sns: readonly string[]): Promise<SerialNumberRow[]> {
    return this.store.units
      .filter((u) => u.accountId === accountId && sns.includes(u.sn) && this.store.liveProduct(u.productId))
      .map((u) => this.store.row(u));
  }

  override async insert(accountId: number, productId: number, sns: readonly string[], userName: string) {
    if (this.store.raceOnInsert) throw Object.assign(new Error('duplicate key'), { code: '23505' });
    return sns.map((sn) => {
      const unit = {
        id: this.store.nextId(),
        accountId,
        productId,
        sn,
        historyId: null,
        createdBy: userName,
      };
      this.store.units.push(unit);
      return unit.id;
    });
  }

  override async withRuns(ids: readonly number[]): Promise<number[]> {
    return ids.filter((id) => this.store.tested.has(id));
  }

  override async delete(ids: readonly number[]): Promise<void> {
    for (const id of ids) this.store.units.splice(this.store.units.indexOf(this.store.unit(id)), 1);
  }

  override async enterStage(
    ...[, serialNumberIds, stageNo, reason, userName, runId = null]: Parameters<
      SerialNumbersRepository['enterStage']
    >
  ): Promise<number[]> {
    return serialNumberIds.map((id) => this.store.enter(id, stageNo, reason, userName, runId));
  }
}

/** StageHistory over the store; its visit() rule is the real one. */
class InMemoryStageHistory extends StageHistory {
  constructor(
    private readonly store: SerialNumbersStore,
    serialNumbers: SerialNumbersRepository,
  ) {
    super(undefined as never, serialNumbers);
  }

  override async stages(productId: number): Promise<number[]> {
    return this.store.stages(productId);
  }

  override async entries(serialNumberId: number): Promise<StageHistoryEntry[]> {
    return this.store.history
      .filter((entry) => entry.serialNumberId === serialNumberId)
      .reverse()
      .map((entry) => ({
        stageNo: entry.stageNo,
        reason: entry.reason,
        createdAt: new Date(0).toISOString(),
        createdByName: entry.createdBy,
      })) as StageHistoryEntry[];
  }
}

/** The serial-numbers feature's services over one in-memory store. */
export function newSerialNumbersService(store = new SerialNumbersStore()) {
  const repo = new InMemorySerialNumbersRepository(store);
  const history = new InMemoryStageHistory(store, repo);
  const finder = new SerialNumberFinder(repo);
  const visits = new StageVisits(history, repo, new RecordedTrail().asTrail());
  return { store, service: new SerialNumbersService(repo, finder, history, visits), finder, visits };
}
