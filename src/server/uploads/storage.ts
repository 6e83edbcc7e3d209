// Image uploads: the content is checked (not just the name), stored under DATA_DIR/uploads/<folder>/
// with a 256 px thumbnail beside it, and served at /uploads/... with caching headers (app.ts).
// SVG, TIFF, BMP and ICO are stored as PNG: an SVG could carry script, the others browsers cannot show.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sharpBmp } from '@misskey-dev/sharp-read-bmp';
import sharp, { type Sharp } from 'sharp';

export class UnsupportedImageError extends Error {}

/** Formats kept as uploaded, by the extension they are stored under. */
const KEPT_FORMATS: Record<string, string> = { jpeg: 'jpg', png: 'png', gif: 'gif', webp: 'webp' };

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

export const THUMBNAIL_SIZE = 256;

export function createLocalStorage(uploadsDir: string): ImageStorage {
  const fileOf = (url: string) => {
    const rel = url.replace(/^\/uploads\//, '');
    const full = path.resolve(uploadsDir, rel);
    if (!full.startsWith(path.resolve(uploadsDir) + path.sep)) throw new Error('path outside uploads');
    return full;
  };
  return {
    async save(bytes, folder, allowedFormats) {
      let decoded: { format: string; image: Sharp };
      try {
        decoded = await decode(bytes);
      } catch {
        throw new UnsupportedImageError('not an image');
      }
      const { format, image } = decoded;
      if (!allowedFormats.includes(format)) throw new UnsupportedImageError(`format ${format}`);
      const id = randomUUID();
      const dir = path.join(uploadsDir, folder);
      await fs.mkdir(path.join(dir, 'thumbs'), { recursive: true });
      const kept = KEPT_FORMATS[format];
      const ext = kept ?? 'png';
      try {
        if (kept) await fs.writeFile(path.join(dir, `${id}.${ext}`), bytes);
        else await image.clone().png().toFile(path.join(dir, `${id}.png`));
        await image
          .clone()
          .rotate()
          .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'cover' })
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: 80 })
          .toFile(path.join(dir, 'thumbs', `${id}.jpg`));
      } catch {
        // a header that looked right over a broken body
        await fs.rm(path.join(dir, `${id}.${ext}`), { force: true });
        throw new UnsupportedImageError('unreadable image');
      }
      return { url: `/uploads/${folder}/${id}.${ext}`, thumbnailUrl: `/uploads/${folder}/thumbs/${id}.jpg` };
    },
    async remove(url) {
      if (!url?.startsWith('/uploads/')) return;
      const file = fileOf(url);
      const thumb = path.join(path.dirname(file), 'thumbs', `${path.parse(file).name}.jpg`);
      await Promise.all([fs.rm(file, { force: true }), fs.rm(thumb, { force: true })]);
    },
  };
}

/** sharp format names accepted for profile pictures (spec: jpg, jpeg, png, gif). */
export const PROFILE_PICTURE_FORMATS = ['jpeg', 'png', 'gif'] as const;

/** Formats accepted for spot and post images (spec §5 Post: png, jpeg, jpg, gif, tif, ico, webp, bmp, svg). */
export const SPOT_IMAGE_FORMATS = ['png', 'jpeg', 'gif', 'tiff', 'ico', 'webp', 'bmp', 'svg'] as const;
