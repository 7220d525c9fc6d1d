import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { FactoryContext } from '../factories/context';
import { newId } from '../lib/ids';
import { createAssetRepository } from '../modules/assets/assets.repository';
import { createWebsiteRepository } from '../modules/website/website.repository';

/*
 * The demo club's public website (/discover) filled in, so the demo looks lived-in: a title, a formatted
 * description, a logo, a background and a favicon (drawn here as SVG and rendered, so the demo ships no
 * image file), contact details and social links.
 */

const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  <circle cx="256" cy="256" r="240" fill="#1d4ed8"/>
  <circle cx="256" cy="256" r="200" fill="none" stroke="#ffffff" stroke-width="16"/>
  <path d="M150 300 q106 -170 212 0" fill="none" stroke="#fbbf24" stroke-width="28" stroke-linecap="round"/>
  <circle cx="256" cy="190" r="38" fill="#ffffff"/>
  <text x="256" y="390" font-family="DejaVu Sans, Arial, sans-serif" font-size="72" font-weight="700"
    fill="#ffffff" text-anchor="middle">CSD</text>
</svg>`;

const BACKGROUND_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="700">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#0c4a6e"/><stop offset="0.55" stop-color="#1d4ed8"/><stop offset="1" stop-color="#0891b2"/>
    </linearGradient>
  </defs>
  <rect width="1600" height="700" fill="url(#sky)"/>
  <path d="M0 520 C300 440 500 600 800 520 S1300 440 1600 520 V700 H0 Z" fill="#38bdf8" opacity="0.45"/>
  <path d="M0 580 C320 520 520 660 820 590 S1320 520 1600 590 V700 H0 Z" fill="#7dd3fc" opacity="0.5"/>
  <circle cx="1320" cy="170" r="90" fill="#fbbf24" opacity="0.9"/>
</svg>`;

async function storeImage(
  ctx: FactoryContext,
  organizationId: string,
  data: Buffer,
  contentType: string,
  fileName: string,
) {
  const id = newId('ast');
  await createAssetRepository(ctx.db).insert({
    organizationId,
    id,
    contentType,
    byteSize: data.length,
    sha256: createHash('sha256').update(data).digest('hex'),
    fileName,
    data,
  });
  return id;
}

export async function seedWebsite(ctx: FactoryContext, organizationId: string): Promise<void> {
  const logo = await sharp(Buffer.from(LOGO_SVG)).resize(256, 256).png().toBuffer();
  const favicon = await sharp(Buffer.from(LOGO_SVG)).resize(64, 64).png().toBuffer();
  const background = await sharp(Buffer.from(BACKGROUND_SVG)).webp({ quality: 78 }).toBuffer();
  await createWebsiteRepository(ctx.db).upsert(organizationId, {
    enabled: true,
    title: 'Club Sportif Démo',
    description:
      '<h2>Bienvenue au Club Sportif Démo</h2>' +
      '<p>Depuis 1987, le club accueille les enfants dès 3 ans et les adultes pour <strong>la natation, ' +
      'la gymnastique et les stages multisports</strong> pendant les vacances.</p>' +
      '<ul><li>Des moniteurs diplômés et bienveillants</li><li>Deux sites à Bruxelles et Ixelles</li>' +
      '<li>Des séances adaptées à chaque âge</li></ul>' +
      '<p>Inscrivez vos enfants en ligne en quelques minutes.</p>',
    logoAssetId: await storeImage(ctx, organizationId, logo, 'image/png', 'logo.png'),
    faviconAssetId: await storeImage(ctx, organizationId, favicon, 'image/png', 'favicon.png'),
    backgroundAssetId: await storeImage(ctx, organizationId, background, 'image/webp', 'fond.webp'),
    contactEmail: 'contact@demo.test',
    contactPhone: '+32 2 123 45 67',
    contactFacebook: 'https://www.facebook.com/clubsportifdemo',
    contactInstagram: 'https://www.instagram.com/clubsportifdemo',
    showCustomButton: false,
  });
}
