import type { DataSource } from 'typeorm';
import { afterCommit, RequestTransaction } from './transaction';

/** A DataSource whose transaction runs its work on a bare manager and ends as the work ends. */
const dataSource = {
  transaction: (work: (manager: object) => Promise<unknown>) => work({}),
} as unknown as DataSource;

describe('afterCommit', () => {
  it('runs after the transaction has ended well, not before', async () => {
    const order: string[] = [];
    await new RequestTransaction(dataSource).run(async () => {
      afterCommit(() => order.push('mail'));
      order.push('work');
    });
    expect(order).toEqual(['work', 'mail']);
  });

  it('never runs when the transaction rolls back', async () => {
    const task = jest.fn();
    const failing = new RequestTransaction(dataSource).run(async () => {
      afterCommit(task);
      throw new Error('refused');
    });
    await expect(failing).rejects.toThrow('refused');
    expect(task).not.toHaveBeenCalled();
  });

  it('runs at once outside a request', () => {
    const task = jest.fn();
    afterCommit(task);
    expect(task).toHaveBeenCalledTimes(1);
  });
});
