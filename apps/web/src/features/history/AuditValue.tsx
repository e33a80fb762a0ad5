import { Anchor, Text } from '@mantine/core';
import { useState } from 'react';
import { SHORT_VALUE_CHARS, auditValueText } from './audit-texts';

/**
 * One old or new value of a change: a long one is cut to its start, with "Show all" beside it
 * (a button, so a keyboard reaches it) and the whole text in its title.
 */
export function AuditValue({ value, side }: { value: unknown; side: 'old' | 'new' }) {
  const [open, setOpen] = useState(false);
  const text = auditValueText(value);
  const long = text.length > SHORT_VALUE_CHARS;
  const shown = long && !open ? `${text.slice(0, SHORT_VALUE_CHARS)}…` : text;
  return (
    <Text
      span
      size="sm"
      ff="monospace"
      // the darkest shades: 4.5:1 and more on the table's striped rows (WCAG AA)
      c={side === 'old' ? 'red.9' : 'teal.9'}
      title={long ? text : undefined}
      style={{ wordBreak: 'break-word' }}
    >
      {shown}
      {long && (
        <Anchor component="button" type="button" size="xs" ml={4} onClick={() => setOpen(!open)}>
          {open ? 'Show less' : 'Show all'}
        </Anchor>
      )}
    </Text>
  );
}
