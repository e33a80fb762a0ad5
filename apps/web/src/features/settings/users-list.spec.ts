import { ALAN, BOB, CAROL } from '../../../test/settings-fixtures';
import { compareUsers, placeUser, selectionAfterDelete } from './users-list';

describe('users list rules (docs/requirements/accounts-and-users.md#user-actions)', () => {
  it('orders names without regard to case, equal names by id', () => {
    const twin = { ...BOB, id: 1, name: 'bob' };
    expect([CAROL, BOB, ALAN, twin].sort(compareUsers).map((u) => u.id)).toEqual([7, 1, 3, 9]);
  });

  it('places a new user by name and moves a renamed one', () => {
    const dora = { ...CAROL, id: 11, name: 'Dora' };
    expect(placeUser([ALAN, BOB, CAROL], { ...dora, name: 'Aaron' }).map((u) => u.name)).toEqual([
      'Aaron',
      'alan',
      'Bob',
      'carol',
    ]);
    expect(placeUser([ALAN, BOB, CAROL], { ...ALAN, name: 'zed' }).map((u) => u.name)).toEqual([
      'Bob',
      'carol',
      'zed',
    ]);
  });

  it('selects the previous row after a delete, the first when the first went, none when empty', () => {
    expect(selectionAfterDelete([ALAN, CAROL], 1)).toBe(ALAN.id);
    expect(selectionAfterDelete([BOB, CAROL], 0)).toBe(BOB.id);
    expect(selectionAfterDelete([ALAN, BOB], 2)).toBe(BOB.id);
    expect(selectionAfterDelete([], 0)).toBeUndefined();
  });
});
