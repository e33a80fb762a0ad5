import {
  applyDecorators,
  CallHandler,
  Injectable,
  NestInterceptor,
  PayloadTooLargeException,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiConsumes } from '@nestjs/swagger';
import { catchError, Observable, throwError } from 'rxjs';
import { payloadTooLarge } from './api-error';

/**
 * multer stops reading a file past its size limit and Nest answers 413 'File too large'; this
 * says how large the file may be. Bound before FileInterceptor, so it sees multer's refusals.
 */
@Injectable()
class FileTooLargeMessage implements NestInterceptor {
  constructor(private readonly message: string) {}

  intercept(_context: unknown, next: CallHandler): Observable<unknown> {
    return next
      .handle()
      .pipe(
        catchError((error: unknown) =>
          throwError(() =>
            error instanceof PayloadTooLargeException ? payloadTooLarge(this.message) : error,
          ),
        ),
      );
  }
}

export interface FileUploadLimits {
  /** The file's largest size; multer stops reading past it. */
  maxBytes: number;
  /** The text fields beside the file, at most. */
  fields: number;
  /** The reply's msg for a file past maxBytes (413). */
  tooLarge: string;
}

/**
 * A multipart/form-data route with one file in the part `file`, kept in memory (the handler
 * reads it with @UploadedFile()) and text fields beside it (@Body()): the runner's attachments and
 * the instruments' certificates.
 */
export function FileUpload(limits: FileUploadLimits): MethodDecorator {
  return applyDecorators(
    ApiConsumes('multipart/form-data'),
    UseInterceptors(
      new FileTooLargeMessage(limits.tooLarge),
      FileInterceptor('file', {
        limits: { fileSize: limits.maxBytes, files: 1, fields: limits.fields },
        // browsers and curl send file names as raw UTF-8; multer reads latin1 unless told
        defParamCharset: 'utf8',
      }),
    ),
  );
}
