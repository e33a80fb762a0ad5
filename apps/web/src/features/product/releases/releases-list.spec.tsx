import { RELEASE_MSG } from '@sweepline/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { record, serveEditor } from '../../../../test/editor-fixtures';
import { list } from '../../../../test/editor-queries';
import {
  GAIN,
  GAIN_RELEASES,
  release,
  RELEASE_PRODUCTS,
  serveReleases,
} from '../../../../test/release-fixtures';
import { MANAGER, renderApp } from '../../../../test/render';
import { path, refuse, server } from '../../../../test/server';
import { TEXTS } from '../../../app/texts';
import { RELEASE_TEXTS } from './release-texts';

beforeAll(() => import('../ProductPage'));

async function openList(user: ReturnType<typeof renderApp>['user']) {
  await user.click(within(await list('Tests')).getByRole('option', { name: '1-3 Gain' }));
  const bar = await screen.findByRole('group', { name: 'Releases of Gain' });
  await user.click(within(bar).getByRole('button', { name: RELEASE_TEXTS.listButton }));
  return screen.findByRole('dialog', { name: 'Releases: Gain' });
}

const rowOf = (dialog: HTMLElement, no: number) =>
  within(within(dialog).getByRole('table', { name: RELEASE_TEXTS.listTitle }))
    .getAllByRole('row')
    .find((row) => within(row).queryAllByRole('cell')[0]?.textContent?.startsWith(String(no)))!;

