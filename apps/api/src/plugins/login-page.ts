import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { LOGIN_SHELL } from '@inscrio/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../app-context';
import { type PublicOrganization, toPublicOrganization } from '../modules/organizations/organization.dto';
import { createOrganizationRepository } from '../modules/organizations/organization.repository';
import { organizationKeyFromHost } from '../modules/organizations/request-organization';

/*
 * The login page painted with the first response on a slow phone (issue 13, docs/scaling.md "First
 * load"): /login is answered with the web app's login.html, its page rendered here by the web app's
 * own login page (built for Node as ssr/login-page.mjs) for the organisation of the address, and that
 * organisation inlined for the app, which takes the page over when its JavaScript has run.
 */

type RenderLoginPage = (organization: PublicOrganization, address: string) => string;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The organisation as JSON inside a `<script>` element: `<` escaped so nothing in it closes the element. */
function inlineJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** Sends `html`, compressed as the browser accepts (a fast level: it is made for each request). */
export async function sendHtml(reply: FastifyReply, accepted: string, html: string): Promise<FastifyReply> {
  reply
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding')
    .type('text/html; charset=utf-8');
  if (/\bbr\b/.test(accepted)) {
    const body = await brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header('content-encoding', 'br').send(body);
  }
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(await gzip(html));
  return reply.send(html);
}

/**
 * GET /login (only the page itself; other pages keep index.html): when the address names an
 * organisation and the build wrote the shell. Otherwise, or if rendering fails, index.html as before:
 * the app then shows the organisation picker or its error page by itself.
 */
export async function registerLoginPage(
  app: FastifyInstance,
  ctx: AppContext,
  webDist: string,
): Promise<void> {
  const template = path.join(webDist, LOGIN_SHELL.template);
  const renderer = path.join(webDist, LOGIN_SHELL.renderer);
  if (!fs.existsSync(template) || !fs.existsSync(renderer)) return;
  const html = fs.readFileSync(template, 'utf8');
  const { renderLoginPage } = (await import(pathToFileURL(renderer).href)) as {
    renderLoginPage: RenderLoginPage;
  };
  const organizations = createOrganizationRepository(ctx.db);

  app.get('/login', async (request, reply) => {
    const key = organizationKeyFromHost(request.headers.host, ctx.config.appBaseHost);
    const row = key ? await organizations.findActiveByKey(key) : undefined;
    // In maintenance the app itself shows the maintenance page instead of a sign-in form.
    if (!row || row.archivedAt || row.maintenance) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    const organization = toPublicOrganization(row);
    let page: string;
    try {
      page = renderLoginPage(organization, request.url);
    } catch (error) {
      request.log.error({ err: error }, 'login page not rendered');
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    const data = `<script type="application/json" id="${LOGIN_SHELL.organizationElementId}">${inlineJson(organization)}</script>`;
    return sendHtml(
      reply,
      String(request.headers['accept-encoding'] ?? ''),
      html.replace(LOGIN_SHELL.organizationMarker, () => data).replace(LOGIN_SHELL.pageMarker, () => page),
    );
  });
}
