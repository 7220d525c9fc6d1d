import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { compile, optimize } from '@tailwindcss/node';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { LOGIN_SHELL } from '../../packages/shared/src/login-shell';

/*
 * What the production build adds for the first load on a phone (issue 13, docs/scaling.md "First
 * load"): route chunks grouped by audience, the page's language preloaded and the organisation lookup
 * started by index.html itself, the login page's shell (login.html), brotli and gzip copies of every
 * text file, and a budget on the entry.
 */

/** The most the page's first JavaScript (the entry and every chunk it imports) may weigh, gzip. */
export const ENTRY_GZIP_BUDGET = 150 * 1024;

// ---------------------------------------------------------------------------------------------------
// Chunks

/**
 * The screens of src/app/routes, and the features of src/features, by who opens them: one chunk per
 * audience instead of one per screen. What is not listed (the forms with a phone number: sign-up, the
 * onboardings) is split by the bundler, by who imports it.
 */
const AUDIENCES: Record<string, { screens: string[]; features: string[] }> = {
  // Signed out: sign-in, password reset, the club picker, the pages reached from e-mails. Sign-up and
  // the club onboarding check phone numbers: they keep chunks of their own, with the phone rules.
  public: {
    screens: [
      'public-layout',
      'login',
      'forgot-password',
      'reset-password',
      'redirect-message',
      'organization-error',
      'organization-picker',
    ],
    features: ['auth', 'redirect-message', 'organizations'],
  },
  // Every signed-in person: the layouts (with the cart button), the home page, the profile.
  account: {
    screens: ['main-layout', 'simple-layout', 'dashboard', 'profile', 'placeholder'],
    features: ['dashboard', 'profile', 'cart'],
  },
  family: {
    screens: ['catalog', 'catalog-blueprint', 'calendar', 'delegations', 'orders', 'order'],
    features: ['catalog', 'calendar', 'family', 'orders', 'registrations'],
  },
  manager: {
    screens: [
      'accounting',
      'members-all',
      'members-create',
      'members-participants',
      'members-holders',
      'member',
      'organization-configuration',
      'organizations-list',
      'establishment-configuration',
      'establishments',
      'establishment',
      'blueprints',
      'blueprint',
      'managed-service',
      'managed-prestation',
      'periods',
      'period',
      'registry',
      'reviews',
      'create-invoice',
      'create-credit-note',
      'create-services',
      'create-period',
      'period-manage-services',
      'period-plan-next',
      'period-invite-attendees',
      'create-establishment',
    ],
    features: [
      'accounting',
      'blueprints',
      'establishments',
      'members',
      'organization-settings',
      'manager-dashboard',
      'periods',
      'registry',
      'reviews',
      'services',
    ],
  },
  holder: {
    screens: [
      'holding-services',
      'holding-service',
      'holding-prestation',
      'attendance-services',
      'attendance-service',
    ],
    features: ['holdings'],
  },
};

function audienceOf(id: string): string | null {
  const screen = /src[\\/]app[\\/]routes[\\/]([\w-]+)\.tsx$/.exec(id)?.[1];
  const feature = /src[\\/]features[\\/]([\w-]+)[\\/]/.exec(id)?.[1];
  if (/register-page\.tsx$/.test(id)) return null;
  for (const [audience, { screens, features }] of Object.entries(AUDIENCES)) {
    if ((screen && screens.includes(screen)) || (feature && features.includes(feature))) return audience;
  }
  return null;
}

/** The phone numbering plans and the person rules that check a phone number with them. */
const PHONE =
  /[\\/]node_modules[\\/]libphonenumber-js[\\/]|shared[\\/]src[\\/]validation[\\/]person\.schema\.ts$/;
/** The shared rules that use the person rules: with the screens that import them, not in 'forms'. */
const WITH_PHONE = /shared[\\/]src[\\/]api[\\/](organization|members|family|account)\.schema\.ts$/;
const FORMS = /[\\/]node_modules[\\/](zod|react-hook-form|@hookform)[\\/]|packages[\\/]shared[\\/]src[\\/]/;

/**
 * `build.rolldownOptions.output.codeSplitting`. The page's first JavaScript stays one chunk (what the
 * entry needs, `$initial`); the rest is a few large chunks: the form and shared rules, the phone
 * numbering plans (only with the forms that check a phone number), the libraries, the shared
 * components, and the screens of each audience. A group takes only the modules it names (not their
 * dependencies), so a chunk never carries another audience's code.
 */
