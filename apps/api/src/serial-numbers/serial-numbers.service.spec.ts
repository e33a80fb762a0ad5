import { Conflict, NotFound, Refused } from '@sweepline/domain';
import type { AccountCtx } from '../auth/auth-context';
import { RawReply } from '../common/envelope';
import { newSerialNumbersService } from './testing/in-memory-serial-numbers';

const ACCT: AccountCtx = { accountId: 1, userId: 10, userName: 'Ada', role: 1 };
const OTHER_ACCOUNT = 2;

function setUp() {
  const sut = newSerialNumbersService();
  const filter = sut.store.addProduct(ACCT.accountId, 'F-200', [20, 10, 20]);
  return { ...sut, filter };
}

async function refusal(promise: Promise<unknown>): Promise<Error> {
  return promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: Error) => error,
  );
}

describe('SerialNumbersService', () => {
  describe('add', () => {
    it("places new serial numbers at the product's lowest stage, by the caller", async () => {
      const { service, store, filter } = setUp();
      const answer = await service.add(ACCT, { product_id: filter.id, sn_array: ['A1', 'A2'] });
      expect(answer).toEqual({ productId: filter.id, snArray: ['A1', 'A2'], stageNo: 10 });
      expect(
        store.history.map((e) => [store.unit(e.serialNumberId).sn, e.stageNo, e.reason, e.createdBy]),
      ).toEqual([
        ['A1', 10, 'add', 'Ada'],
        ['A2', 10, 'add', 'Ada'],
      ]);
    });

    it('takes serial numbers for a product without tests, with no stage until a run needs one', async () => {
      const { service, store } = setUp();
      const empty = store.addProduct(ACCT.accountId, 'Bare');
      const answer = await service.add(ACCT, { product_id: empty.id, sn_array: ['B1'] });
      expect(answer.stageNo).toBeNull();
      expect(store.history).toEqual([]);
      expect(store.units.map((u) => u.sn)).toEqual(['B1']);
    });

    it('refuses an empty list, naming the field', async () => {
      const { service, filter } = setUp();
      const error = await refusal(service.add(ACCT, { product_id: filter.id, sn_array: [] }));
      expect(error).toBeInstanceOf(Refused);
      expect(error.message).toBe('sn_array: Enter serial number');
    });

    it('refuses a serial number twice in the list, naming its place', async () => {
      const { service, store, filter } = setUp();
      const error = await refusal(service.add(ACCT, { product_id: filter.id, sn_array: ['A1', 'A1'] }));
      expect(error.message).toBe('sn_array[1]: A1 duplicated');
      expect(store.units).toEqual([]);
    });

    it('refuses a blank line', async () => {
      const { service, filter } = setUp();
      const error = await refusal(service.add(ACCT, { product_id: filter.id, sn_array: ['A1', '  '] }));
      expect(error.message).toBe('sn_array[1]: Remove empty lines');
    });

    it('refuses the whole list when one serial number exists in the product', async () => {
      const { service, store, filter } = setUp();
      store.addUnit(filter, 'A2', 10);
      const error = await refusal(service.add(ACCT, { product_id: filter.id, sn_array: ['A1', 'A2'] }));
      expect(error).toBeInstanceOf(Conflict);
      expect(error.message).toBe('Serial number A2 already exists in product F-200');
      expect(store.units.map((u) => u.sn)).toEqual(['A2']);
    });

    it('answers a serial number added meanwhile by someone else as a conflict', async () => {
      const { service, store, filter } = setUp();
      store.raceOnInsert = true;
      const error = await refusal(service.add(ACCT, { product_id: filter.id, sn_array: ['A1'] }));
      expect(error).toBeInstanceOf(Conflict);
      expect(error.message).toBe(
        'Some of these serial numbers were just added to product F-200 by someone else: try again',
      );
    });

    it("answers another account's product 404", async () => {
      const { service, store } = setUp();
      const theirs = store.addProduct(OTHER_ACCOUNT, 'Theirs', [10]);
      const error = await refusal(service.add(ACCT, { product_id: theirs.id, sn_array: ['A1'] }));
      expect(error).toBeInstanceOf(NotFound);
      expect(error.message).toBe('Product not found');
    });
  });

  describe('remove', () => {
    it('deletes serial numbers without results', async () => {
      const { service, store, filter } = setUp();
      store.addUnit(filter, 'A1', 10);
      store.addUnit(filter, 'A2', 10);
      expect(await service.remove(ACCT, { product_id: filter.id, sn_array: ['A1'] })).toBeNull();
      expect(store.units.map((u) => u.sn)).toEqual(['A2']);
    });

    it('refuses to delete a serial number with results, and deletes none of the list', async () => {
      const { service, store, filter } = setUp();
      store.addUnit(filter, 'A1', 10);
      store.tested.add(store.addUnit(filter, 'A2', 10).id);
      const error = await refusal(service.remove(ACCT, { product_id: filter.id, sn_array: ['A1', 'A2'] }));
      expect(error).toBeInstanceOf(Conflict);
      expect(error.message).toBe('Serial number A2 has test results and cannot be deleted');
      expect(store.units.map((u) => u.sn)).toEqual(['A1', 'A2']);
    });

    it('refuses an empty selection', async () => {
      const { service, filter } = setUp();
      const error = await refusal(service.remove(ACCT, { product_id: filter.id, sn_array: [] }));
      expect(error.message).toBe('sn_array: No serial number selected');
    });

    it('answers a serial number not in the product 404, naming both', async () => {
      const { service, store, filter } = setUp();
      store.addUnit(filter, 'A1', 10);
      const error = await refusal(service.remove(ACCT, { product_id: filter.id, sn_array: ['A1', 'Z9'] }));
      expect(error).toBeInstanceOf(NotFound);
      expect(error.message).toBe('Serial number Z9 not found in product F-200');
      expect(store.units).toHaveLength(1);
    });
  });

  describe('jump', () => {
    it('starts a new visit at the stage, even the current one, and says so in msg', async () => {
      const { service, store, filter } = setUp();
      const unit = store.addUnit(filter, 'A1', 10);
      const reply = await service.jump(ACCT, { product_id: filter.id, sn_array: ['A1'], stage_no: 10 });
      expect(reply).toBeInstanceOf(RawReply);
      expect(reply.body).toEqual({
        status: 1,
        msg: 'Serial numbers jumped to stage successfully',
        data: { productId: filter.id, snArray: ['A1'], stageNo: 10 },
      });
      expect(store.history.map((e) => [e.reason, e.stageNo])).toEqual([
        ['add', 10],
        ['jump', 10],
      ]);
      expect(unit.historyId).toBe(store.history[1]!.id);
    });

    it('finds the product without product_id when one product holds the serial numbers', async () => {
      const { service, store, filter } = setUp();
      store.addUnit(filter, 'A1', 10);
      await service.jump(ACCT, { sn_array: ['A1'], stage_no: 20 });
      expect(store.stageOf(store.units[0]!)).toBe(20);
    });

    it('refuses without product_id a serial number that several products hold', async () => {
      const { service, store, filter } = setUp();
      store.addUnit(filter, 'A1', 10);
      store.addUnit(store.addProduct(ACCT.accountId, 'G-7', [10]), 'A1', 10);
      const error = await refusal(service.jump(ACCT, { sn_array: ['A1'], stage_no: 10 }));
      expect(error).toBeInstanceOf(Refused);
      expect(error.message).toBe(
        'Serial number A1 is in more than one product: choose the product (product_id)',
      );
    });

    it('refuses without product_id serial numbers of different products', async () => {
      const { service, store, filter } = setUp();
      store.addUnit(filter, 'A1', 10);
      store.addUnit(store.addProduct(ACCT.accountId, 'G-7', [10]), 'B1', 10);
      const error = await refusal(service.jump(ACCT, { sn_array: ['A1', 'B1'], stage_no: 10 }));
      expect(error.message).toBe(
        'The serial numbers are in more than one product: choose the product (product_id)',
      );
    });

    it('refuses a stage the product does not have, and writes nothing', async () => {
      const { service, store, filter } = setUp();
      store.addUnit(filter, 'A1', 10);
      const error = await refusal(
        service.jump(ACCT, { product_id: filter.id, sn_array: ['A1'], stage_no: 30 }),
      );
      expect(error).toBeInstanceOf(Refused);
      expect(error.message).toBe('stage_no: Product F-200 has no stage 30');
      expect(store.history).toHaveLength(1);
    });

    it('refuses a jump in a product without stages', async () => {
      const { service, store } = setUp();
      const bare = store.addProduct(ACCT.accountId, 'Bare');
      store.addUnit(bare, 'B1');
      const error = await refusal(service.jump(ACCT, { product_id: bare.id, sn_array: ['B1'], stage_no: 1 }));
      expect(error.message).toBe('No stage for selected product');
    });

    it("answers a serial number of another account's product 404", async () => {
      const { service, store } = setUp();
      store.addUnit(store.addProduct(OTHER_ACCOUNT, 'Theirs', [10]), 'T1', 10);
      const error = await refusal(service.jump(ACCT, { sn_array: ['T1'], stage_no: 10 }));
      expect(error).toBeInstanceOf(NotFound);
      expect(error.message).toBe('Serial number T1 not found');
    });
  });

  describe('stageHistory', () => {
    it('refuses an empty serial number', async () => {
      const { service, filter } = setUp();
      const error = await refusal(service.stageHistory(ACCT, filter.id, ''));
      expect(error.message).toBe('sn: Enter serial number');
    });

    it('shows the visits newest first, and a finished serial number as finished', async () => {
      const { service, store, filter } = setUp();
      const unit = store.addUnit(filter, 'A1', 10);
      store.enter(unit.id, null, 'advance', 'Runner', 7);
      const answer = await service.stageHistory(ACCT, filter.id, 'A1');
      expect(answer).toMatchObject({ productId: filter.id, sn: 'A1', stageNo: null, finished: true });
      expect(answer.entries.map((e) => [e.reason, e.stageNo])).toEqual([
        ['advance', null],
        ['add', 10],
      ]);
    });

    it('reads a serial number added before its product had tests at the lowest stage, writing nothing', async () => {
      const { service, store, filter } = setUp();
      store.addUnit(filter, 'A1');
      const answer = await service.stageHistory(ACCT, filter.id, 'A1');
      expect(answer).toMatchObject({ stageNo: 10, finished: false, entries: [] });
      expect(store.history).toEqual([]);
    });
  });
});
