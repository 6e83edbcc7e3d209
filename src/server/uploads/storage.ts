// Image uploads: the content is checked (not just the name) and converted here, then the image and its
// 256 px thumbnail go to an ObjectStore: the local disk (DATA_DIR/uploads, this file) or an S3-compatible
// store (s3.ts). Either way the stored URLs are /uploads/<folder>/<file>, so the database does not care
// which store holds them; serve.ts answers them.
// SVG, TIFF, BMP and ICO are stored as PNG: an SVG could carry script, the others browsers cannot show.
// An SVG is rendered without its external references (svg.ts). An image past MAX_INPUT_PIXELS is refused
// from its header, before it is decoded; one past MAX_IMAGE_SIDE or MAX_IMAGE_PIXELS is stored smaller, so
// no browser showing it has to decode a giant (a 16000 x 16000 PNG can weigh 31 KB and decode to 1 GB).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sharpBmp } from '@misskey-dev/sharp-read-bmp';
import sharp, { type FormatEnum, type Sharp } from 'sharp';
import { isUploadFolder } from './names';
import { svgWithoutExternalReferences } from './svg';

export class UnsupportedImageError extends Error {}
/** The image has more pixels than MAX_INPUT_PIXELS. */
export class ImageTooLargeError extends Error {}

/** A stored image has at most this many pixels a side and in all; a larger one is made smaller. */
export const MAX_IMAGE_SIDE = 8000;
export const MAX_IMAGE_PIXELS = 40_000_000;
/** An image with more pixels is refused (a 108-megapixel phone photo is within it). */
export const MAX_INPUT_PIXELS = 110_000_000;

/** The factor (at most 1) bringing `width` x `height` within MAX_IMAGE_SIDE and MAX_IMAGE_PIXELS. */
const fitFactor = (width: number, height: number) =>
  Math.min(1, MAX_IMAGE_SIDE / width, MAX_IMAGE_SIDE / height, Math.sqrt(MAX_IMAGE_PIXELS / (width * height)));

const refuseGiant = (width: number, height: number) => {
  if (width * height > MAX_INPUT_PIXELS) throw new ImageTooLargeError(`${width} x ${height}`);
};

/** Formats kept as uploaded, by the extension they are stored under. */
const KEPT_FORMATS: Record<string, string> = { jpeg: 'jpg', png: 'png', gif: 'gif', webp: 'webp' };

/** The content type of a stored file, by its extension (only these are ever written). */
const CONTENT_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp' };
export const contentTypeOf = (key: string): string => CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';

const LIMITS = { limitInputPixels: MAX_INPUT_PIXELS };

/** The image in the bytes and its format name (sharp's names, plus 'bmp' and 'ico' sniffed here). */
async function decode(bytes: Buffer): Promise<{ format: string; image: Sharp }> {
  // sharp (libvips) reads neither BMP nor ICO: recognise them by their magic bytes
  if (bytes.length > 26 && bytes.toString('latin1', 0, 2) === 'BM') {
    // decoded whole in memory: its size is checked from the header first
    refuseGiant(Math.abs(bytes.readInt32LE(18)), Math.abs(bytes.readInt32LE(22)));
    return { format: 'bmp', image: await sharpBmp(bytes, 'image/bmp', LIMITS) };
  }
  if (bytes.length > 22 && bytes.readUInt32BE(0) === 0x00000100) {
    return { format: 'ico', image: await sharpBmp(bytes, 'image/x-icon', LIMITS) };
  }
  // markup (an SVG) is read only once its external references are gone
  const source = /^(\xef\xbb\xbf)?\s*</.test(bytes.toString('latin1', 0, 64)) ? svgWithoutExternalReferences(bytes) : bytes;
  const { format, width, height } = await sharp(source).metadata();
  if (!format) throw new Error('unknown format');
  if (format !== 'svg') {
    // from the header: a giant is refused before it is decoded
    refuseGiant(width, height);
    return { format, image: sharp(source, { ...LIMITS, animated: false }) };
  }
  // a drawing is rendered at the size it is stored at (its 72 dpi size, or smaller to fit)
  const density = 72 * fitFactor(width, height);
  if (density < 1) throw new ImageTooLargeError(`svg ${width} x ${height}`);
  return { format, image: sharp(source, { ...LIMITS, density }) };
}

export interface StoredImage {
  /** public URL path of the image, e.g. /uploads/users/ab12.jpg */
  url: string;
  /** public URL path of its thumbnail */
  thumbnailUrl: string;
}

export interface ImageStorage {
  save(bytes: Buffer, folder: string, allowedFormats: readonly string[]): Promise<StoredImage>;
  remove(url: string | null | undefined): Promise<void>;
}

/** Where the bytes go, by key (`users/ab12.jpg`, a path below /uploads/ already checked by uploadKey). */
export interface ObjectStore {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** removes the object; a missing one is no error */
  delete(key: string): Promise<void>;
}

export const THUMBNAIL_SIZE = 256;