export const codeSplitting = {
  includeDependenciesRecursively: false,
  groups: [
    { name: 'app', tags: ['$initial' as const], priority: 100, includeDependenciesRecursively: true },
    {
      name: 'forms',
      test: (id: string) => FORMS.test(id) && !PHONE.test(id) && !WITH_PHONE.test(id),
      priority: 90,
    },
    { name: 'phone', test: PHONE, priority: 80 },
    { name: 'vendor', test: /[\\/]node_modules[\\/]/, priority: 70 },
    { name: 'ui', test: /src[\\/](components|lib)[\\/]/, priority: 60 },
    { name: audienceOf, debugName: 'audiences', priority: 10 },
  ],
};

// ---------------------------------------------------------------------------------------------------
// index.html

/** The audiences whose chunks index.html preloads when the address names one of their screens. */
const PRELOADED_AUDIENCES = ['public', 'account', 'family'];

/**
 * A script run by index.html before any chunk: it asks for the organisation of the address (the exact
 * request the app makes, taken by src/lib/organization-prefetch.ts; the login page has it inline) and
 * preloads the texts of the page's language and the chunks of the screen being opened (the sign-in
 * pages for a visitor without a session, the layout and the family's screens for a signed-in one), so
 * none of them waits behind the entry's JavaScript (on the login page, once its form has painted). A wrong guess costs a download, never a screen. The key is read as
 * src/lib/organization-host.ts does without a configured base host; with one (VITE_APP_BASE_HOST) the
 * script asks nothing and the app looks the organisation up itself.
 */
function bootScript(
  locales: Record<string, string>,
  audiences: Record<string, string[]>,
  baseHost: string | undefined,
): string {
  return `(function () {
  try {
    var locales = ${JSON.stringify(locales)};
    var audiences = ${JSON.stringify(audiences)};
    var locale = 'fr';
    var signedIn = false;
    try {
      var stored = localStorage.getItem('inscrio.locale');
      if (stored && locales[stored]) locale = stored;
      signedIn = !!localStorage.getItem('inscrio.tokens');
    } catch (e) {}
    var path = location.pathname;
    var files = [locales[locale]];
    if (!signedIn || /^\\/(login|forgot-password|reset-password)\\/?$/.test(path)) {
      files = files.concat(audiences.public);
    } else {
      files = files.concat(audiences.account);
      if (/^\\/(catalog|calendar|delegations|orders)(\\/|$)/.test(path)) files = files.concat(audiences.family);
    }
    var preload = function () {
      var seen = {};
      for (var i = 0; i < files.length; i++) {
        if (!files[i] || seen[files[i]]) continue;
        seen[files[i]] = true;
        var link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = files[i];
        document.head.appendChild(link);
      }
    };
    // The login page (login.html, its organisation inline) parses and paints its form first: fetching
    // and compiling the chunks must not slow that down on a slow CPU.
    var inlined = document.getElementById('${LOGIN_SHELL.organizationElementId}');
    if (inlined && document.visibilityState !== 'hidden') {
      document.addEventListener('DOMContentLoaded', function () {
        requestAnimationFrame(function () {
          setTimeout(preload, 0);
        });
      });
    } else preload();
    if (${JSON.stringify(Boolean(baseHost))}) return;
    var labels = location.hostname.toLowerCase().replace(/\\.$/, '').split('.');
    var key = labels[0];
    if (labels.length < 2 || (labels.length === 2 && labels[1] !== 'localhost') || key === 'www') return;
    if (!/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(key) || /^\\d+$/.test(labels[labels.length - 1])) return;
    var url = '/api/organizations/directory/key/' + encodeURIComponent(key);
    // The login page comes with its organisation (the API's answer to that request): no round trip.
    var answer = inlined && inlined.textContent;
    window.__inscrioOrganization = {
      url: url,
      response:
        answer && JSON.parse(answer).key === key
          ? Promise.resolve(new Response(answer, { headers: { 'content-type': 'application/json' } }))
          : fetch(url, { headers: { accept: 'application/json', 'accept-language': locale } }),
    };
  } catch (e) {}
})();`;
}

