import { crc32, deflateSync } from 'node:zlib';

/*
 * The demo club's seal and signature, drawn here as RGBA PNGs on a transparent background (as a club
 * would upload them, background removed): a ring with a star for the seal, a looping stroke for the
 * signature. Written by hand (signature, IHDR, IDAT, IEND) so the demo needs no image file.
 */

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG of `width` × `height` whose pixel colour (with alpha) `paint` decides. */
function png(
  width: number,
  height: number,
  paint: (x: number, y: number) => [number, number, number, number],
) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 6;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 4);
    for (let x = 0; x < width; x++) row.set(paint(x, y), 1 + x * 4);
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const CLEAR: [number, number, number, number] = [0, 0, 0, 0];

/** A blue ring, an inner ring and a five-pointed star: the club's seal. */
export function demoSeal(size = 160): Buffer {
  const c = (size - 1) / 2;
  const blue: [number, number, number, number] = [29, 64, 175, 235];
  return png(size, size, (x, y) => {
    const r = Math.hypot(x - c, y - c) / c;
    if ((r > 0.86 && r < 0.98) || (r > 0.7 && r < 0.75)) return blue;
    // A star: the radius that bounds it at this angle, between its inner and outer points.
    const angle = Math.atan2(y - c, x - c) + Math.PI / 2;
    const sector = ((angle % ((2 * Math.PI) / 5)) + (2 * Math.PI) / 5) % ((2 * Math.PI) / 5);
    const edge = 0.22 + 0.24 * Math.abs(1 - sector / (Math.PI / 5));
    return r < edge ? blue : CLEAR;
  });
}

/** A dark looping stroke: the signatory's signature. */
export function demoSignature(width = 260, height = 90): Buffer {
  const ink: [number, number, number, number] = [15, 23, 42, 255];
  const curve = (x: number) =>
    height / 2 + Math.sin(x / 14) * (height / 4) * Math.exp(-x / (width * 1.4)) + Math.cos(x / 5) * 4;
  return png(width, height, (x, y) => {
    if (x < 12 || x > width - 12) return CLEAR;
    return Math.abs(y - curve(x)) < 2.2 ? ink : CLEAR;
  });
}
