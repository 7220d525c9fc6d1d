import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import { createOrganizationRepository } from '../modules/organizations/organization.repository';
import { organizationKeyFromHost } from '../modules/organizations/request-organization';
import { isLocale } from '@inscrio/shared';
import { renderDiscoverHtml } from '../modules/website/discover-html';
import { createWebsiteService, type ShareMeta } from '../modules/website/website.service';
import { sendHtml } from './login-page';

/*
 * Shared links look like the club (issue 19): a link to /discover or to an activity of the catalogue
 * pasted in WhatsApp or Facebook is previewed from the HTML head, read by a crawler that runs no
 * script. Those pages are answered with index.html whose title, description and icon are the club's,
 * with Open Graph and Twitter card tags. Every other page keeps the plain index.html.
 */

const escapeAttribute = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/'/g, '&#39;');

/** The origin the visitor used: crawlers need absolute image addresses. */
function origin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** index.html with the page's title, description, icon and cards in its head (and `root` in #root). */
export function withShareMeta(
  html: string,
  meta: ShareMeta,
  pageUrl: string,
  base: string,
  root = '',
): string {
  const tags: string[] = [];
  const property = (name: string, content: string) =>
    tags.push(`<meta property="${name}" content="${escapeAttribute(content)}" />`);
  const named = (name: string, content: string) =>
    tags.push(`<meta name="${name}" content="${escapeAttribute(content)}" />`);
  property('og:type', 'website');
  property('og:title', meta.title);
  property('og:url', pageUrl);
  if (meta.description) property('og:description', meta.description);
  if (meta.imagePath) property('og:image', base + meta.imagePath);
  named('twitter:card', meta.imagePath ? 'summary_large_image' : 'summary');
  named('twitter:title', meta.title);
  if (meta.description) named('twitter:description', meta.description);
  if (meta.imagePath) named('twitter:image', base + meta.imagePath);
  let page = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeAttribute(meta.title)}</title>`);
  if (meta.description) {
    page = page.replace(
      /<meta name="description"[^>]*>/,
      () => `<meta name="description" content="${escapeAttribute(meta.description)}" />`,
    );
  }
  if (meta.faviconPath) {
    page = page.replace(
      /<link rel="icon"[^>]*>/,
      () => `<link rel="icon" type="image/png" href="${escapeAttribute(meta.faviconPath!)}" />`,
    );
  }
  page = page.replace('</head>', () => `${tags.join('')}</head>`);
  if (!root) return page;
  // The painted page has its own inline style: the app's stylesheet moves to the end of the body, so
  // the first paint waits for no other download (the app, which needs it, mounts long after it came).
  const stylesheets = page.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
  for (const link of stylesheets) page = page.replace(link, '');
  return page
    .replace('<div id="root">', () => `<div id="root">${root}`)
    .replace('</body>', () => `${stylesheets.join('')}</body>`);
}

type Organization = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createOrganizationRepository>['findActiveByKey']>>
>;

export function registerSharePages(app: FastifyInstance, ctx: AppContext, webDist: string): void {
  const index = path.join(webDist, 'index.html');
  if (!fs.existsSync(index)) return;
  const html = fs.readFileSync(index, 'utf8');
  const organizations = createOrganizationRepository(ctx.db);
  const website = createWebsiteService(ctx);
  const plain = (reply: FastifyReply) => reply.header('cache-control', 'no-cache').sendFile('index.html');

  const answer = async (
    request: FastifyRequest,
    reply: FastifyReply,
    read: (organization: Organization) => Promise<{ meta: ShareMeta; root?: string } | undefined>,
  ) => {
    const key = organizationKeyFromHost(request.headers.host, ctx.config.appBaseHost);
    const organization = key ? await organizations.findActiveByKey(key) : undefined;
    if (!organization || organization.maintenance) return plain(reply);
    let shown: { meta: ShareMeta; root?: string } | undefined;
    try {
      shown = await read(organization);
    } catch (error) {
      // A preview is a nicety: the page itself must still open.
      request.log.error({ err: error }, 'share meta not read');
      return plain(reply);
    }
    if (!shown) return plain(reply);
    const base = origin(request);
    const page = withShareMeta(html, shown.meta, base + request.url.split('?')[0], base, shown.root);
    return sendHtml(reply, String(request.headers['accept-encoding'] ?? ''), page);
  };

  // The page itself too, painted before the app's JavaScript arrives (discover-html.ts).
  app.get('/discover', (request, reply) =>
    answer(request, reply, async (organization) => {
      const locale = isLocale(organization.defaultLocale) ? organization.defaultLocale : 'fr';
      const [meta, data] = await Promise.all([
        website.shareMeta(organization),
        website.data(organization, locale),
      ]);
      if (!data.enabled) return { meta };
      const root = renderDiscoverHtml(
        data,
        organization.timeZone,
        locale,
        (id) => `/login?${new URLSearchParams({ redirect: `/catalog/blueprints/${id}` })}`,
      );
      return { meta, root };
    }),
  );
  app.get<{ Params: { id: string } }>('/catalog/blueprints/:id', (request, reply) =>
    answer(request, reply, async (organization) => {
      if (request.params.id.length > 100) return undefined;
      const meta = await website.activityShareMeta(organization, request.params.id);
      return meta && { meta };
    }),
  );
}
