import { screen, within } from '@testing-library/react';

// The Products screen's lists as a user finds them (its columns are listboxes named by their
// titles). The page is large for jsdom's role queries: a longer wait than the default second.

export const list = (name: string) => screen.findByRole('listbox', { name }, { timeout: 5000 });

/** The accessible names of a column's options, in order. */
export const optionNames = async (name: string) =>
  within(await list(name))
    .getAllByRole('option')
    .map((o) => o.getAttribute('aria-label'));

/** The accessible names of a column's selected options. */
export const selectedNames = async (name: string) =>
  within(await list(name))
    .getAllByRole('option')
    .filter((o) => o.getAttribute('aria-selected') === 'true')
    .map((o) => o.getAttribute('aria-label'));
