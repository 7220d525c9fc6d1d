import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Each file gets its own database copy; two at a time suits 2-core machines.
    maxWorkers: 2,
    // A worker imports the app once for all its files (each still opens its own database): ~10 s per
    // file less on 2 cores. Nothing in the app or the helpers keeps state between files.
    isolate: false,
    sequence: { groupOrder: 1 },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
