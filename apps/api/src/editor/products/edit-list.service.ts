import { Injectable, StreamableFile } from '@nestjs/common';
import { SUCCESS } from '@sweepline/domain';
import { Request, Response } from 'express';
import { promisify } from 'node:util';
import { gunzip as gunzipCallback } from 'node:zlib';
import { AccountCtx } from '../../auth/auth-context';
import { dropToken } from '../../auth/client';
import { RawReply } from '../../common/envelope';
import { EditListRepository, type Mark } from './edit-list.repository';
import { EditReplyCache } from './edit-reply-cache';

const gunzip = promisify(gunzipCallback);

/**
 * Bump when the reply's bytes change for the same rows (a new field, another format), so that
 * clients holding an old copy get the new one.
 */
const REPLY_FORMAT = 1;

/** Weak: the same rows always give the same value, not necessarily the same bytes on every version. */
function etagOf(acct: AccountCtx, mark: Mark): string {
  return `W/"edit-${REPLY_FORMAT}-${acct.accountId}-${mark.products}-${mark.version}"`;
}

/**
 * GET /user/edit (docs/requirements/products.md#calls) with HTTP revalidation: the reply carries an ETag and
 * `Cache-Control: private, no-cache`, so a browser keeps its copy and asks again with
 * If-None-Match; when nothing changed the answer is 304 without a body, after one small query.
 * A full reply is built once per version and kept gzipped (EditReplyCache); a client that
 * accepts gzip (every browser) gets those bytes as they are.
 */
@Injectable()
export class EditListService {
  constructor(
    private readonly editList: EditListRepository,
    private readonly cache: EditReplyCache,
  ) {}

  async reply(acct: AccountCtx, req: Request, res: Response): Promise<RawReply> {
    res.setHeader('Cache-Control', 'private, no-cache');
    // a reply a browser keeps carries no token (issue 42); the client keeps the one it has
    dropToken(res);
    res.setHeader('Vary', 'Accept-Encoding');
    const etag = etagOf(acct, await this.editList.mark(acct.accountId));
    res.setHeader('ETag', etag);
    // Express's own test (If-None-Match against the ETag, a request's no-cache): when it holds,
    // res.send answers 304 and drops the body, whatever status Nest set
    if (req.fresh) return new RawReply('');
    const built = await this.cache.get(etag, () => this.build(acct));
    res.setHeader('ETag', built.etag);
    const gzipped = req.acceptsEncodings('gzip') === 'gzip';
    if (gzipped) res.setHeader('Content-Encoding', 'gzip');
    const body = gzipped ? built.gzipped : await gunzip(built.gzipped);
    // Nest would send a bare Buffer as JSON ({type: 'Buffer', data: [...]}): hand it over as a file
    return new RawReply(
      new StreamableFile(body, { type: 'application/json; charset=utf-8', length: body.length }),
    );
  }

  /** The reply's JSON text and the ETag of the rows it was read from (one snapshot). */
  private async build(acct: AccountCtx): Promise<{ etag: string; json: string }> {
    const row = await this.editList.list(acct.accountId);
    return { etag: etagOf(acct, row), json: `{"status":${SUCCESS},"msg":"","data":${row.data}}` };
  }
}
