import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { MANAGER, renderApp } from '../../../test/render';
import { ok, path, refuse, server } from '../../../test/server';
import { serveSettings } from '../../../test/settings-fixtures';

const LINK = '/webcyc/api/user/export/download?code=' + 'x'.repeat(43);

describe('Settings: the account export (issue 16, docs/api/accounts.md "Export links")', () => {
  let followed: { href: string; download: string }[];

  beforeEach(() => {
    followed = [];
    // jsdom does not download: record what the page asked the browser to follow
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      followed.push({ href: this.getAttribute('href')!, download: this.download });
    });
  });

  afterEach(() => jest.restoreAllMocks());

  it('asks for a single-use link and lets the browser download it under the server name', async () => {
    serveSettings();
    let asked = 0;
    server.use(
      http.post(path('/user/export/link'), () => {
        asked++;
        return ok({ url: LINK });
      }),
    );
    renderApp('/Setting', MANAGER);
    const section = await screen.findByRole('region', { name: 'Your data' });
    await userEvent.click(within(section).getByRole('button', { name: 'Export all data' }));
    await waitFor(() => expect(followed).toEqual([{ href: LINK, download: '' }]));
    expect(asked).toBe(1);
    expect(document.querySelector(`a[href="${LINK}"]`)).toBeNull();
  });

  it('shows a refusal in the error dialog and follows nothing', async () => {
    serveSettings();
    server.use(
      http.post(path('/user/export/link'), () =>
        refuse('Your role may not do this: it needs the account manager', 403),
      ),
    );
    renderApp('/Setting', MANAGER);
    const section = await screen.findByRole('region', { name: 'Your data' });
    await userEvent.click(within(section).getByRole('button', { name: 'Export all data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(dialog).toHaveTextContent('Your role may not do this: it needs the account manager');
    expect(followed).toEqual([]);
  });
});
