import { Alert, FileInput, Text, TextInput } from '@mantine/core';
import { instrumentName, type Certificate, type InstrumentRow } from '@sweepline/domain';
import { browserToday, FormDialog, textField, useFormState } from '@sweepline/ui';
import { useState } from 'react';
import { reportFailure } from '../../app/api-client';
import { certificateRules, NO_CERTIFICATE, refusedField, type CertificateValues } from './certificate-form';
import { useRecordCertificate } from './useRecordCertificate';

type Refusal = { field?: keyof CertificateValues; message: string };

/**
 * Record certificate (managers): number, laboratory, the two dates and the PDF, checked as the
 * server checks them; a refusal of the server shows on the field it names, or above the buttons.
 */
export function CertificateDialog({
  instrument,
  onRecorded,
  onCancel,
}: {
  instrument: InstrumentRow;
  onRecorded: (certificate: Certificate) => void;
  onCancel: () => void;
}) {
  const [today] = useState(browserToday);
  const form = useFormState(NO_CERTIFICATE, certificateRules(today), { calibrated_on: ['due_on'] });
  const [refusal, setRefusal] = useState<Refusal>();
  const { saving, record } = useRecordCertificate(instrument.id);
  const { values } = form;

  const send = async () => {
    setRefusal(undefined);
    try {
      const fields = {
        number: values.number.trim(),
        laboratory: values.laboratory.trim(),
        calibrated_on: values.calibrated_on,
        due_on: values.due_on,
      };
      onRecorded(await record(fields, values.file!));
    } catch (error) {
      reportFailure(error, (message) => setRefusal(refusedField(message) ?? { message }));
    }
  };
  // the server's word on a field stays until that field changes
  const errorOf = (name: keyof CertificateValues) =>
    form.errors[name] ?? (refusal?.field === name ? refusal.message : undefined);
  const field = (name: 'number' | 'laboratory' | 'calibrated_on' | 'due_on') => {
    const props = textField(form, name);
    return {
      ...props,
      error: errorOf(name),
      onChange: (event: { currentTarget: { value: string } }) => {
        if (refusal?.field === name) setRefusal(undefined);
        props.onChange(event);
      },
    };
  };

  return (
    <FormDialog
      title="Record certificate"
      form={form}
      submitLabel="Record"
      busy={saving}
      onValid={() => void send()}
      onCancel={onCancel}
    >
      <Text size="sm">{instrumentName(instrument)}</Text>
      <TextInput label="Certificate number" data-autofocus withAsterisk {...field('number')} />
      <TextInput label="Laboratory" withAsterisk {...field('laboratory')} />
      <TextInput label="Calibrated on" type="date" max={today} withAsterisk {...field('calibrated_on')} />
      <TextInput label="Due on" type="date" withAsterisk {...field('due_on')} />
      <FileInput
        label="Certificate (PDF)"
        placeholder="Choose the PDF"
        accept="application/pdf"
        clearable
        withAsterisk
        value={values.file}
        onChange={(file) => {
          if (refusal?.field === 'file') setRefusal(undefined);
          form.set('file', file);
        }}
        error={errorOf('file')}
      />
      {refusal && refusal.field === undefined && (
        <Alert color="red" role="alert">
          {refusal.message}
        </Alert>
      )}
    </FormDialog>
  );
}
