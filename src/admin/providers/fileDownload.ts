// A file the API answers (a list's CSV export), fetched with the session's token. Loaded on first use:
// only the export button needs it, so the start-up code stays as small as it is.
import { HttpError } from 'react-admin';
import type { Envelope } from '@shared/contract';
import { API_URL } from './httpClient';
import { session } from './session';

export interface DownloadedFile {
  blob: Blob;
  /** the name the server gives it (Content-Disposition) */
  name: string;
}

/** The file at `path`; a refusal throws the same HttpError, with the server's message, as the JSON calls. */
export async function fetchFile(path: string): Promise<DownloadedFile> {
  const token = session.token();
  const res = await fetch(`${API_URL}${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    const body = (await res.json().catch(() => undefined)) as Partial<Envelope> | undefined;
    throw new HttpError(body?.message || res.statusText, res.status, body);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? 'export.csv';
  return { blob: await res.blob(), name };
}
