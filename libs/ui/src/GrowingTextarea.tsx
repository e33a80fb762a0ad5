import { Textarea, type TextareaProps } from '@mantine/core';

/**
 * Whether the browser grows a field with its text by CSS alone (`field-sizing: content`:
 * Chromium 123, Safari 26; not yet Firefox; not jsdom).
 */
const growsByCss = () =>
  typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('field-sizing', 'content');

export type GrowingTextareaProps = Omit<TextareaProps, 'autosize' | 'maxRows' | 'styles'> & {
  minRows: number;
};

/**
 * A Textarea as tall as its text, from `minRows` lines (issue 43). Mantine's autosize measures a
 * hidden copy of the field after each render, reading its computed style: a forced layout of the
 * page each time, 0.1-0.2 s at a phone's CPU in the editor's first load. Where the browser can,
 * CSS grows the field instead; elsewhere Mantine's autosize does, as before.
 */
export function GrowingTextarea({ minRows, ...textarea }: GrowingTextareaProps) {
  if (!growsByCss()) return <Textarea {...textarea} autosize minRows={minRows} />;
  const minHeight = `calc(${minRows}lh + 2 * var(--input-padding-y, 0rem) + 2px)`;
  return <Textarea {...textarea} styles={{ input: { fieldSizing: 'content', minHeight } }} />;
}
