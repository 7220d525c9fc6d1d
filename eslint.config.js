import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The API modules in one order, lowest first (docs/ARCHITECTURE.md, « Module order »). A module imports only
// modules on an earlier line: never a later one, never a sibling on its own line. A use case that makes a
// higher module act lives in that module (or above both), never behind a back import.
const API_MODULE_ORDER = [
  ['audit', 'assets', 'documents', 'health', 'mail', 'inbox'],
  ['organizations'],
  ['establishments', 'website', 'licences'],
  ['users'],
  ['auth'],
  ['members'],
  ['blueprints'],
  ['services'],
  ['periods'],
  ['registrations'],
  ['attendance'],
  ['catalog'],
  ['calendar'],
  ['family'],
  ['orders'],
  ['payments'],
  ['invoicing'],
  ['recovery'],
  ['session-changes', 'holdings'],
  ['work-time'],
  ['cart'],
  ['accounting'],
  ['family-mail'],
  ['communications'],
  ['certificates', 'reports'],
  ['library'],
  ['audit-trail'],
  ['platform', 'support'],
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

const webSrc = new URL('./apps/web/src/', import.meta.url).pathname;
/** Every folder of apps/web/src/features: each is a feature whose public face is its index.ts. */
const webFeatures = readdirSync(`${webSrc}features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

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
    files: [
      'apps/api/src/modules/**/*.ts',
      'apps/api/src/jobs/**/*.ts',
      'apps/api/src/db/**/*.ts',
      'apps/api/src/factories/**/*.ts',
      'apps/api/src/demo/**/*.ts',
    ],
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
        {
          basePath: import.meta.dirname,
          zones: [
            ...apiModuleOrderZones,
            {
              target: 'apps/api/src/modules',
              from: ['apps/api/src/factories', 'apps/api/src/demo'],
              message: 'The factories and the demo seed sit above every module: a module never imports them.',
            },
          ],
        },
      ],
    },
  },
  // The schema knows no service: db/ imports no module, factory nor seed; the factories know no demo.
  {
    files: ['apps/api/src/db/**/*.ts', 'apps/api/src/factories/**/*.ts'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: 'apps/api/src/db',
              from: ['apps/api/src/modules', 'apps/api/src/factories', 'apps/api/src/demo'],
              message: 'db/ (schema, client, migrations) sits below the modules: the seed lives in demo/.',
            },
            {
              target: 'apps/api/src/factories',
              from: 'apps/api/src/demo',
              message: 'The factories serve the seed and the tests alike: they know nothing of the demo.',
            },
          ],
        },
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
  // Web layers one way: app/ (routes, router) → features → components/, lib/. A feature is used from
  // outside only through its index.ts; components/ and lib/ never reach up into a feature.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'], alias: { '@': [webSrc] } }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...webFeatures.map((feature) => ({
              target: [
                './apps/web/src/app',
                './apps/web/src/components',
                './apps/web/src/lib',
                './apps/web/src/test',
                ...webFeatures
                  .filter((other) => other !== feature)
                  .map((other) => `./apps/web/src/features/${other}`),
              ],
              from: `./apps/web/src/features/${feature}`,
              // testing/ holds a feature's fixtures, which other features' component tests may reuse.
              except: ['./index.ts', './testing'],
              message: `Import the ${feature} feature through its index.ts (features/${feature}/index.ts), never its files.`,
            })),
            {
              target: ['./apps/web/src/components', './apps/web/src/lib'],
              from: './apps/web/src/features',
              message: 'components/ and lib/ are below the features: move the shared piece down instead.',
            },
          ],
        },
      ],
    },
  },
  // React: hooks called by the rules, effects with their true dependencies.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // Accessibility: the recommended rules of jsx-a11y (the fork that supports ESLint 10).
  {
    ...jsxA11y.configs.recommended,
    files: ['apps/web/src/**/*.tsx'],
    rules: {
      ...jsxA11y.configs.recommended.rules,
      // The app's own controls render an <input>/<select>/<textarea>; a choice's text may sit in nested spans.
      'jsx-a11y-x/label-has-associated-control': [
        'error',
        {
          controlComponents: ['Checkbox', 'Input', 'Select', 'Textarea'],
          labelComponents: ['Label'],
          depth: 4,
        },
      ],
    },
  },
  {
    files: ['scripts/**', 'apps/*/scripts/**', 'bench/**', '**/cli.ts'],
    rules: { 'no-console': 'off' },
  },
);
