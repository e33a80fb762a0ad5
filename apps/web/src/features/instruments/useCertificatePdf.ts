import type { Certificate } from '@sweepline/domain';
import { downloadBlob } from '@sweepline/ui';
import { reportFailure } from '../../app/api-client';
import { instrumentsApi } from './instruments.api';

/**
 * Saves a certificate's PDF under the name the server gives. Fetched with the session header,
 * which a plain link would not send.
 */
export function useCertificatePdf(instrumentId: number, onError: (message: string) => void) {
  return async (certificate: Certificate) => {
    try {
      const { blob, fileName } = await instrumentsApi.certificatePdf(instrumentId, certificate.id);
      downloadBlob(blob, fileName ?? certificate.fileName);
    } catch (error) {
      reportFailure(error, onError);
    }
  };
}
