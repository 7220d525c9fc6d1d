// `npm start`: builds whatever is missing or older than its sources, then serves API and web app from
// one process. The embedded database is used unless DATABASE_URL is set.
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const newest = (dir) => {
  if (!fs.existsSync(dir)) return 0;
  let latest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile())
      latest = Math.max(latest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return latest;
};
const mtime = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);

const targets = [
  { name: 'api', output: 'apps/api/dist/server.mjs', sources: ['apps/api/src', 'packages/shared/src'] },
  {
    name: 'web',
    output: 'apps/web/dist/index.html',
    sources: ['apps/web/src', 'packages/shared/src'],
    optional: 'apps/web/index.html',
  },
];
for (const target of targets) {
  if (target.optional && !fs.existsSync(target.optional)) continue;
  const sourceTime = Math.max(...target.sources.map(newest));
  if (mtime(target.output) < sourceTime) {
    console.log(`building ${target.name}…`);
    execSync(`npm run build -w @inscrio/${target.name}`, { stdio: 'inherit' });
  }
}

// A 64 MB young generation (V8's default is 16 MB): a burst of requests keeps thousands of objects alive
// at once, and a small nursery copies them again at every scavenge (docs/scaling.md, "Checkout").
// `npm run bench` runs the app with the same flag.
const child = spawn(
  process.execPath,
  ['--enable-source-maps', '--max-semi-space-size=64', 'apps/api/dist/server.mjs'],
  { stdio: 'inherit' },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
