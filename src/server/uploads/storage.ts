// Image uploads: the content is checked (not just the name), stored under DATA_DIR/uploads/<folder>/
// with a 256 px thumbnail beside it, and served at /uploads/... with caching headers (app.ts).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

export class UnsupportedImageError extends Error {}

/** Formats sharp must recognise in the bytes, by the product's accepted extensions. */
const FORMAT_EXTENSION: Record<string, string> = {
  jpeg: 'jpg',
  png: 'png',
  gif: 'gif',
  webp: 'webp',
  tiff: 'tif',
  svg: 'svg',
  bmp: 'bmp',
};

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
      let format: string | undefined;
      try {
        format = (await sharp(bytes).metadata()).format;
      } catch {
        throw new UnsupportedImageError('not an image');
      }
      const ext = format ? FORMAT_EXTENSION[format] : undefined;
      if (!ext || !allowedFormats.includes(format!)) throw new UnsupportedImageError(`format ${format}`);
      const id = randomUUID();
      const dir = path.join(uploadsDir, folder);
      await fs.mkdir(path.join(dir, 'thumbs'), { recursive: true });
      await fs.writeFile(path.join(dir, `${id}.${ext}`), bytes);
      await sharp(bytes, { animated: false })
        .rotate()
        .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'cover' })
        .jpeg({ quality: 80 })
        .toFile(path.join(dir, 'thumbs', `${id}.jpg`));
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
