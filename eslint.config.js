import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
