// The names of the files the product writes below /uploads/ (storage.ts makes them): a folder of one kind,
// a random UUID and the stored extension, or the JPEG thumbnail beside it. Only such names are served, and
// a record points only at an image of its own kind, so no URL reaches another kind's file or anything put
// in the store or the folder by other means (a backup, a dump).

/** The folders of each kind of record: the uploads and the demo seed's shared pictures (`declared`: the image fields of declared resources). */
export const UPLOAD_FOLDERS = { users: ['users', 'seed-avatars'], spots: ['spots', 'seed'], declared: ['declared'] } as const;
export type UploadKind = keyof typeof UPLOAD_FOLDERS;

const FOLDERS: readonly string[] = Object.values(UPLOAD_FOLDERS).flat();
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const IMAGE_NAME = new RegExp(`^${UUID}\\.(jpg|png|gif|webp)$`);
const THUMBNAIL_NAME = new RegExp(`^${UUID}\\.jpg$`);

export const isUploadFolder = (folder: string) => FOLDERS.includes(folder);

/** `key` (`users/ab12….png`, `users/thumbs/ab12….jpg`) names a file the product writes: its folder, else null. */
export function productFolderOf(key: string): { folder: string; thumbnail: boolean } | null {
  const parts = key.split('/');
  if (parts.length === 2 && isUploadFolder(parts[0]) && IMAGE_NAME.test(parts[1])) return { folder: parts[0], thumbnail: false };
  if (parts.length === 3 && isUploadFolder(parts[0]) && parts[1] === 'thumbs' && THUMBNAIL_NAME.test(parts[2])) {
    return { folder: parts[0], thumbnail: true };
  }
  return null;
}

/** `url` is an image (not a thumbnail) the product stored for a record of `kind`. */
export function isUploadOfKind(url: string, kind: UploadKind): boolean {
  if (!url.startsWith('/uploads/')) return false;
  const found = productFolderOf(url.slice('/uploads/'.length));
  return !!found && !found.thumbnail && (UPLOAD_FOLDERS[kind] as readonly string[]).includes(found.folder);
}
