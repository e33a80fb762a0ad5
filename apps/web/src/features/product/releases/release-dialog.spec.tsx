import { MSG, RELEASE_LIMITS, RELEASE_MSG, Role, incompleteReason } from '@sweepline/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { ALPHA, record, serveEditor, PASS_BAND, type Sent } from '../../../../test/editor-fixtures';
import { list, optionNames } from '../../../../test/editor-queries';
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

const OPERATOR = { ...MANAGER, role: Role.Operator };

async function selectGain(user: ReturnType<typeof renderApp>['user']) {
  const tests = await list('Tests');
  await user.click(within(tests).getByRole('option', { name: '1-3 Gain' }));
  return screen.findByRole('group', { name: 'Releases of Gain' });
}

describe('Editor: releasing a test (docs/web.md, "Releases"; issue 39)', () => {
  it('disables Release on an incomplete test, with the reason as its description', async () => {
    serveEditor(RELEASE_PRODUCTS);
    renderApp('/product', MANAGER);
    const bar = await screen.findByRole('group', { name: 'Releases of Pass band' });
    const button = within(bar).getByRole('button', { name: RELEASE_TEXTS.releaseButton });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(
      RELEASE_MSG.notComplete('Pass band', incompleteReason(PASS_BAND.steps)),
    );
  });

  it('shows the diff against the newest release, checks the note, and says the release is released', async () => {
    serveEditor(RELEASE_PRODUCTS);
    const { diffQueries } = serveReleases({ [GAIN.id]: GAIN_RELEASES });
    const sent = record('post', '/seq/:seqId/releases', release(5));
    const { user } = renderApp('/product', MANAGER);
    const bar = await selectGain(user);
    await user.click(within(bar).getByRole('button', { name: RELEASE_TEXTS.releaseButton }));
    const dialog = await screen.findByRole('dialog', { name: RELEASE_TEXTS.releaseTitle });
    expect(dialog).toHaveTextContent(RELEASE_TEXTS.nextRelease(5, 'Gain'));
    // release 4 was rejected: the diff is from 3, the newest that is not; the next number is 5
    const diff = await within(dialog).findByRole('table', { name: 'Changes from release 3 to the draft' });
    expect(diffQueries).toEqual([{ from: '3', to: 'draft' }]);
    const rows = within(diff).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      '1 → 2Gain 2moved and changedUpper limit: -1 → -0.8Start frequency: 100 → 120',
      '— → 3Gain 3added',
      '3 → —Old stepremoved',
    ]);

    const note = within(dialog).getByRole('textbox', { name: RELEASE_TEXTS.note });
    await user.click(within(dialog).getByRole('button', { name: RELEASE_TEXTS.release }));
    expect(note).toHaveAttribute('aria-invalid', 'true');
    expect(note).toHaveAccessibleDescription(expect.stringContaining(RELEASE_MSG.note));
    await user.type(note, '   ');
    expect(within(dialog).getByText(RELEASE_MSG.note)).toBeInTheDocument();
    await user.click(note);
    await user.paste('x'.repeat(RELEASE_LIMITS.noteChars + 1));
    expect(within(dialog).getByText(RELEASE_MSG.note)).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.clear(note);
    await user.type(note, '  Gain limit to -0.8 dB ');
    await user.click(within(dialog).getByRole('button', { name: RELEASE_TEXTS.release }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: RELEASE_TEXTS.releaseTitle })).toBeNull(),
    );
    expect(sent).toEqual([
      expect.objectContaining({ params: { seqId: '13' }, body: { note: 'Gain limit to -0.8 dB' } }),
    ]);
    expect(await screen.findByText(RELEASE_TEXTS.released('Gain', 5))).toBeInTheDocument();
  });

  it('says a release waits for approval when the server made it waiting', async () => {
    serveEditor(RELEASE_PRODUCTS);
    serveReleases({ [GAIN.id]: GAIN_RELEASES });
    record('post', '/seq/:seqId/releases', release(5, { state: 'waiting' }));
    const { user } = renderApp('/product', MANAGER);
    await user.click(
      within(await selectGain(user)).getByRole('button', { name: RELEASE_TEXTS.releaseButton }),
    );
    const dialog = await screen.findByRole('dialog', { name: RELEASE_TEXTS.releaseTitle });
    await user.type(within(dialog).getByRole('textbox', { name: RELEASE_TEXTS.note }), 'Wider band{Enter}');
    await user.click(within(dialog).getByRole('button', { name: RELEASE_TEXTS.release }));
    expect(await screen.findByText(RELEASE_TEXTS.waiting('Gain', 5))).toBeInTheDocument();
  });

  it('has nothing to release when the draft is the newest release, and shows a refusal in the error alert', async () => {
    serveEditor(RELEASE_PRODUCTS);
    serveReleases({ [GAIN.id]: { ...GAIN_RELEASES, draftDiffers: false } });
    const { user } = renderApp('/product', MANAGER);
    await user.click(
      within(await selectGain(user)).getByRole('button', { name: RELEASE_TEXTS.releaseButton }),
    );
    let dialog = await screen.findByRole('dialog', { name: RELEASE_TEXTS.releaseTitle });
    expect(within(dialog).getByRole('status')).toHaveTextContent(RELEASE_MSG.nothingNew('Gain', 3));
    expect(within(dialog).getByRole('button', { name: RELEASE_TEXTS.release })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    serveReleases({ [GAIN.id]: GAIN_RELEASES });
    server.use(http.post(path('/seq/:seqId/releases'), () => refuse(RELEASE_MSG.nothingNew('Gain', 3), 409)));
    await user.click(screen.getByRole('button', { name: RELEASE_TEXTS.releaseButton }));
    dialog = await screen.findByRole('dialog', { name: RELEASE_TEXTS.releaseTitle });
    await user.type(within(dialog).getByRole('textbox', { name: RELEASE_TEXTS.note }), 'Again');
    await user.click(within(dialog).getByRole('button', { name: RELEASE_TEXTS.release }));
    const alert = await screen.findByRole('dialog', { name: TEXTS.error });
    expect(alert).toHaveTextContent(RELEASE_MSG.nothingNew('Gain', 3));
  });

  it('marks a test whose draft differs beside its asterisk, leaving the option names as they are', async () => {
    serveEditor(RELEASE_PRODUCTS);
    const { markAsks } = serveReleases({
      [GAIN.id]: GAIN_RELEASES,
      [PASS_BAND.id]: { ...GAIN_RELEASES, seqId: PASS_BAND.id, draftDiffers: false },
    });
    renderApp('/product', MANAGER);
    const tests = await list('Tests');
    const gain = within(tests).getByRole('option', { name: '1-3 Gain' });
    // Gain's release 4 was rejected: its draft is compared with 3, the newest that is not
    expect(
      await within(gain).findByRole('img', { name: RELEASE_TEXTS.draftDiffers(3) }, { timeout: 3000 }),
    ).toBeInTheDocument();
    // one call for the product's marks, none per test
    expect(markAsks).toEqual([ALPHA.id]);
    // Stop band was never released; Pass band's draft is its newest release
    const stop = within(tests).getByRole('option', { name: '1-2 Stop band *' });
    expect(within(stop).getByRole('img', { name: RELEASE_TEXTS.neverReleased })).toBeInTheDocument();
    expect(
      within(within(tests).getByRole('option', { name: '1-1 Pass band *' })).queryByRole('img'),
    ).toBeNull();
    expect(await optionNames('Tests')).toEqual(['1-1 Pass band *', '1-2 Stop band *', '1-3 Gain']);
    expect(gain).toHaveTextContent(/^1-3 Gain$/);
  });

  it("asks the product's marks again, once, after a test of it changed", async () => {
    serveEditor(RELEASE_PRODUCTS);
    const { markAsks } = serveReleases({ [GAIN.id]: GAIN_RELEASES });
    const saved = record('put', '/step/param/:id', (body: { param: object }) => ({
      ...GAIN,
      steps: GAIN.steps.map((s) => (s.id === 131 ? { ...s, param: body.param } : s)),
    }));
    const { user } = renderApp('/product', MANAGER);
    await selectGain(user);
    await waitFor(() => expect(markAsks).toEqual([ALPHA.id]), { timeout: 3000 });
    const panel = screen.getByRole('region', { name: 'Step Parameters' });
    const seconds = await within(panel).findByRole('textbox', { name: 'Seconds' });
    await user.clear(seconds);
    await user.type(seconds, '7');
    await user.click(await within(panel).findByRole('button', { name: MSG.changesNotSaved }));
    await waitFor(() => expect(saved).toHaveLength(1));
    await waitFor(() => expect(markAsks).toEqual([ALPHA.id, ALPHA.id]), { timeout: 3000 });
  });

  it('lets an operator read the releases but not release', async () => {
    serveEditor(RELEASE_PRODUCTS);
    serveReleases({ [GAIN.id]: GAIN_RELEASES });
    const { user } = renderApp('/product', OPERATOR);
    const bar = await selectGain(user);
    expect(within(bar).queryByRole('button', { name: RELEASE_TEXTS.releaseButton })).toBeNull();
    await user.click(within(bar).getByRole('button', { name: RELEASE_TEXTS.listButton }));
    const dialog = await screen.findByRole('dialog', { name: 'Releases: Gain' });
    expect(within(dialog).queryByRole('button', { name: /Roll back|Approve|Reject/ })).toBeNull();
  });
  it('saves a parameter typed and not saved yet before it opens the release, so the release holds it', async () => {
    serveEditor(RELEASE_PRODUCTS);
    serveReleases({ [GAIN.id]: GAIN_RELEASES });
    const calls: Sent[] = [];
    record(
      'put',
      '/step/param/:id',
      (body: { param: object }) => ({
        ...GAIN,
        steps: GAIN.steps.map((s) => (s.id === 131 ? { ...s, param: body.param } : s)),
      }),
      calls,
    );
    record('post', '/seq/:seqId/releases', release(5), calls);
    const { user } = renderApp('/product', MANAGER);
    const bar = await selectGain(user);
    const panel = screen.getByRole('region', { name: 'Step Parameters' });
    const seconds = await within(panel).findByRole('textbox', { name: 'Seconds' });
    await user.clear(seconds);
    await user.type(seconds, '7');
    await within(panel).findByRole('button', { name: MSG.changesNotSaved });
    await user.click(within(bar).getByRole('button', { name: RELEASE_TEXTS.releaseButton }));
    const dialog = await screen.findByRole('dialog', { name: RELEASE_TEXTS.releaseTitle });
    expect(calls.map((c) => c.url)).toEqual(['/step/param/:id']);
    expect(calls[0]!.body).toMatchObject({ param: { value: 7 } });
    await user.type(within(dialog).getByRole('textbox', { name: RELEASE_TEXTS.note }), 'Seven seconds');
    await user.click(within(dialog).getByRole('button', { name: RELEASE_TEXTS.release }));
    await waitFor(() => expect(calls.map((c) => c.url)).toEqual(['/step/param/:id', '/seq/:seqId/releases']));
  });
});
