// Lint: ESLint's and typescript-eslint's recommended rules, React hooks rules for the admin.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const SERVER_FROM_ADMIN = { group: ['**/server/**', '**/server', '@server/*'], message: 'The admin reaches the server through the dataProvider, not by importing it.' };
const ROUTE_QUERY_MESSAGE = "Queries belong in the module's service (service.ts, or a read model such as queries.ts), not in a route file: call a named function there.";

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', 'test-results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'warn',
    },
  },
  // The two sides meet only in src/shared: the admin never imports the server's code, the server never
  // the admin's, and shared code neither (it runs on both).
  {
    files: ['src/admin/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [SERVER_FROM_ADMIN] }] },
  },
  // Screens read the signed-in person through react-admin's hooks (providers/useStaff.ts); only the
  // providers, the code that runs before React (startup, the start-up shell) and the preferences kept with
  // the stored user touch the stored session.
  {
    files: ['src/admin/**/*.{ts,tsx}'],
    ignores: ['src/admin/providers/**', 'src/admin/shell/**', 'src/admin/startup.ts', 'src/admin/layout/preferences.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            SERVER_FROM_ADMIN,
            { group: ['**/providers/session'], message: 'Read the person and their rights with usePrincipal / useStaffIdentity (providers/useStaff.ts), not the stored session.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/admin/**', '**/admin', '@admin/*'], message: 'The server does not import the admin; share it through src/shared.' }] }] },
  },
  // Routes translate HTTP only: the queries are the module's service's (or its read model's), named for what they do.
  {
    files: ['src/server/modules/**/routes.ts', 'src/server/modules/**/*Routes.ts', 'src/server/modules/**/*Route.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.type='MemberExpression'][callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|transaction|execute|executeTakeFirst|executeTakeFirstOrThrow)$/]",
          message: ROUTE_QUERY_MESSAGE,
        },
        {
          selector: "TaggedTemplateExpression[tag.name='sql']",
          message: ROUTE_QUERY_MESSAGE,
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/admin/**', '**/server/**', '@admin/*', '@server/*', 'node:*', 'react', 'react-admin'], message: 'src/shared runs on both sides: no admin, server, React or Node imports.' }] },
      ],
    },
  },
  {
    files: ['src/admin/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
