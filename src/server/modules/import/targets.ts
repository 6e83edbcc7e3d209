// The lists a CSV file can be imported into: every declaration with `import`, served by its module's
// target (users and spots have their own; a plain resource's comes from its declaration).
import type { ResourceDeclaration } from '@shared/resources/index';
import type { AppContext } from '@server/context';
import type { DeclaredServerPart } from '../declared/serverPart';
import { declaredImportTarget } from '../declared/importTarget';
import { spotImportTarget } from '../spots/importTarget';
import { userImportTarget } from '../users/importTarget';
import type { ImportTarget } from './target';

const HAND_SERVED: Readonly<Record<string, (ctx: AppContext, resource: ResourceDeclaration) => ImportTarget>> = {
  user: userImportTarget,
  spot: spotImportTarget,
};

export const importTargets = (ctx: AppContext, resources: readonly ResourceDeclaration[], parts: Readonly<Record<string, DeclaredServerPart>>) =>
  resources.filter((r) => r.import).map((r) => HAND_SERVED[r.name]?.(ctx, r) ?? declaredImportTarget(ctx.db, r, parts[r.name]));
