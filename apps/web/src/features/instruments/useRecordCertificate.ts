import type { Certificate, CertificateFields } from '@sweepline/domain';
import { useState } from 'react';
import { invalidateServerData } from '../../app/server-data-reloads';
import { instrumentsApi } from './instruments.api';
import { INSTRUMENT_DATA } from './useInstruments';

/**
 * A manager's new certificate of an instrument, uploaded with its PDF; `saving` while it goes.
 * Once stored, the instrument and the list are asked again (the state may have changed). A
 * refusal is thrown to the dialog, which shows it on its field.
 */
export function useRecordCertificate(instrumentId: number) {
  const [saving, setSaving] = useState(false);
  const record = async (fields: CertificateFields, file: File): Promise<Certificate> => {
    setSaving(true);
    try {
      const certificate = await instrumentsApi.addCertificate(instrumentId, fields, file);
      invalidateServerData(INSTRUMENT_DATA.one);
      invalidateServerData(INSTRUMENT_DATA.list);
      return certificate;
    } finally {
      setSaving(false);
    }
  };
  return { saving, record };
}
