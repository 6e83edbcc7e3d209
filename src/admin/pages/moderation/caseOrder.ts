// The cases of the desk's page last shown, in its order: the case page's j/k step through them as the
// desk's do (kept for the tab, so a reload of a case page still steps).
const KEY = 'moderation.caseOrder';

export function rememberCaseOrder(ids: readonly (number | string)[]) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(ids.map(String)));
  } catch {
    // storage refused (private mode): j/k on the case page then stay put
  }
}

/** The case `step` places away from `id` on the desk's last page, or null at either end (or unknown). */
export function neighbourCase(id: number | string, step: 1 | -1): string | null {
  try {
    const ids = JSON.parse(sessionStorage.getItem(KEY) ?? '[]') as string[];
    const at = ids.indexOf(String(id));
    return at < 0 ? null : (ids[at + step] ?? null);
  } catch {
    return null;
  }
}
