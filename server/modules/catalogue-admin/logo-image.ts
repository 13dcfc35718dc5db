import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { AppError } from '../../lib/errors.ts';

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

/** A PNG up to its IEND chunk: bytes after it (an HTML or script polyglot's tail) are dropped. */
function pngUpToEnd(bytes: Buffer): Buffer {
  let i = 8;
  while (i + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(i);
    const type = bytes.toString('latin1', i + 4, i + 8);
    const end = i + 12 + length;
    if (end > bytes.length) break;
    if (type === 'IEND') return bytes.subarray(0, end);
    i = end;
  }
  throw unreadable();
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

export function reencodeLogo(bytes: Buffer): ReencodedLogo {
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
    const png = pngUpToEnd(bytes);
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
