// Image uploads: the content is checked (not just the name) and converted here, then the image and its
// 256 px thumbnail go to an ObjectStore: the local disk (DATA_DIR/uploads, this file) or an S3-compatible
// store (s3.ts). Either way the stored URLs are /uploads/<folder>/<file>, so the database does not care
// which store holds them; serve.ts answers them.
// SVG, TIFF, BMP and ICO are stored as PNG: an SVG could carry script, the others browsers cannot show.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sharpBmp } from '@misskey-dev/sharp-read-bmp';
import sharp, { type Sharp } from 'sharp';

export class UnsupportedImageError extends Error {}

/** Formats kept as uploaded, by the extension they are stored under. */
const KEPT_FORMATS: Record<string, string> = { jpeg: 'jpg', png: 'png', gif: 'gif', webp: 'webp' };

/** The content type of a stored file, by its extension (only these are ever written). */
const CONTENT_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp' };
export const contentTypeOf = (key: string): string => CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';

/** The image in the bytes and its format name (sharp's names, plus 'bmp' and 'ico' sniffed here). */
async function decode(bytes: Buffer): Promise<{ format: string; image: Sharp }> {
  // sharp (libvips) reads neither BMP nor ICO: recognise them by their magic bytes
  if (bytes.length > 26 && bytes.toString('latin1', 0, 2) === 'BM') {
    return { format: 'bmp', image: await sharpBmp(bytes, 'image/bmp') };
  }
  if (bytes.length > 22 && bytes.readUInt32BE(0) === 0x00000100) {
    return { format: 'ico', image: await sharpBmp(bytes, 'image/x-icon') };
  }
  const format = (await sharp(bytes).metadata()).format;
  if (!format) throw new Error('unknown format');
  return { format, image: sharp(bytes, { animated: false }) };
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
  } catch {
    throw new UnsupportedImageError('not an image');
  }
  const { format, image } = decoded;
  if (!allowedFormats.includes(format)) throw new UnsupportedImageError(`format ${format}`);
  const kept = KEPT_FORMATS[format];
  try {
    const [stored, thumbnail] = await Promise.all([
      kept ? bytes : image.clone().png().toBuffer(),
      image.clone().rotate().resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'cover' }).flatten({ background: '#ffffff' }).jpeg({ quality: 80 }).toBuffer(),
    ]);
    return { ext: kept ?? 'png', stored, thumbnail };
  } catch {
    // a header that looked right over a broken body
    throw new UnsupportedImageError('unreadable image');
  }
}

/** Image storage over `store`: checking and converting are the same whatever holds the bytes. */
export function imageStorage(store: ObjectStore): ImageStorage {
  return {
    async save(bytes, folder, allowedFormats) {
      if (!SEGMENT.test(folder)) throw new Error(`bad upload folder "${folder}"`);
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
