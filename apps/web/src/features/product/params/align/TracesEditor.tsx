import { Button, Fieldset, Group, NativeSelect, Radio, Stack, Text, TextInput } from '@mantine/core';
import {
  activateTrace,
  addTrace,
  alignSParamChoices,
  allowedDisplayFormats,
  FIELD_LABELS,
  removeTrace,
  setTraceSParam,
  type Alignment,
  type Trace,
} from '@sweepline/domain';
import { notifyInfo } from '@sweepline/ui';
import { formatLabel } from '../choice-labels';
import { TRACE_FIELDS, withChanges, type ParamValue } from '../param-layout';
import { ParamFields } from '../ParamFields';
import { DeleteIcon } from '../DeleteIcon';
import { useParamForm } from '../ParamFormContext';
import { LinesAndMarkers } from './LinesAndMarkers';

export interface TracesEditorProps {
  alignment: Alignment;
  /** The alignment's wire path, 'channelArray[0].'. */
  path: string;
  onPatch: (patch: ParamValue) => void;
}

/**
 * The S-parameter traces of an alignment (up to 9): exactly one active, the S parameters the
 * alignment's calibration offers, the display formats that S parameter allows.
 */
export function TracesEditor({ alignment, path, onPatch }: TracesEditorProps) {
  const { readOnly, errorOf, cals } = useParamForm();
  const traces = alignment.traceArray;
  const choices = alignSParamChoices(cals.find((cal) => cal.id === alignment.calId));
  const setTraces = (traceArray: Trace[]) => onPatch({ traceArray });
  const setTrace = (index: number, trace: Trace) =>
    setTraces(traces.map((t, i) => (i === index ? trace : t)));
  const add = () => {
    const result = addTrace(traces);
    if ('error' in result) notifyInfo(result.error);
    else setTraces(result.traces);
  };
  const listError = errorOf(`${path}traceArray`);
  return (
    <Stack gap="xs" role="group" aria-label="S Parameters">
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          S Parameters
        </Text>
        <Button size="compact-xs" variant="light" disabled={readOnly} onClick={add}>
          Add S parameter
        </Button>
      </Group>
      {listError && (
        <Text size="xs" c="red" role="alert">
          {listError}
        </Text>
      )}
      {traces.map((trace, i) => {
        const n = i + 1;
        const tracePath = `${path}traceArray[${i}].`;
        return (
          <Fieldset key={i} legend={`Trace ${n}`} p="xs">
            <Group justify="space-between" gap="xs">
              <Radio
                label="Active"
                checked={trace.isActive}
                disabled={readOnly}
                onChange={() => setTraces(activateTrace(traces, i))}
              />
              <DeleteIcon
                label={`Delete trace ${n}`}
                disabled={readOnly}
                onClick={() => setTraces(removeTrace(traces, i))}
              />
            </Group>
            <Group gap="xs" align="flex-start">
              <NativeSelect
                style={{ flex: '1 1 100px' }}
                label={FIELD_LABELS.sParam}
                value={choices.includes(trace.sParam) ? trace.sParam : ''}
                data={[{ value: '', label: 'None' }, ...choices]}
                error={errorOf(`${tracePath}sParam`)}
                disabled={readOnly}
                onChange={(e) => setTrace(i, setTraceSParam(trace, e.currentTarget.value))}
              />
              <NativeSelect
                style={{ flex: '1 1 120px' }}
                label={FIELD_LABELS.df}
                value={String(trace.df)}
                data={allowedDisplayFormats(trace.sParam).map((df) => ({
                  value: String(df),
                  label: formatLabel(df),
                }))}
                error={errorOf(`${tracePath}df`)}
                disabled={readOnly}
                onChange={(e) => setTrace(i, { ...trace, df: Number(e.currentTarget.value) })}
              />
              <TextInput
                style={{ flex: '1 1 120px' }}
                label={FIELD_LABELS.name}
                value={trace.name}
                disabled={readOnly}
                onChange={(e) => setTrace(i, { ...trace, name: e.currentTarget.value })}
              />
            </Group>
            <ParamFields
              fields={TRACE_FIELDS}
              value={trace}
              path={tracePath}
              inline
              onPatch={(patch) => setTrace(i, withChanges(trace, patch))}
            />
            <LinesAndMarkers trace={trace} path={tracePath} onChange={(next) => setTrace(i, next)} />
          </Fieldset>
        );
      })}
    </Stack>
  );
}
