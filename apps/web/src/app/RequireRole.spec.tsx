import { Role, type SessionUser } from '@sweepline/domain';
import { screen, waitFor } from '@testing-library/react';
import { serveEditor } from '../../test/editor-fixtures';
import { MANAGER, at, renderApp } from '../../test/render';
import { server } from '../../test/server';
import { TEXTS } from './texts';

const as = (role: Role): SessionUser => ({ ...MANAGER, role });

/** The paths of every call the app makes while a test runs. */
function recordCalls(): string[] {
  const calls: string[] = [];
  server.events.on('request:start', ({ request }) => {
    calls.push(new URL(request.url).pathname);
  });
  return calls;
}

afterEach(() => server.events.removeAllListeners());

describe('pages that fit the role (issue 18)', () => {
  it.each([
    ['an operator', Role.Operator, '/Setting', TEXTS.settingsOnlyManager],
    ['an editor', Role.Editor, '/Setting', TEXTS.settingsOnlyManager],
    ['a manager', Role.Manager, '/ht', TEXTS.backOfficeOnlyAdmin],
    ['an operator', Role.Operator, '/ht/bill', TEXTS.backOfficeOnlyAdmin],
    ['an editor', Role.Editor, '/ht/accounts', TEXTS.backOfficeOnlyAdmin],
  ])('sends %s (role %d) from %s to the products with a short info', async (_who, role, url, message) => {
    serveEditor([]); // the products screen they land on
    const calls = recordCalls();
    const { router } = renderApp(url, as(role));
    expect(await screen.findByText(message)).toBeInTheDocument();
    await waitFor(() => expect(at(router)).toBe('/product'));
    // the refused page never mounted: its calls were not made, and no error dialog is shown
    expect(
      calls.filter((p) => /\/(user\/account|users|api_tokens|ht|bill|usage|accounts)\b/.test(p)),
    ).toEqual([]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([
    ['a manager', Role.Manager, '/Setting'],
    ['the administrator', Role.Admin, '/Setting'],
    ['the administrator', Role.Admin, '/ht/usage'],
  ])('lets %s (role %d) open %s', async (_who, role, url) => {
    const { router } = renderApp(url, as(role));
    await waitFor(() => expect(at(router)).toBe(url));
    expect(screen.queryByText(TEXTS.settingsOnlyManager)).not.toBeInTheDocument();
    expect(screen.queryByText(TEXTS.backOfficeOnlyAdmin)).not.toBeInTheDocument();
  });
});
