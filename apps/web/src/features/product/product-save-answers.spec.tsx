import { ActionId, defaultParam, MSG, type EditorSeq, type StepParam } from '@sweepline/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { ALPHA, seq, step } from '../../../test/editor-fixtures';
import { withChanges } from './params/param-layout';
import { MANAGER, renderApp } from '../../../test/render';
import { ok, path, server } from '../../../test/server';

beforeAll(() => import('./ProductPage'));

/** A test of one Manual Test step, so the panel has text and number fields. */
const MANUAL = {
  ...step(101, 'Insulation'),
  actionId: ActionId.ManualTest,
  param: { ...defaultParam(ActionId.ManualTest), title: 'Insulation' } as StepParam,
};
const TEST = seq(11, 'Pass band', 1, 1, [MANUAL]);

interface ParamBody {
  param: StepParam;
}

/**
 * PUT /step/param answering the test with the saved param, and `rewrite` on top (what the server
 * writes itself, such as a default title). The first answer waits for `release`, so the user can
 * type while it is under way.
 */
function heldSave(rewrite: Record<string, unknown> = {}) {
  const sent: ParamBody[] = [];
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  server.use(
    http.get(path('/user/edit'), () => ok([{ ...ALPHA, seqs: [TEST] }] as never)),
    http.put(path('/step/param/:id'), async ({ request }) => {
      const body = (await request.json()) as ParamBody;
      sent.push(body);
      if (sent.length === 1) await held;
      const saved: EditorSeq = {
        ...TEST,
        steps: [{ ...MANUAL, param: withChanges(body.param, rewrite) }],
      };
      return ok(saved as never);
    }),
  );
  return { sent, release: () => act(release) };
}

async function openPanel() {
  const rendered = renderApp('/product', MANAGER);
  const panel = await screen.findByRole('region', { name: 'Step Parameters' });
  const field = (name: string) => within(panel).getByRole('textbox', { name });
  await within(panel).findByRole('textbox', { name: 'Upper limit' });
  return { ...rendered, panel, field };
}

describe('a save answered while the user types (docs/web.md, "What the panel shows")', () => {
  it('keeps the keys typed since the save, shows the answer elsewhere and saves the rest later', async () => {
    const { sent, release } = heldSave({ title: 'Insulation resistance' });
    const { user, panel, field } = await openPanel();
    await user.clear(field('Upper limit'));
    await user.type(field('Upper limit'), '1');
    await user.click(within(panel).getByRole('button', { name: MSG.changesNotSaved }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.param).toMatchObject({ upper: 1 });

    // the answer is under way: the keyboard still reaches the field
    field('Upper limit').focus();
    await user.keyboard('.5');
    await release();
    await waitFor(() => expect(field('Title')).toHaveValue('Insulation resistance'));
    expect(field('Upper limit')).toHaveValue('1.5');
    // what was typed since is still to save, over what the server answered
    await user.click(within(panel).getByRole('button', { name: MSG.changesNotSaved }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.param).toMatchObject({ upper: 1.5, title: 'Insulation resistance' });
    await waitFor(() =>
      expect(within(panel).queryByRole('button', { name: MSG.changesNotSaved })).not.toBeInTheDocument(),
    );
    expect(field('Upper limit')).toHaveValue('1.5');
  });

  it('sends a second save only once the first is answered, then what is still to save', async () => {
    const { sent, release } = heldSave();
    const { user, panel, field } = await openPanel();
    const hint = () => within(panel).queryByRole('button', { name: MSG.changesNotSaved });
    await user.clear(field('Upper limit'));
    await user.type(field('Upper limit'), '1');
    await user.click(hint()!);
    await waitFor(() => expect(sent).toHaveLength(1));
    field('Upper limit').focus();
    await user.keyboard('.5');
    await user.click(hint()!);
    expect(sent).toHaveLength(1);
    await release();
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.param).toMatchObject({ upper: 1.5 });
    await waitFor(() => expect(hint()).not.toBeInTheDocument());
    expect(field('Upper limit')).toHaveValue('1.5');
  });

  it('has nothing left to save when the keys typed since do not change the value', async () => {
    const { sent, release } = heldSave();
    const { user, panel, field } = await openPanel();
    await user.clear(field('Upper limit'));
    await user.type(field('Upper limit'), '1');
    await user.click(within(panel).getByRole('button', { name: MSG.changesNotSaved }));
    await waitFor(() => expect(sent).toHaveLength(1));
    field('Upper limit').focus();
    await user.keyboard('.');
    await release();
    await waitFor(() =>
      expect(within(panel).queryByRole('button', { name: MSG.changesNotSaved })).not.toBeInTheDocument(),
    );
    expect(field('Upper limit')).toHaveValue('1.');
    expect(sent).toHaveLength(1);
  });

  it('shows the answer in the edited field when nothing was typed since the save', async () => {
    const { sent, release } = heldSave({ upper: 2 });
    const { user, panel, field } = await openPanel();
    await user.clear(field('Upper limit'));
    await user.type(field('Upper limit'), '1.50');
    await user.click(within(panel).getByRole('button', { name: MSG.changesNotSaved }));
    await waitFor(() => expect(sent).toHaveLength(1));
    await release();
    await waitFor(() => expect(field('Upper limit')).toHaveValue('2'));
    expect(within(panel).queryByRole('button', { name: MSG.changesNotSaved })).not.toBeInTheDocument();
  });
});