export function firstLoad(baseHost: string | undefined): Plugin {
  return {
    name: 'inscrio-first-load',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const locales: Record<string, string> = {};
        for (const chunk of Object.values(context.bundle ?? {})) {
          const language =
            chunk.type === 'chunk' && /src[\\/]locales[\\/](\w+)\.ts$/.exec(chunk.facadeModuleId ?? '');
          if (language) locales[language[1]!] = `/${chunk.fileName}`;
        }
        if (!locales.fr || !locales.en) throw new Error('first-load: the locale chunks were not found');
        // Each audience's chunk with the chunks it imports, but not the entry's (already loading).
        const chunks = new Map(
          Object.values(context.bundle ?? {}).flatMap((chunk) =>
            chunk.type === 'chunk' ? [[chunk.fileName, chunk]] : [],
          ),
        );
        const audiences: Record<string, string[]> = {};
        for (const audience of PRELOADED_AUDIENCES) {
          const root = [...chunks.values()].find((chunk) => chunk.name === audience && !chunk.isEntry);
          if (!root) throw new Error(`first-load: no chunk for the audience ${audience}`);
          const files = new Set<string>();
          const visit = (fileName: string) => {
            const chunk = chunks.get(fileName);
            if (!chunk || chunk.isEntry || files.has(fileName)) return;
            files.add(fileName);
            chunk.imports.forEach(visit);
          };
          visit(root.fileName);
          audiences[audience] = [...files].map((file) => `/${file}`);
        }
        return [
          { tag: 'script', children: bootScript(locales, audiences, baseHost), injectTo: 'head-prepend' },
        ];
      },
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// The login page's shell

/** The organisations the shell's classes are collected with: with a logo and without. */
const SAMPLE_ORGANIZATIONS = [null, 'asset_logo'].map((logoAsset) => ({
  id: 'org_sample',
  key: 'sample',
  name: 'Club sportif',
  logoAsset,
  timeZone: 'Europe/Brussels',
  defaultLocale: 'fr',
  systemAdmin: false,
  maintenance: false,
}));
/** The addresses the shell's classes are collected for (each notice the login page may show). */
const SAMPLE_ADDRESSES = ['/login', '/login?email=a%40b.be&authError=session-expired&error=page-not-found'];

/**
 * Runs after the page's bundle is written; the shell is painted with the first response, long before
 * the app's JavaScript has arrived:
 * - `ssr/login-page.mjs`: the login page (src/features/auth/login-shell/render.tsx) bundled for Node, so
 *   the API renders the very markup the app renders, for the organisation of the address;
 * - `login.html`: index.html with the markers the API fills (the organisation for the boot script, the
 *   rendered page), the CSS of the page's classes inline (Tailwind run on them alone, ~5 KB brotli)
 *   instead of the render-blocking stylesheet, the shell's script (below), and the loader in #root,
 *   hidden while the shell is there. The entry script is only preloaded: the shell's script runs it
 *   once the page has painted, so its work never holds the first paint back on a slow CPU.
 */
export function loginShell(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'inscrio-login-shell',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      await build({
        configFile: false,
        root,
        mode: 'production',
        logLevel: 'warn',
        plugins: [react()],
        resolve: { alias: { '@': path.join(root, 'src') } },
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        ssr: { noExternal: true },
        build: {
          ssr: 'src/features/auth/login-shell/render.tsx',
          outDir: path.join(outDir, path.dirname(LOGIN_SHELL.renderer)),
          emptyOutDir: true,
          copyPublicDir: false,
          minify: true,
          rolldownOptions: { output: { entryFileNames: path.basename(LOGIN_SHELL.renderer) } },
        },
      });
      const renderer = (await import(pathToFileURL(path.join(outDir, LOGIN_SHELL.renderer)).href)) as {
        renderLoginPage: (organization: unknown, address: string) => string;
      };
      const classes = new Set<string>();
      for (const organization of SAMPLE_ORGANIZATIONS) {
        for (const address of SAMPLE_ADDRESSES) {
          const markup = renderer.renderLoginPage(organization, address);
          for (const [, list] of markup.matchAll(/\bclass="([^"]*)"/g)) {
            list!.split(/\s+/).forEach((name) => classes.add(name.replaceAll('&amp;', '&')));
          }
        }
      }
      const source = path.join(root, 'src/styles/index.css');
      const tailwind = await compile(fs.readFileSync(source, 'utf8'), {
        base: path.dirname(source),
        from: source,
        onDependency: () => undefined,
      });
      const pageCss = optimize(tailwind.build([...classes]), { minify: true }).code;

      const index = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const stylesheet = /\s*<link rel="stylesheet" crossorigin href="([^"]+)">/.exec(index);
      const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(index);
      if (!stylesheet || !entry || !index.includes('<div id="root">')) {
        throw new Error('login-shell: index.html has no stylesheet, no entry script or no #root');
      }
      const { shellElementId: shell } = LOGIN_SHELL;
      const html = index
        .replace(stylesheet[0], '')
        .replace(entry[0], `<link rel="modulepreload" crossorigin href="${entry[1]}">`)
        .replace('<head>', `<head>${LOGIN_SHELL.organizationMarker}`)
        .replace('</head>', `<style>${pageCss}#${shell}~#root{display:none}</style></head>`)
        .replace(
          '<div id="root">',
          `<div id="${shell}">${LOGIN_SHELL.pageMarker}</div>` +
            `<script>${shellScript(stylesheet[1]!, entry[1]!)}</script><div id="root">`,
        );
      fs.writeFileSync(path.join(outDir, LOGIN_SHELL.template), html);
    },
  };
}

