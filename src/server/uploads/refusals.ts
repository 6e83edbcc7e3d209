// An upload the storage refuses, as the product's answer: 415 with the form's own "File type is not
// supported" text when it is no accepted image, 400 when it has too many pixels (storage.ts).
import { englishMessage } from '@shared/validation/messages';
import { HttpError } from '@server/http/errors';
import { type ImageStorage, ImageTooLargeError, type StoredImage, UnsupportedImageError } from './storage';

export type UnsupportedMessage = 'validation.fileTypeNotSupported' | 'validation.imageTypeNotSupported';

/** Stores one uploaded image in `folder`; the storage's refusals become 4xx answers. */
export async function storeUpload(
  storage: ImageStorage,
  bytes: Buffer,
  folder: string,
  formats: readonly string[],
  unsupported: UnsupportedMessage,
): Promise<StoredImage> {
  try {
    return await storage.save(bytes, folder, formats);
  } catch (err) {
    if (err instanceof UnsupportedImageError) throw new HttpError(415, unsupported);
    if (err instanceof ImageTooLargeError) throw new HttpError(400, englishMessage('imageTooLarge'));
    throw err;
  }
}
