import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { at, MANAGER, renderApp } from '../../test/render';
import { ok, path, server } from '../../test/server';

// The folding itself is the stylesheet's (Mantine's visibleFrom, a media query jsdom does not
// apply): here, what the button says and controls; accounts.e2e checks the fold at a phone's width.
describe("a section's side menu on a narrow screen (docs/web.md)", () => {
  const findMenu = () => screen.findByRole('navigation', { name: 'Guides' });
  const linksOf = (button: HTMLElement) => document.getElementById(button.getAttribute('aria-controls')!)!;

  it('is one folded button that names the open page and controls the links', async () => {
    renderApp('/guide/faq');
    const fold = await within(await findMenu()).findByRole('button', {
      name: 'Guides: FAQ',
      expanded: false,
    });
    expect(
      within(linksOf(fold))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Quick Start', 'Tutorials', 'FAQ']);
    expect(linksOf(fold)).toHaveClass('mantine-visible-from-sm');
  });

  it('unfolds on a press, and folds again once a link is followed', async () => {
    const { router, user } = renderApp('/guide/faq');
    await user.click(await within(await findMenu()).findByRole('button'));
    const fold = within(await findMenu()).getByRole('button', { name: 'Guides: FAQ', expanded: true });
    expect(linksOf(fold)).not.toHaveClass('mantine-visible-from-sm');
    await user.click(within(linksOf(fold)).getByRole('link', { name: 'Tutorials' }));
    expect(at(router)).toBe('/guide/tutorials');
    const folded = await within(await findMenu()).findByRole('button', {
      name: 'Guides: Tutorials',
      expanded: false,
    });
    expect(linksOf(folded)).toHaveClass('mantine-visible-from-sm');
  });

  it("keeps the Reports menu to the spec's four daily reports, Measurements a menu of its own behind the same fold", async () => {
    server.use(http.get(path('/user/product_list'), () => ok([] as never)));
    renderApp('/report/daily-test', MANAGER);
    const reports = await screen.findByRole('navigation', { name: 'Reports' });
    expect(
      within(reports)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Daily Tested Units', 'Daily Pass Rate', 'First Time Pass Yield', 'Throughput Yield']);
    const measurements = screen.getByRole('navigation', { name: 'Measurements' });
    expect(
      within(measurements)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Failure Pareto', 'Capability', 'Control Chart', 'SPC Alarms']);
    const fold = within(reports).getByRole('button', { name: 'Reports: Daily Tested Units' });
    const [links, groups] = fold.getAttribute('aria-controls')!.split(' ');
    expect(document.getElementById(links!)).toContainElement(within(reports).getAllByRole('link')[0]!);
    expect(document.getElementById(groups!)).toContainElement(measurements);
    expect(document.getElementById(groups!)).toHaveClass('mantine-visible-from-sm');
  });
});
