import type { INestApplication } from '@nestjs/common';
import { HttpStatus } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import { getSchemaPath } from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';
import { endpoints, ok, Refused } from '@sweepline/domain';
import { accountOf } from '../auth/decorators';
import { Authenticator } from '../auth/authenticator';
import { BODY_LIMITS } from '../common/body-limits';
import { sendFailure } from '../common/envelope';
import { bracketPath, findHostilePart, hostileMessage } from '../common/hostile-text';
import { RequestTransaction } from '../database/transaction';
import { RunUploadAnswerDto, RunUploadDto } from './dto/runner.dto';
import { RunUploadService } from './run-upload.service';
import { RUNNER_ROLE } from './runner.controller';

/** The route's call in the endpoint table; it is mounted under the API prefix at its path. */
const RUN_UPLOAD = endpoints.runner.upload;
export const RUN_UPLOAD_PATH = RUN_UPLOAD.path;

/**
 * POST /runner/runs, served by Express ahead of Nest's router (docs/architecture.md, "The run
 * upload route"). Lab PCs upload a run every few seconds each, and Nest's pipeline around the
 * upload (the router's walk over every route, the guard, the interceptors' observables) took a
 * quarter of the API's CPU per run (docs/performance.md). The same parts do the same work: the
 * Authenticator and the role rule of AuthGuard, one transaction as
 * TransactionInterceptor opens it (RequestTransaction), RunUploadService, the envelope, and EnvelopeFilter's failures.
 * The caller is identified before a byte of the body is read (Authenticator.admit, docs/api.md,
 * "What a body may hold"): a refused caller's 16 MB is never parsed, and sendFailure closes the
 * connection rather than drain it.
 */
export function runUploadRoute(app: INestApplication) {
  const authenticator = app.get(Authenticator);
  const transaction = app.get(RequestTransaction);
  const uploads = app.get(RunUploadService);
  const upload = async (req: Request, res: Response) => {
    // the caller, then the 16 MB body, as AuthGuard admits every other route's
    const auth = await authenticator.admit(req, res, { needed: RUNNER_ROLE }, BODY_LIMITS.runUpload);
    const acct = accountOf(auth);
    const hostile = findHostilePart(req.body);
    if (hostile) throw new Refused(hostileMessage(hostile, bracketPath(hostile.path)));
    const byToken = auth.apiTokenId !== undefined;
    const answer = await transaction.run(() => uploads.upload(acct, byToken, req.body as unknown));
    res.status(HttpStatus.CREATED).json(ok(answer));
  };
  // mounted at the path: its attachments (runs/:id/attachments) and other methods go on to Nest
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== RUN_UPLOAD.method || req.path !== '/') return next();
    upload(req, res).catch((error: unknown) => sendFailure(res, error));
  };
}

/** The route in the OpenAPI document, as Nest's decorators would describe it. */
export function describeRunUpload(document: OpenAPIObject, prefix: string): void {
  const json = (type: (typeof RUN_UPLOAD_MODELS)[number]) => ({
    'application/json': { schema: { $ref: getSchemaPath(type) } },
  });
  document.paths[`/${prefix}${RUN_UPLOAD_PATH}`] = {
    post: {
      // the id Nest gave it while it was a controller method: generated clients keep their name
      operationId: 'RunnerController_upload',
      tags: ['runner'],
      security: [{ 'x-auth-token': [] }],
      summary: 'Upload one run with its step results and traces (idempotent on client_run_id)',
      requestBody: { required: true, content: json(RunUploadDto) },
      responses: { '201': { description: 'Stored, or stored before', content: json(RunUploadAnswerDto) } },
    },
  };
}

/** The models describeRunUpload refers to, for SwaggerModule.createDocument's extraModels. */
export const RUN_UPLOAD_MODELS = [RunUploadDto, RunUploadAnswerDto];
