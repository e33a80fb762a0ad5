import { MSG } from '@sweepline/domain';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderApp } from '../../test/render';
import { captchaHandlers, server } from '../../test/server';

/** The paths of the calls made while a test runs. */
function recordCalls(): string[] {
  const calls: string[] = [];
  server.events.on('request:start', ({ request }) => {
    calls.push(new URL(request.url).pathname);
  });
  return calls;
}

afterEach(() => server.events.removeAllListeners());

const widget = () => document.querySelector('altcha-widget');
const robot = () => screen.findByRole('button', { name: "I'm not a robot" });
const formOf = async (title: string) =>
  (await screen.findByRole('heading', { name: title })).closest('form')!;

describe('the verification widget loads when the form is first used (issue 43, docs/web.md "First load")', () => {
  it.each([
    ['/login', 'Log In'],
    ['/signup', 'Sign Up for Free Trial'],
    ['/ForgetPass', 'Forgot Password'],
  ])('%s holds the field and its place, without the widget or a call, until then', async (url, title) => {
    const calls = recordCalls();
    renderApp(url);
    await formOf(title);
    // a screen's effects and a first paint's timers have run: still nothing loaded
    await act(() => new Promise((done) => setTimeout(done, 50)));
    expect(widget()).toBeNull();
    expect(screen.getByText('Verification')).toBeInTheDocument();
    expect(calls.filter((p) => p.includes('captcha'))).toEqual([]);
  });

  it('loads it when a field is focused (a tab, a tap)', async () => {
    renderApp('/login');
    await formOf('Log In');
    act(() => screen.getByRole('textbox', { name: 'Email' }).focus());
    expect(await robot()).toBeInTheDocument();
  });

  it('loads it when the pointer comes over the form, before it reaches the widget', async () => {
    const { user } = renderApp('/login');
    await user.hover(await formOf('Log In'));
    expect(await robot()).toBeInTheDocument();
  });

  it('loads it on a key pressed in the form', async () => {
    renderApp('/login');
    fireEvent.keyDown(await formOf('Log In'), { key: 'Tab' });
    expect(await robot()).toBeInTheDocument();
  });

  it('ignores the pointer elsewhere on the page', async () => {
    const { user } = renderApp('/login');
    await formOf('Log In');
    await user.hover(screen.getByRole('navigation', { name: 'Main' }));
    await act(() => new Promise((done) => setTimeout(done, 50)));
    expect(widget()).toBeNull();
  });

  it('shows the missing verification on its place, and verifies once loaded', async () => {
    server.use(...captchaHandlers());
    const { user } = renderApp('/login');
    const form = await formOf('Log In');
    fireEvent.submit(form);
    expect(screen.getByText(MSG.completeVerification)).toBeInTheDocument();
    await user.click(screen.getByRole('textbox', { name: 'Email' }));
    await user.click(await robot());
    expect(await screen.findByText(MSG.verified)).toBeInTheDocument();
  });
});
