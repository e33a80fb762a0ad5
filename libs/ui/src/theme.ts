import {
  createTheme,
  DEFAULT_THEME,
  rem,
  type CloseButtonProps,
  type ComboboxProps,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type ModalProps,
  type SelectProps,
} from '@mantine/core';
import { LIMITS } from '@sweepline/domain';

/**
 * The app's Mantine theme (issue 28, "screens everyone can use"): the colours and names that
 * WCAG 2.1 AA asks of every screen, set once here rather than screen by screen. axe-core checks
 * them on every route (apps/web/e2e/a11y.e2e-spec.ts).
 */
export const sweeplineTheme = createTheme({
  // filled buttons, links and the selected row's blue: shade 8 (#1971c2) carries white text at
  // 5.0:1 where Mantine's default shade 6 (#228be6) gave 3.55:1
  primaryShade: { light: 8, dark: 8 },
  colors: {
    // orange 9 is the warnings' text (a step's measurement warning, a run of an older test
    // version): a deeper orange that reads at 4.5:1 on white and on a selected row (6.1, 4.9)
    orange: [...DEFAULT_THEME.colors.orange.slice(0, 9), '#a34700'] as unknown as MantineColorsTuple,
  },
  // every screen's title is its level-one heading and its parts level two, no level skipped;
  // each level looks as the one below it did in Mantine's scale, so the screens look the same
  headings: {
    sizes: {
      h1: { fontSize: rem(26), lineHeight: '1.35' },
      h2: { fontSize: rem(22), lineHeight: '1.4' },
      h3: { fontSize: rem(18), lineHeight: '1.45' },
      h4: { fontSize: rem(16), lineHeight: '1.5' },
    },
  },
  // plain objects, not `Select.extend(…)`: importing a component here put its code, and a
  // Select's whole combobox, in every screen's first chunk (issue 43), where the types suffice
  components: {
    // every close button (notifications, drawers) says what it does
    // (not in CloseButtonProps' type, but handed to the button like any attribute)
    CloseButton: { defaultProps: { 'aria-label': 'Close' } as Partial<CloseButtonProps> },
    // a closed select draws no list (issue 43): Mantine 9 keeps every Select's options mounted,
    // hidden, in a portal that floating-ui places and follows, so each Select of a screen cost
    // its whole list, a scroll area and position updates on the first load; the list is made
    // when it opens (the input names it in aria-controls only while it is open)
    Combobox: { defaultProps: { keepMounted: false } satisfies Partial<ComboboxProps> },
    // every text input is limited by a shared constant (the spec): a searchable select's typed
    // search too, at the names' length (products, tests, steps, accounts, users, instruments)
    Select: { defaultProps: { maxLength: LIMITS.nameLength } satisfies Partial<SelectProps> },
    // a dialog's own X, apart from a dialog's 'Close' button of its form
    Modal: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } satisfies Partial<ModalProps>,
    },
    // the active entry's description at full strength: at Mantine's 0.9 it read 4.09:1
    NavLink: { styles: { description: { '--description-opacity': '1' } } },
  },
});

/**
 * Dimmed text (models, stage-test numbers, hints) in a grey that reads at 4.5:1 or more on white
 * (6.1:1), on the selected row's light blue (4.9:1) and on a disabled input (5.5:1); Mantine's
 * gray 6 gave 3.3:1, and 2.7:1 on a selected row.
 */
export const sweeplineCssVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    // links read on white and on a light blue note alike (6.1:1, 4.9:1)
    '--mantine-color-anchor': 'var(--mantine-color-blue-9)',
    // a yellow note's title: Mantine's yellow 9 read 2.7:1 on its own light yellow
    '--mantine-color-yellow-light-color': '#8a4b00',
    // red words (a field's error, an SPC alarm, a refusal): Mantine's error red (red 6) read
    // 3.3:1 on white and `c="red"` (red 8) 4.2:1 on the board's alarm block; red 9 reads 5.5:1
    // on white and 5.1:1 on red 0 (issue 41)
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-red-text': 'var(--mantine-color-red-9)',
    // a red note (the chart's open alarm, a refusal) on red 0 rather than red 1: its red 9 words
    // read 5.1:1 there, 4.5:1 on red 1
    '--mantine-color-red-light': 'var(--mantine-color-red-0)',
  },
  dark: {},
});

/** The home page's headline: the size of Mantine's own level one, larger than a screen's title. */
export const HEADLINE_SIZE = rem(34);