describe('Editor: a test’s releases (docs/web.md, "Releases"; issue 39)', () => {
  it('lists number, state, kind, note, who and when, newest first, with the one that runs now', async () => {
    serveEditor(RELEASE_PRODUCTS);
    serveReleases({ [GAIN.id]: GAIN_RELEASES });
    const { user } = renderApp('/product', MANAGER);
    const dialog = await openList(user);
    // release 4 was rejected: the draft is compared with 3, the newest that is not
    expect(within(dialog).getByText(/The runner runs release 2\./)).toHaveTextContent(
      RELEASE_TEXTS.draftDiffers(3),
    );
    const rows = within(within(dialog).getByRole('table', { name: RELEASE_TEXTS.listTitle })).getAllByRole(
      'row',
    );
    expect(
      rows.slice(1).map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(0, 5)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['4', 'RejectedAnn: Limit too tight', 'Explicit', 'Note of 4', 'Erin'],
      ['3', 'Waiting for approval', 'Explicit', 'Wider band', 'Erin'],
      ['2Runs now', 'Released', 'Explicit', 'Tighter gain limit', 'Erin'],
      ['1', 'Released', 'When releases began', 'Released when releases began', 'Erin'],
    ]);
    // a manager decides the waiting one; an older released one can be rolled back to, not the one that runs
    expect(
      within(rowOf(dialog, 3)).getByRole('button', { name: RELEASE_TEXTS.approve(3) }),
    ).toBeInTheDocument();
    expect(
      within(rowOf(dialog, 1)).getByRole('button', { name: RELEASE_TEXTS.rollBack(1) }),
    ).toBeInTheDocument();
    expect(within(rowOf(dialog, 2)).queryByRole('button')).toBeNull();
    expect(within(rowOf(dialog, 4)).queryByRole('button')).toBeNull();
  });

  it('compares any two releases, or a release and the draft', async () => {
    serveEditor(RELEASE_PRODUCTS);
    const { diffQueries } = serveReleases({ [GAIN.id]: GAIN_RELEASES });
    const { user } = renderApp('/product', MANAGER);
    const dialog = await openList(user);
    const compare = within(dialog).getByRole('region', { name: RELEASE_TEXTS.compare });
    expect(
      await within(compare).findByRole('table', { name: 'Changes from release 4 to the draft' }),
    ).toBeInTheDocument();
    await user.click(within(compare).getByRole('combobox', { name: RELEASE_TEXTS.from }));
    await user.click(await screen.findByRole('option', { name: 'Release 1' }));
    await user.click(within(compare).getByRole('combobox', { name: RELEASE_TEXTS.to }));
    await user.click(await screen.findByRole('option', { name: 'Release 2' }));
    expect(
      await within(compare).findByRole('table', { name: 'Changes from release 1 to release 2' }),
    ).toBeInTheDocument();
    expect(diffQueries).toContainEqual({ from: '1', to: '2' });
    expect(within(compare).getByText('Upper limit: -1 → -0.8')).toBeInTheDocument();
  });

  it('rolls back to an older release with a note, and says it is released', async () => {
    serveEditor(RELEASE_PRODUCTS);
    serveReleases({ [GAIN.id]: GAIN_RELEASES });
    const sent = record(
      'post',
      '/seq/:seqId/releases/:no/rollback',
      release(5, { kind: 'rollback', rolledBackFrom: 1 }),
    );
    const { user } = renderApp('/product', MANAGER);
    const dialog = await openList(user);
    await user.click(within(rowOf(dialog, 1)).getByRole('button', { name: RELEASE_TEXTS.rollBack(1) }));
    const ask = await screen.findByRole('dialog', { name: RELEASE_TEXTS.rollBackTitle(1) });
    await user.click(within(ask).getByRole('button', { name: RELEASE_TEXTS.rollBack(1) }));
    expect(within(ask).getByText(RELEASE_MSG.note)).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.type(within(ask).getByRole('textbox', { name: RELEASE_TEXTS.note }), 'Back to the old limit');
    await user.click(within(ask).getByRole('button', { name: RELEASE_TEXTS.rollBack(1) }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: RELEASE_TEXTS.rollBackTitle(1) })).toBeNull(),
    );
    expect(sent).toEqual([
      expect.objectContaining({ params: { seqId: '13', no: '1' }, body: { note: 'Back to the old limit' } }),
    ]);
    expect(await screen.findByText(RELEASE_TEXTS.released('Gain', 5))).toBeInTheDocument();
  });

  it('shows the server’s refusal when the author approves their own release', async () => {
    serveEditor(RELEASE_PRODUCTS);
    serveReleases({ [GAIN.id]: GAIN_RELEASES });
    server.use(
      http.post(path('/seq/:seqId/releases/:no/approve'), () => refuse(RELEASE_MSG.ownRelease, 403)),
    );
    const { user } = renderApp('/product', MANAGER);
    const dialog = await openList(user);
    await user.click(within(rowOf(dialog, 3)).getByRole('button', { name: RELEASE_TEXTS.approve(3) }));
    const alert = await screen.findByRole('dialog', { name: TEXTS.error });
    expect(alert).toHaveTextContent(RELEASE_MSG.ownRelease);
  });

  it('approves a waiting release, and rejects one with a reason', async () => {
    serveEditor(RELEASE_PRODUCTS);
    serveReleases({ [GAIN.id]: GAIN_RELEASES });
    const approved = record('post', '/seq/:seqId/releases/:no/approve', release(3));
    const rejected = record('post', '/seq/:seqId/releases/:no/reject', release(3, { state: 'rejected' }));
    const { user } = renderApp('/product', MANAGER);
    const dialog = await openList(user);
    await user.click(within(rowOf(dialog, 3)).getByRole('button', { name: RELEASE_TEXTS.approve(3) }));
    expect(await screen.findByText(RELEASE_TEXTS.approved('Gain', 3))).toBeInTheDocument();
    expect(approved).toEqual([expect.objectContaining({ params: { seqId: '13', no: '3' } })]);

    await user.click(within(rowOf(dialog, 3)).getByRole('button', { name: RELEASE_TEXTS.reject(3) }));
    const ask = await screen.findByRole('dialog', { name: RELEASE_TEXTS.rejectTitle(3) });
    await user.click(within(ask).getByRole('button', { name: RELEASE_TEXTS.rejectShort }));
    expect(within(ask).getByText(RELEASE_MSG.reason)).toBeInTheDocument();
    await user.type(within(ask).getByRole('textbox', { name: RELEASE_TEXTS.reason }), 'Band too wide');
    await user.click(within(ask).getByRole('button', { name: RELEASE_TEXTS.rejectShort }));
    await waitFor(() => expect(rejected).toHaveLength(1));
    expect(rejected[0]!.body).toEqual({ reason: 'Band too wide' });
  });
});
