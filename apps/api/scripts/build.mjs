// Bundles the API (and the shared package it imports as TypeScript) into dist/server.mjs (and its worker); third-party
// packages stay external and load from node_modules. Migrations are copied beside the bundle.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@inscrio/'));

await build({
  // The bank statement reader runs on a worker thread, from its own file beside the server's.
  entryPoints: {
    server: path.join(root, 'src/server.ts'),
    'bank-statement-parser.worker': path.join(
      root,
      'src/modules/accounting/bank-statements/statement-parser.worker.ts',
    ),
  },
  outdir: path.join(root, 'dist'),
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
fs.rmSync(path.join(root, 'dist/migrations'), { recursive: true, force: true });
fs.cpSync(path.join(root, 'src/db/migrations'), path.join(root, 'dist/migrations'), { recursive: true });
console.log('api built: apps/api/dist/server.mjs');
