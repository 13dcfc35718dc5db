import { promisify } from 'node:util';
import { inflate } from 'node:zlib';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { AppError } from '../../lib/errors.ts';

const inflateAsync = promisify(inflate);

/**
 * A logo upload cannot carry script (docs/decisions/0022): only PNG and JPEG are accepted, told
 * apart by their first bytes (never by name or declared type), decoded to pixels by pure
 * JavaScript decoders (pngjs, jpeg-js) and written out again as a new PNG. Nothing of the uploaded
 * file but its pixels survives: no SVG, no HTML, no metadata chunks, no trailing bytes.
 */
export const maxLogoBytes = 2 * 1024 * 1024;
export const maxLogoSide = 1200;

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const notAnImage = () =>
  new AppError(
    'LOGO_NOT_AN_IMAGE',
    415,
    'A logo must be a PNG or JPEG image (SVG and other formats are not accepted).',
  );
const unreadable = () =>
  new AppError('LOGO_UNREADABLE', 400, 'This file could not be read as a PNG or JPEG image.');
const tooLarge = (w: number, h: number) =>
  new AppError(
    'LOGO_TOO_LARGE',
    400,
    `A logo is at most ${maxLogoSide} × ${maxLogoSide} pixels; this one is ${w} × ${h}.`,
  );

export interface ReencodedLogo {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * A PNG up to its IEND chunk (bytes after it, an HTML or script polyglot's tail, are dropped) and
 * its image data: the IDAT chunks' bytes, still compressed.
 */
function pngChunks(bytes: Buffer): { png: Buffer; imageData: Buffer } {
  const idat: Buffer[] = [];
  let i = 8;
  while (i + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(i);
    const type = bytes.toString('latin1', i + 4, i + 8);
    const end = i + 12 + length;
    if (end > bytes.length) break;
    if (type === 'IDAT') idat.push(bytes.subarray(i + 8, i + 8 + length));
    if (type === 'IEND') return { png: bytes.subarray(0, end), imageData: Buffer.concat(idat) };
    i = end;
  }
  throw unreadable();
}

const channels: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const adam7 = [
  // [x0, y0, dx, dy] of the seven passes of an interlaced image
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/**
 * How many bytes the header says the image data inflates to: each row's filter byte and pixels,
 * per pass when interlaced. Null for a header no PNG decoder takes.
 */
export function pngDecodedSize(header: Buffer): number | null {
  const width = header.readUInt32BE(16);
  const height = header.readUInt32BE(20);
  const depth = header[24]!;
  const perPixel = channels[header[25]!];
  const interlaced = header[28] === 1;
  if (!perPixel || ![1, 2, 4, 8, 16].includes(depth) || header[28]! > 1) return null;
  const rowBytes = (w: number) => (w === 0 ? 0 : 1 + Math.ceil((w * perPixel * depth) / 8));
  if (!interlaced) return height * rowBytes(width);
  return adam7.reduce((sum, [x0, y0, dx, dy]) => {
    const w = Math.ceil(Math.max(0, width - x0) / dx);
    const h = Math.ceil(Math.max(0, height - y0) / dy);
    return sum + (w === 0 ? 0 : h * rowBytes(w));
  }, 0);
}

/**
 * Issue 22 finding 9: pngjs inflates an interlaced image with no output limit, so a 1 × 1 PNG of
 * 1.5 MB held 1.5 GB of zeros. The image data is inflated first, off the request thread (zlib's
 * thread pool), and stopped at the size the header allows; only data that fits reaches pngjs.
 */
async function checkImageDataSize(png: Buffer, imageData: Buffer): Promise<void> {
  const allowed = pngDecodedSize(png);
  if (allowed === null || allowed === 0) throw unreadable();
  let inflated: Buffer;
  try {
    inflated = await inflateAsync(imageData, { maxOutputLength: allowed });
  } catch {
    // past the size the header allows (ERR_BUFFER_TOO_LARGE), or not a zlib stream
    throw unreadable();
  }
  if (inflated.length !== allowed) throw unreadable();
}

/** The dimensions a JPEG declares in its first frame header, read before decoding it. */
function jpegSize(bytes: Buffer): { width: number; height: number } | null {
  let i = 2;
  while (i + 9 < bytes.length) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1]!;
    const length = bytes.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: bytes.readUInt16BE(i + 5), width: bytes.readUInt16BE(i + 7) };
    }
    i += 2 + length;
  }
  return null;
}

export async function reencodeLogo(bytes: Buffer): Promise<ReencodedLogo> {
  const isPng = bytes.length > 24 && bytes.subarray(0, 8).equals(pngSignature);
  const isJpeg = bytes.length > 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  if (!isPng && !isJpeg) throw notAnImage();

  let width: number;
  let height: number;
  let pixels: Uint8Array;
  if (isPng) {
    width = bytes.readUInt32BE(16);
    height = bytes.readUInt32BE(20);
    if (width > maxLogoSide || height > maxLogoSide) throw tooLarge(width, height);
    const { png, imageData } = pngChunks(bytes);
    await checkImageDataSize(png, imageData);
    try {
      const decoded = PNG.sync.read(png);
      ({ width, height } = decoded);
      pixels = decoded.data;
    } catch {
      throw unreadable();
    }
  } else {
    const size = jpegSize(bytes);
    if (!size) throw unreadable();
    if (size.width > maxLogoSide || size.height > maxLogoSide)
      throw tooLarge(size.width, size.height);
    try {
      const decoded = jpeg.decode(bytes, {
        useTArray: true,
        formatAsRGBA: true,
        maxResolutionInMP: 2,
        maxMemoryUsageInMB: 64,
      });
      ({ width, height } = decoded);
      pixels = decoded.data;
    } catch {
      throw unreadable();
    }
  }
  if (width < 1 || height < 1) throw unreadable();
  const png = new PNG({ width, height });
  png.data = Buffer.from(pixels.buffer, pixels.byteOffset, width * height * 4);
  return { data: PNG.sync.write(png), width, height };
}
