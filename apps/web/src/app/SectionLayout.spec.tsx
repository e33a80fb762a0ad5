import { screen, within } from '@testing-library/react';
import { at, renderApp } from '../../test/render';

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
});
