// Written by scripts/declared-migrations.ts from the declarations with `storage`; do not edit (change the
// declaration and run `npm run migrations`).
import type { DeclaredMigrations, DeclaredSnapshot } from '../../declaredSteps';

export const DECLARED_MIGRATIONS: DeclaredMigrations = {};
/** The declared tables once these migrations have run (the start-up compares the declarations with it). */
export const DECLARED_SNAPSHOT: DeclaredSnapshot = {};
