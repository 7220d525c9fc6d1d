import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/api', 'apps/web/vitest.config.ts', 'apps/web/vitest.e2e.config.ts'],
  },
});
