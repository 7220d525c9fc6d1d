import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The API modules in one order, lowest first (docs/ARCHITECTURE.md, « Module order »). A module imports only
// modules on an earlier line: never a later one, never a sibling on its own line. A use case that makes a
// higher module act lives in that module (or above both), never behind a back import.
const API_MODULE_ORDER = [
  ['audit', 'assets', 'documents', 'health', 'mail'],
  ['organizations'],
  ['establishments', 'website'],
  ['users'],
  ['auth'],
  ['members'],
  ['blueprints'],
  ['services'],
  ['periods'],
  ['registrations'],
  ['catalog'],
  ['calendar'],
  ['family'],
  ['orders'],
  ['payments'],
  ['invoicing'],
  ['cart'],
  ['accounting'],
  ['family-mail'],
];

/** One zone per module: it may not import its own line's siblings nor anything on a later line. */
const apiModuleOrderZones = API_MODULE_ORDER.flatMap((line, index) =>
  line.map((module) => {
    const forbidden = [
      ...line.filter((other) => other !== module),
      ...API_MODULE_ORDER.slice(index + 1).flat(),
    ];
    return {
      target: `apps/api/src/modules/${module}`,
      from: forbidden.map((other) => `apps/api/src/modules/${other}`),
      message:
        `Module order (docs/ARCHITECTURE.md): ${module} (line ${index}) imports only modules on earlier lines; ` +
        'move the use case up into the higher module instead of importing it.',
    };
  }),
).filter((zone) => zone.from.length > 0);

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'coverage/**', 'apps/api/src/db/migrations/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['warn', { allow: ['warn', 'error'] }],
    },
  },
  // Import boundaries: the web app never imports the API; the shared package imports neither.
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            '@inscrio/api',
            '@inscrio/api/*',
            '@inscrio/web',
            '@inscrio/web/*',
            '**/apps/*',
            '**/apps/**',
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@inscrio/api', '@inscrio/api/*', '**/api/src/**'] }],
    },
  },
  // No import cycles in the apps: a module that needs another's rule takes it from below, never in a loop.
  {
    files: ['apps/api/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // API layers one way: plugins use modules, never the reverse; lib is below every module.
  {
    files: ['apps/api/src/modules/**/*.ts', 'apps/api/src/jobs/**/*.ts', 'apps/api/src/db/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/plugins/*'], message: 'Modules never import a plugin: use lib/access.ts.' },
          ],
        },
      ],
    },
  },
  // API modules in one order (API_MODULE_ORDER above).
  {
    files: ['apps/api/src/modules/**/*.ts'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: apiModuleOrderZones },
      ],
    },
  },
  {
    files: ['apps/api/src/lib/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/plugins/*', '**/modules/*', '**/modules/**'],
              message: 'lib/ is below plugins and modules.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**', 'apps/*/scripts/**', 'bench/**', '**/cli.ts'],
    rules: { 'no-console': 'off' },
  },
);
