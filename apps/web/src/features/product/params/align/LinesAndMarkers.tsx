import { ActionIcon, Button, Group, Stack, Text } from '@mantine/core';
import { addLimitLine, addMarker, removeLimitLine, removeMarker, type Trace } from '@sweepline/domain';
import { notifyInfo } from '@sweepline/ui';
import { LINE_FIELDS, MARKER_FIELDS, type ParamValue } from '../param-layout';
import { ParamFields } from '../ParamFields';
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
        [key]: trace[key].map((item, i) => (i === index ? { ...item, ...patch } : item)),
      });
  return (
    <Stack gap={6} mt="xs">
      {trace.lineArray.map((line, i) => (
        <Group key={i} gap="xs" align="flex-start" wrap="nowrap" role="group" aria-label={`Line ${i + 1}`}>
          <Text size="xs" mt={30} w={44}>{`Line ${i + 1}`}</Text>
          <div style={{ flex: 1 }}>
            <ParamFields
              fields={LINE_FIELDS}
              value={line as unknown as ParamValue}
              path={`${path}lineArray[${i}].`}
              cols={5}
              onPatch={patchItem('lineArray', i)}
            />
          </div>
          <ActionIcon
            mt={28}
            variant="subtle"
            color="red"
            aria-label={`Delete line ${i + 1}`}
            disabled={readOnly}
            onClick={() => onChange(removeLimitLine(trace, i))}
          >
            ×
          </ActionIcon>
        </Group>
      ))}
      {trace.markerArray.map((marker, i) => (
        <Group key={i} gap="xs" align="flex-start" wrap="nowrap" role="group" aria-label={`Marker ${i + 1}`}>
          <Text size="xs" mt={30} w={44}>{`Marker ${i + 1}`}</Text>
          <ParamFields
            fields={MARKER_FIELDS}
            value={marker as unknown as ParamValue}
            path={`${path}markerArray[${i}].`}
            onPatch={patchItem('markerArray', i)}
          />
          <ActionIcon
            mt={28}
            variant="subtle"
            color="red"
            aria-label={`Delete marker ${i + 1}`}
            disabled={readOnly}
            onClick={() => onChange(removeMarker(trace, i))}
          >
            ×
          </ActionIcon>
        </Group>
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
