/**
 * A synthetic instrument screenshot as a PNG (no image library needed): a dark screen with a
 * graticule, a trace and some noise, so it compresses about as well as a real one.
 */
import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

export function screenshotPng(width = 1024, height = 768, seed = 1): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  let noise = seed;
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1); // filter byte 0 (none) leads each row
    for (let x = 0; x < width; x++) {
      noise = (noise * 1103515245 + 12345) >>> 0;
      const grid = x % (width / 10) < 1 || y % (height / 8) < 1;
      const onTrace = Math.abs(y - (height / 2 + (height / 4) * Math.sin((x + seed * 40) / 90))) < 2;
      const grain = (noise >>> 28) & 7;
      const i = row + 1 + x * 3;
      raw[i] = onTrace ? 250 : grid ? 90 : 10 + grain;
      raw[i + 1] = onTrace ? 220 : grid ? 90 : 12 + grain;
      raw[i + 2] = onTrace ? 40 : grid ? 90 : 20 + grain;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
