import { screen } from '@testing-library/react';
import { http } from 'msw';
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
    const fields = typedFields();
    expect(fields.length).toBeGreaterThan(0);
    // jsdom, as a browser, gives -1 for an input without a limit
    const unlimited = fields.filter((field) => field.maxLength < 0).map((field) => field.name || field.id);
    expect(unlimited).toEqual([]);
  });
});
