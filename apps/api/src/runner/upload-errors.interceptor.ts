import { CallHandler, Injectable, NestInterceptor, PayloadTooLargeException } from '@nestjs/common';
import { catchError, Observable, throwError } from 'rxjs';
import { ATTACHMENT_MSG } from '@sweepline/domain';
import { payloadTooLarge } from '../common/api-error';

/**
 * multer stops reading a file past its size limit and Nest answers 413 'File too large'; this
 * says how large a file may be. Bound before FileInterceptor, so it sees multer's refusals.
 */
@Injectable()
export class UploadErrorsInterceptor implements NestInterceptor {
  intercept(_context: unknown, next: CallHandler): Observable<unknown> {
    return next
      .handle()
      .pipe(
        catchError((error: unknown) =>
          throwError(() =>
            error instanceof PayloadTooLargeException ? payloadTooLarge(ATTACHMENT_MSG.fileTooLarge) : error,
          ),
        ),
      );
  }
}
