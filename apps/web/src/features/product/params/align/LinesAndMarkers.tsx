import { Box, Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { addLimitLine, addMarker, removeLimitLine, removeMarker, type Trace } from '@sweepline/domain';
import { notifyInfo } from '@sweepline/ui';
import { LINE_FIELDS, MARKER_FIELDS, withChanges, type ParamValue } from '../param-layout';
import { ParamFields } from '../ParamFields';
import { DeleteIcon } from '../DeleteIcon';
import { useParamForm } from '../ParamFormContext';

export interface LinesAndMarkersProps {
  trace: Trace;
  /** The trace's wire path, 'channelArray[0].traceArray[1].'. */
  path: string;
  onChange: (trace: Trace) => void;
}

/** The limit lines and markers of a trace, up to 9 of each, checked against the calibration's range. */
export function LinesAndMarkers({ trace, path, onChange }: LinesAndMarkersProps) {
  const { readOnly, errorOf } = useParamForm();
  const added = (result: { trace: Trace } | { error: string }) => {
    if ('error' in result) notifyInfo(result.error);
    else onChange(result.trace);
  };
  const patchItem =
    <K extends 'lineArray' | 'markerArray'>(key: K, index: number) =>
    (patch: ParamValue) =>
      onChange({
        ...trace,
        [key]: trace[key].map((item, i) => (i === index ? withChanges(item, patch) : item)),
      });
  return (
    <Stack gap={6} mt="xs">
      {trace.lineArray.map((line, i) => (
        <ItemRow
          key={`line-${i}`}
          label={`Line ${i + 1}`}
          readOnly={readOnly}
          onDelete={() => onChange(removeLimitLine(trace, i))}
        >
          <ParamFields
            fields={LINE_FIELDS}
            value={line}
            path={`${path}lineArray[${i}].`}
            inline
            onPatch={patchItem('lineArray', i)}
          />
        </ItemRow>
      ))}
      {trace.markerArray.map((marker, i) => (
        <ItemRow
          key={`marker-${i}`}
          label={`Marker ${i + 1}`}
          readOnly={readOnly}
          onDelete={() => onChange(removeMarker(trace, i))}
        >
          <ParamFields
            fields={MARKER_FIELDS}
            value={marker}
            path={`${path}markerArray[${i}].`}
            inline
            onPatch={patchItem('markerArray', i)}
          />
        </ItemRow>
      ))}
      {[errorOf(`${path}lineArray`), errorOf(`${path}markerArray`)].map(
        (message) =>
          message && (
            <Text key={message} size="xs" c="red" role="alert">
              {message}
            </Text>
          ),
      )}
      <Group gap={4}>
        <Button
          size="compact-xs"
          variant="subtle"
          disabled={readOnly}
          onClick={() => added(addLimitLine(trace))}
        >
          Add limit line
        </Button>
        <Button
          size="compact-xs"
          variant="subtle"
          disabled={readOnly}
          onClick={() => added(addMarker(trace))}
        >
          Add marker
        </Button>
      </Group>
    </Stack>
  );
}

/** One limit line or marker: its name and delete tool above its fields. */
function ItemRow({
  label,
  readOnly,
  onDelete,
  children,
}: {
  label: string;
  readOnly: boolean;
  onDelete: () => void;
  children: ReactNode;
}) {
  return (
    <Box role="group" aria-label={label}>
      <Group justify="space-between" gap="xs">
        <Text size="xs" fw={500}>
          {label}
        </Text>
        <DeleteIcon label={`Delete ${label.toLowerCase()}`} disabled={readOnly} onClick={onDelete} />
      </Group>
      {children}
    </Box>
  );
}