/** One path segment of a stored file: what save() writes, and nothing that could climb out (., ..). */
const SEGMENT = /^(?!\.{1,2}$)[\w.-]+$/;

/**
 * The key of an /uploads/ URL (`/uploads/users/ab12.jpg` -> `users/ab12.jpg`), or null for anything
 * else: another path, an empty or dot segment, a backslash, an encoded character. Every store and the
 * serving route go through it, so no URL reaches outside the uploads.
 */
export function uploadKey(url: string): string | null {
  if (!url.startsWith('/uploads/')) return null;
  const key = url.slice('/uploads/'.length);
  return key.split('/').every((s) => SEGMENT.test(s)) ? key : null;
}

/** The URL of the thumbnail beside an image's URL (both /uploads/…). */
export const thumbnailUrlOf = (url: string) => thumbnailKeyOf(url);

/** The key of the thumbnail beside an image's key: `<folder>/thumbs/<name>.jpg`. */
const thumbnailKeyOf = (key: string) => {
  const slash = key.lastIndexOf('/');
  const name = key.slice(slash + 1);
  const dot = name.lastIndexOf('.');
  return `${key.slice(0, slash + 1)}thumbs/${dot > 0 ? name.slice(0, dot) : name}.jpg`;
};

/** The image as stored (its extension and bytes) and its thumbnail; UnsupportedImageError when it is none. */
async function prepare(bytes: Buffer, allowedFormats: readonly string[]) {
  let decoded: { format: string; image: Sharp };
  try {
    decoded = await decode(bytes);
  } catch (err) {
    if (err instanceof ImageTooLargeError) throw err;
    throw new UnsupportedImageError('not an image');
  }
  const { format, image } = decoded;
  if (!allowedFormats.includes(format)) throw new UnsupportedImageError(`format ${format}`);
  const kept = KEPT_FORMATS[format];
  try {
    const { width, height } = await image.metadata();
    refuseGiant(width, height);
    const factor = fitFactor(width, height);
    // smaller within a square of its longer side, so that an EXIF rotation cannot swap the sides
    const side = Math.floor(Math.max(width, height) * factor);
    const resized = factor < 1 ? image.clone().rotate().resize(side, side, { fit: 'inside' }) : null;
    const asUploaded = kept && !resized;
    const stored = asUploaded ? bytes : await (resized ?? image.clone()).toFormat((kept ? format : 'png') as keyof FormatEnum).toBuffer();
    // from the stored picture when it was made here: a drawing is not rendered again at another scale
    const thumbnail = await (asUploaded ? image.clone() : sharp(stored, LIMITS))
      .rotate()
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'cover' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80 })
      .toBuffer();
    return { ext: kept ?? 'png', stored, thumbnail };
  } catch (err) {
    if (err instanceof ImageTooLargeError) throw err;
    // a header that looked right over a broken body
    throw new UnsupportedImageError('unreadable image');
  }
}

/** Image storage over `store`: checking and converting are the same whatever holds the bytes. */
export function imageStorage(store: ObjectStore): ImageStorage {
  return {
    async save(bytes, folder, allowedFormats) {
      if (!isUploadFolder(folder)) throw new Error(`bad upload folder "${folder}"`);
      const { ext, stored, thumbnail } = await prepare(bytes, allowedFormats);
      const key = `${folder}/${randomUUID()}.${ext}`;
      const thumbnailKey = thumbnailKeyOf(key);
      await store.put(key, stored, contentTypeOf(key));
      try {
        await store.put(thumbnailKey, thumbnail, 'image/jpeg');
      } catch (err) {
        await store.delete(key).catch(() => undefined);
        throw err;
      }
      return { url: `/uploads/${key}`, thumbnailUrl: `/uploads/${thumbnailKey}` };
    },
    async remove(url) {
      if (!url?.startsWith('/uploads/')) return;
      const key = uploadKey(url);
      if (key === null) throw new Error('path outside uploads');
      await Promise.all([store.delete(key), store.delete(thumbnailKeyOf(key))]);
    },
  };
}

/** The files below `uploadsDir`, by key. */
export function localStore(uploadsDir: string): ObjectStore {
  const root = path.resolve(uploadsDir);
  const fileOf = (key: string) => {
    const full = path.resolve(root, key);
    // uploadKey already refused anything climbing out; this holds whatever the caller passed
    if (!full.startsWith(root + path.sep)) throw new Error('path outside uploads');
    return full;
  };
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, bytes);
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
  };
}

export function createLocalStorage(uploadsDir: string): ImageStorage {
  return imageStorage(localStore(uploadsDir));
}

/** sharp format names accepted for profile pictures (spec: jpg, jpeg, png, gif). */
export const PROFILE_PICTURE_FORMATS = ['jpeg', 'png', 'gif'] as const;

/** Formats accepted for spot and post images (spec §5 Post: png, jpeg, jpg, gif, tif, ico, webp, bmp, svg). */
export const SPOT_IMAGE_FORMATS = ['png', 'jpeg', 'gif', 'tiff', 'ico', 'webp', 'bmp', 'svg'] as const;
