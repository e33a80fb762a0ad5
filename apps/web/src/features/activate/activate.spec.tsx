import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { at, renderApp } from '../../../test/render';
import { ok, path, refuse, server } from '../../../test/server';
import { TEXTS } from '../../app/texts';

const LINK = '/activate?email=ann%40acme.example&code=c0de';

describe('activation page (the sign-up mail link)', () => {
  it('activates with the e-mail and code of the link, then offers the log-in', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post(path('/user/activate'), async ({ request }) => {
        sent.push(await request.json());
        return ok(null);
      }),
    );
    const { user, router } = renderApp(LINK);
    expect(await screen.findByText('ann@acme.example')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText(TEXTS.activated)).toBeInTheDocument();
    expect(sent).toEqual([{ email: 'ann@acme.example', code: 'c0de' }]);
    await user.click(within(screen.getByRole('main')).getByRole('link', { name: 'Log In' }));
    expect(at(router)).toBe('/login');
  });

  it('shows why a link does not work', async () => {
    server.use(http.post(path('/user/activate'), () => refuse('This link is invalid or has expired')));
    const { user } = renderApp(LINK);
    await user.click(await screen.findByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('This link is invalid or has expired')).toBeInTheDocument();
    expect(screen.getByText(TEXTS.activationFailed)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Activate' })).not.toBeInTheDocument();
  });
});
