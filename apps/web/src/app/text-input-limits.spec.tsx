import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { SERIAL_NUMBERS_TEXT_MAX_LENGTH } from '@sweepline/domain';
import { F200 } from '../../test/product-fixtures';
import { MANAGER, renderApp } from '../../test/render';
import { ok, path, server } from '../../test/server';

/** The first screen waits for its lazily loaded chunk, slow on a busy machine. */
const SLOW = { timeout: 30_000 };

/** The fields a person types into: text, e-mail, password and search inputs, and text areas. */
const typedFields = () =>
  [...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')].filter(
    (field) =>
      !field.readOnly &&
      !field.hidden &&
      (field instanceof HTMLTextAreaElement || ['text', 'email', 'password', 'search'].includes(field.type)),
  );

/** The typed fields without a limit, by name: jsdom, as a browser, gives -1 for an input without one. */
const unlimitedFields = () =>
  typedFields()
    .filter((field) => field.maxLength < 0)
    .map((field) => field.name || field.id);

describe('every text input of the account and lookup screens is limited (docs/requirements/identity.md#password-rule)', () => {
  it.each([
    ['/login', 'Log In', undefined],
    ['/signup', 'Sign Up for Free Trial', undefined],
    ['/ForgetPass', 'Forgot Password', undefined],
    ['/ResetPass?email=ann%40acme.example&code=123456', 'Reset Password', undefined],
    ['/ModifyPass', 'Change Password', MANAGER],
    ['/sn', 'Serial Numbers', MANAGER],
    ['/tr', 'Test Results', MANAGER],
  ])('%s', async (url, heading, user) => {
    server.use(
      http.get(path('/sn'), () => ok([])),
      http.get(path('/report/latest'), () => ok([])),
    );
    renderApp(url, user);
    await screen.findByRole('heading', { level: 1, name: heading }, SLOW);
    expect(typedFields().length).toBeGreaterThan(0);
    expect(unlimitedFields()).toEqual([]);
  });

  it("/report/daily-pass-rate's searchable product and test pickers", async () => {
    server.use(
      http.get(path('/user/product_list'), () => ok([F200] as never)),
      http.get(path('/report/daily_pass_rate'), () => ok({ data: [] } as never)),
    );
    renderApp('/report/daily-pass-rate', MANAGER);
    await screen.findByRole('combobox', { name: 'Test' }, SLOW);
    expect(unlimitedFields()).toEqual([]);
    expect(screen.getByRole('combobox', { name: 'Product' })).toHaveAttribute('maxLength', '100');
  });

  it("/sn's Add Serial Number box", async () => {
    const product = { ...F200, snArray: ['A-1'], stageArray: [1] };
    server.use(
      http.get(path('/sn'), () => ok([product] as never)),
      http.get(path('/sn/units'), () => ok([] as never)),
    );
    const { user } = renderApp('/sn', MANAGER);
    // the first product is selected as the list comes
    await screen.findByRole('option', { name: /^A-1/ }, SLOW);
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Serial Number' });
    const box = within(dialog).getByRole('textbox', { name: /Serial numbers/ });
    expect(box).toHaveAttribute('maxLength', String(SERIAL_NUMBERS_TEXT_MAX_LENGTH));
    expect(unlimitedFields()).toEqual([]);
  });
});