/**
 * The shell's script. It adds the full stylesheet (not render-blocking when added by a script; the app
 * waits for it before it mounts: src/app/main.tsx) and runs the entry script once the page is parsed
 * and painted (at once in a hidden tab, which paints nothing). Until the app takes the page over
 * (src/features/auth/login-shell/takeover.ts reads what it leaves): the address's e-mail filled in,
 * and a submit kept for the app, which sends it once it runs (the same request, limits and messages as
 * any sign-in; the form never submits by itself). A signed-in visitor, or one who chose English, gets
 * the loader instead: the app will show something else.
 */
function shellScript(stylesheet: string, entry: string): string {
  return `(function () {
  var css = document.createElement('link');
  css.rel = 'stylesheet';
  css.crossOrigin = '';
  css.href = ${JSON.stringify(stylesheet)};
  document.head.appendChild(css);
  function start() {
    var app = document.createElement('script');
    app.type = 'module';
    app.crossOrigin = '';
    app.src = ${JSON.stringify(entry)};
    document.head.appendChild(app);
  }
  // Once the page is parsed and painted: work started earlier slows the parsing of the form itself.
  function painted() {
    requestAnimationFrame(function () { setTimeout(start, 0); });
  }
  if (document.visibilityState === 'hidden') start();
  else if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', painted);
  else painted();
  var shell = document.getElementById(${JSON.stringify(LOGIN_SHELL.shellElementId)});
  if (!shell) return;
  try {
    var locale = localStorage.getItem('inscrio.locale');
    if (localStorage.getItem('inscrio.tokens') || (locale && locale !== 'fr')) return shell.remove();
  } catch (e) {}
  var form = shell.querySelector('form');
  if (!form) return;
  var email = new URLSearchParams(location.search).get('email');
  if (email && form.elements.email && !form.elements.email.value) form.elements.email.value = email;
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    shell.setAttribute('data-submitted', '');
    var button = form.querySelector('button[type="submit"]');
    if (button) button.disabled = true;
  });
})();`;
}

// ---------------------------------------------------------------------------------------------------
// Budget and compression

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Files the API serves compressed (their `.br` and `.gz` copies sit beside them). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

/** The entry script of a built index.html and every chunk it preloads: the page's first JavaScript. */
export function entryScripts(html: string): string[] {
  const entry = [...html.matchAll(/<script type="module"[^>]*\bsrc="\/([^"]+)"/g)].map((match) => match[1]!);
  const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*\bhref="\/([^"]+)"/g)].map(
    (match) => match[1]!,
  );
  return [...entry, ...preloads];
}

/**
 * After the build: fails it when the entry's JavaScript exceeds ENTRY_GZIP_BUDGET, then writes
 * `file.br` (brotli, best quality) and `file.gz` (gzip, best level) beside each text file; the API
 * serves them by the request's Accept-Encoding (apps/api/src/app.ts).
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'inscrio-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
      let entryBytes = 0;
      for (const file of entryScripts(html)) {
        entryBytes += zlib.gzipSync(fs.readFileSync(path.join(outDir, file)), { level: 9 }).length;
      }
      if (entryBytes > ENTRY_GZIP_BUDGET) {
        // No index.html: the output is not taken for a finished build (npm start, the browser tests).
        fs.rmSync(path.join(outDir, 'index.html'));
        throw new Error(
          `The entry JavaScript is ${(entryBytes / 1024).toFixed(1)} KB gzip, over its budget of ${ENTRY_GZIP_BUDGET / 1024} KB (docs/scaling.md, "First load")`,
        );
      }
      const files = fs
        .readdirSync(outDir, { recursive: true, withFileTypes: true })
        // The login page's renderer (ssr/) is for the API, never sent.
        .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
        .filter(
          (entry) => !path.relative(outDir, entry.parentPath).startsWith(path.dirname(LOGIN_SHELL.renderer)),
        )
        .map((entry) => path.join(entry.parentPath, entry.name));
      await Promise.all(
        files.map(async (file) => {
          const content = fs.readFileSync(file);
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzip(content, { level: 9 }),
          ]);
          fs.writeFileSync(`${file}.br`, br);
          fs.writeFileSync(`${file}.gz`, gz);
        }),
      );
      process.stdout.write(
        `entry JavaScript ${(entryBytes / 1024).toFixed(1)} KB gzip; ${files.length} files precompressed (br, gz)\n`,
      );
    },
  };
}
