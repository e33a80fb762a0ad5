import { Readable } from 'node:stream';
import type request from 'supertest';
import type { TarFile } from '../../archive/tar';
import { readTar } from '../../archive/tar';

/** The archive's files by name, inside its folder. */
export async function unpack(archive: Buffer): Promise<Map<string, Buffer>> {
  const files: TarFile[] = [];
  for await (const file of readTar(Readable.from([archive]))) files.push(file);
  return new Map(files.map((f) => [f.name.replace(/^sweepline-export\//, ''), f.data]));
}

/** A GET whose reply body is kept as bytes, whatever its content type. */
export function getBytes(req: request.Test): request.Test {
  return req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });
}

export const parseJson = <T>(data: Buffer | undefined): T => JSON.parse(data!.toString('utf8')) as T;
