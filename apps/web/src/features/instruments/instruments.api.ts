import { endpoints, type CertificateFields, type InstrumentSettings } from '@sweepline/domain';
import { api } from '../../app/api-client';

const { instruments } = endpoints;

/** The calls of docs/api/instruments.md behind the Instruments screen, Settings and /tr. */
export const instrumentsApi = {
  list: () => api.call(instruments.list),
  one: (instrumentId: number) => api.call(instruments.one, { params: { instrumentId } }),
  /** Managers: the certificate's fields and its PDF, as multipart/form-data. */
  addCertificate: (instrumentId: number, fields: CertificateFields, file: File) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', file);
    return api.form(instruments.addCertificate, form, { params: { instrumentId } });
  },
  certificatePdf: (instrumentId: number, certificateId: number) =>
    api.file(instruments.certificatePdf, { params: { instrumentId, certificateId } }),
  settings: () => api.call(instruments.settings),
  saveSettings: (settings: InstrumentSettings) => api.call(instruments.saveSettings, { body: settings }),
  runOrigin: (runId: number) => api.call(instruments.runOrigin, { params: { id: runId } }),
};
