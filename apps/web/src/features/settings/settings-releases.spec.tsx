import { RELEASE_MSG } from '@sweepline/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { WAITING } from '../../../test/release-fixtures';
import { MANAGER, renderApp } from '../../../test/render';
import { ok, path, refuse, server } from '../../../test/server';
import { serveSettings } from '../../../test/settings-fixtures';
import { TEXTS } from '../../app/texts';
import { RELEASE_TEXTS } from '../product/releases/release-texts';

const section = () => screen.findByRole('region', { name: RELEASE_TEXTS.settingsTitle });

/** PUT /user/release_settings answering what it was sent, and recording it. */
function recordSaves() {
  const sent: unknown[] = [];
  server.use(
    http.put(path('/user/release_settings'), async ({ request }) => {
      const body = (await request.json()) as Record<string, boolean>;
      sent.push(body);
      return ok(body);
    }),
  );
  return sent;
}

describe('Settings: release control (docs/web.md, "Releases"; issue 39)', () => {
  it('turns release control on, then approval, which stays disabled while control is off', async () => {
    serveSettings();
    const sent = recordSaves();
    const { user } = renderApp('/Setting', MANAGER);
    const releases = await section();
    const control = await within(releases).findByRole('switch', { name: RELEASE_TEXTS.releaseControl });
    const approval = within(releases).getByRole('switch', { name: RELEASE_TEXTS.approval });
    expect(control).not.toBeChecked();
    expect(approval).toBeDisabled();
    await user.click(control);
    await waitFor(() => expect(control).toBeChecked());
    expect(approval).toBeEnabled();
    await user.click(approval);
    await waitFor(() => expect(approval).toBeChecked());
    // off again: approval goes with it
    await user.click(control);
    await waitFor(() => expect(control).not.toBeChecked());
    expect(approval).not.toBeChecked();
    expect(sent).toEqual([
      { releaseControl: true, approval: false },
      { releaseControl: true, approval: true },
      { releaseControl: false, approval: false },
    ]);
  });

  it('shows a refused save in the error dialog and keeps the switches as stored', async () => {
    serveSettings();
    server.use(http.put(path('/user/release_settings'), () => refuse(RELEASE_MSG.approvalNeedsControl)));
    const { user } = renderApp('/Setting', MANAGER);
    const control = await within(await section()).findByRole('switch', {
      name: RELEASE_TEXTS.releaseControl,
    });
    await user.click(control);
    expect(await screen.findByRole('dialog', { name: TEXTS.error })).toHaveTextContent(
      RELEASE_MSG.approvalNeedsControl,
    );
    expect(control).not.toBeChecked();
  });

  it('lists the releases waiting for approval and approves one; the author is refused with the server’s words', async () => {
    serveSettings();
    let waiting = [WAITING];
    let approvals = 0;
    server.use(
      http.get(path('/releases/waiting'), () => ok(waiting as never)),
      http.post(path('/seq/:seqId/releases/:no/approve'), () => {
        approvals++;
        if (approvals === 1) return refuse(RELEASE_MSG.ownRelease, 403);
        waiting = [];
        return ok({ ...WAITING, state: 'released' } as never);
      }),
    );
    const { user } = renderApp('/Setting', MANAGER);
    const list = await within(await section()).findByRole('table', { name: RELEASE_TEXTS.waitingTitle });
    const cells = within(list)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 5)).toEqual(['Alpha', 'Gain', '3', 'Erin', 'Wider band']);
    await user.click(within(list).getByRole('button', { name: RELEASE_TEXTS.approve(3) }));
    const alert = await screen.findByRole('dialog', { name: TEXTS.error });
    expect(alert).toHaveTextContent(RELEASE_MSG.ownRelease);
    await user.click(within(alert).getByRole('button', { name: 'OK' }));
    await user.click(within(list).getByRole('button', { name: RELEASE_TEXTS.approve(3) }));
    expect(await screen.findByText(RELEASE_TEXTS.approved('Gain', 3))).toBeInTheDocument();
    expect(await within(await section()).findByText(RELEASE_TEXTS.noneWaiting)).toBeInTheDocument();
  });

  it('rejects a waiting release only with a reason', async () => {
    serveSettings();
    const sent: unknown[] = [];
    server.use(
      http.get(path('/releases/waiting'), () => ok([WAITING] as never)),
      http.post(path('/seq/:seqId/releases/:no/reject'), async ({ request, params }) => {
        sent.push({ params, body: await request.json() });
        return ok({ ...WAITING, state: 'rejected' } as never);
      }),
    );
    const { user } = renderApp('/Setting', MANAGER);
    const list = await within(await section()).findByRole('table', { name: RELEASE_TEXTS.waitingTitle });
    await user.click(within(list).getByRole('button', { name: RELEASE_TEXTS.reject(3) }));
    const ask = await screen.findByRole('dialog', { name: RELEASE_TEXTS.rejectTitle(3) });
    await user.click(within(ask).getByRole('button', { name: RELEASE_TEXTS.rejectShort }));
    expect(within(ask).getByText(RELEASE_MSG.reason)).toBeInTheDocument();
    await user.type(within(ask).getByRole('textbox', { name: RELEASE_TEXTS.reason }), ' Too wide ');
    await user.click(within(ask).getByRole('button', { name: RELEASE_TEXTS.rejectShort }));
    await waitFor(() =>
      expect(sent).toEqual([{ params: { seqId: '13', no: '3' }, body: { reason: 'Too wide' } }]),
    );
    expect(await screen.findByText(RELEASE_TEXTS.rejected('Gain', 3))).toBeInTheDocument();
  });
});
