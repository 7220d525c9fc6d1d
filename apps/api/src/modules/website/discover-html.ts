import { formatDateTime, formatMoney, type Locale } from '@inscrio/shared';

/*
 * /discover painted with the first response (issue 19, « speed on a phone »): the page's content as
 * plain HTML with its own small stylesheet, put in #root by the server, so a visitor on a slow phone
 * reads the club's page, and can follow « S'inscrire », before the app's JavaScript has arrived. The
 * app replaces it with its own page when it mounts. Every text is escaped; the description is the
 * stored one, cleaned when saved and again when read (rich-text.ts).
 */

export interface DiscoverHtmlData {
  title: string;
  description: string | null;
  logoUrl: string | null;
  backgroundUrl: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
  contactFacebook: string | null;
  contactInstagram: string | null;
  customButton: { name: string; url: string } | null;
  establishments: {
    id: string;
    name: string;
    address: string | null;
    city: string | null;
    postalCode: string | null;
  }[];
  activities: {
    id: string;
    name: string;
    price: number;
    durationText: string;
    ageRestrictionText: string;
    nextSessions: { startDateTime: string; freeSeats: number | null }[];
  }[];
}

const escape = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const TEXTS = {
  fr: {
    register: "S'inscrire",
    signIn: 'Se connecter',
    activities: 'Nos activités',
    places: 'Nos lieux',
    contact: 'Contact',
    next: 'Prochaines séances',
    none: 'Pas de séance prévue pour le moment.',
    noActivity: "Aucune activité n'est proposée pour le moment.",
    full: 'Complet',
    unlimited: 'Places illimitées',
    seats: (n: number) => (n === 1 ? '1 place libre' : `${n} places libres`),
  },
  en: {
    register: 'Register',
    signIn: 'Sign in',
    activities: 'Our activities',
    places: 'Our places',
    contact: 'Contact',
    next: 'Next sessions',
    none: 'No session planned at the moment.',
    noActivity: 'No activity is offered at the moment.',
    full: 'Full',
    unlimited: 'Unlimited seats',
    seats: (n: number) => (n === 1 ? '1 seat left' : `${n} seats left`),
  },
} as const;

// Scoped to .sd (server discover) and hides the boot placeholder beside it.
const STYLE = `<style>#root>.boot{display:none}.sd{max-width:72rem;margin:0 auto;padding:16px;font:15px/1.5 ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#334155;background:#f8fafc}
.sd a{color:inherit}.sd-hero{border-radius:24px;background:#1e40af center/cover;color:#fff;overflow:hidden}
.sd-hero>div{padding:64px 20px 24px;background:linear-gradient(to top,rgba(2,6,23,.8),rgba(15,23,42,.45),rgba(15,23,42,.1))}
.sd-brand{display:flex;align-items:flex-end;gap:16px}.sd-brand img{width:64px;height:64px;border-radius:16px;background:#fff;object-fit:contain;padding:6px}
.sd h1{margin:0;font-size:26px;line-height:1.2;font-weight:700}.sd-actions{display:flex;flex-wrap:wrap;gap:8px;margin-top:16px}
.sd-btn{display:inline-flex;align-items:center;justify-content:center;height:40px;padding:0 16px;border-radius:8px;font-weight:600;font-size:14px;text-decoration:none;background:#fff;color:#1e293b!important;border:1px solid #cbd5e1}
.sd-btn-primary{background:#1d4ed8;color:#fff!important;border-color:#1d4ed8;width:100%;box-sizing:border-box}
.sd-desc{max-width:48rem;margin:24px 0}.sd-desc h2{font-size:20px;color:#0f172a}.sd-desc a{color:#1d4ed8}
.sd h2.sd-h{font-size:20px;color:#0f172a;margin:28px 0 12px}.sd-grid{display:grid;gap:16px;padding:0;margin:0;list-style:none}
.sd-card{background:#fff;border:1px solid #e2e8f0;border-radius:16px;padding:16px;display:flex;flex-direction:column;gap:8px}
.sd-card h3{margin:0;font-size:16px;color:#0f172a}.sd-card p{margin:0}.sd-price{font-weight:600;color:#0f172a}
.sd-sessions{margin:0;padding:0;list-style:none;font-size:14px}.sd-sessions li{display:flex;justify-content:space-between;gap:12px}
.sd-muted{color:#64748b}.sd-list{list-style:none;padding:0;margin:0;display:flex;flex-wrap:wrap;gap:8px}
@media(min-width:640px){.sd-grid{grid-template-columns:repeat(2,minmax(0,1fr))}.sd-hero>div{padding:112px 32px 32px}.sd h1{font-size:36px}}
@media(min-width:1024px){.sd-grid{grid-template-columns:repeat(3,minmax(0,1fr))}}</style>`;

/** The markup put in #root for `/discover`; `registerHref` is where « S'inscrire » leads for an activity. */
export function renderDiscoverHtml(
  data: DiscoverHtmlData,
  timeZone: string,
  locale: Locale,
  registerHref: (activityId: string) => string,
): string {
  const text = TEXTS[locale];
  const hero = data.backgroundUrl ? ` style="background-image:url('${escape(data.backgroundUrl)}')"` : '';
  const logo = data.logoUrl ? `<img src="${escape(data.logoUrl)}" alt="" width="64" height="64">` : '';
  const custom = data.customButton
    ? `<a class="sd-btn" href="${escape(data.customButton.url)}" target="_blank" rel="noopener noreferrer">${escape(data.customButton.name)}</a>`
    : '';
  const activities =
    data.activities.length === 0
      ? `<p class="sd-muted">${text.noActivity}</p>`
      : `<ul class="sd-grid">${data.activities
          .map((a) => {
            const sessions =
              a.nextSessions.length === 0
                ? `<p class="sd-muted">${text.none}</p>`
                : `<ul class="sd-sessions">${a.nextSessions
                    .map(
                      (s) =>
                        `<li><span>${escape(formatDateTime(s.startDateTime, timeZone, locale))}</span><span class="sd-muted">${
                          s.freeSeats === null
                            ? text.unlimited
                            : s.freeSeats === 0
                              ? text.full
                              : text.seats(s.freeSeats)
                        }</span></li>`,
                    )
                    .join('')}</ul>`;
            return (
              `<li class="sd-card" data-server-activity="${escape(a.id)}"><h3>${escape(a.name)}</h3>` +
              `<p>${escape(a.ageRestrictionText)} · ${escape(a.durationText)}</p>` +
              `<p class="sd-price">${escape(formatMoney(a.price, locale))}</p>` +
              `<p><strong>${text.next}</strong></p>${sessions}` +
              `<a class="sd-btn sd-btn-primary" href="${escape(registerHref(a.id))}">${text.register}</a></li>`
            );
          })
          .join('')}</ul>`;
  const places = data.establishments.length
    ? `<h2 class="sd-h">${text.places}</h2><ul class="sd-grid">${data.establishments
        .map(
          (e) =>
            `<li class="sd-card"><h3>${escape(e.name)}</h3><p class="sd-muted">${escape(
              [e.address, [e.postalCode, e.city].filter(Boolean).join(' ')].filter(Boolean).join(', '),
            )}</p></li>`,
        )
        .join('')}</ul>`
    : '';
  const contacts = [
    data.contactEmail && [`mailto:${data.contactEmail}`, data.contactEmail],
    data.contactPhone && [`tel:${data.contactPhone.replace(/[^\d+]/g, '')}`, data.contactPhone],
    data.contactFacebook && [data.contactFacebook, 'Facebook'],
    data.contactInstagram && [data.contactInstagram, 'Instagram'],
  ].filter((c): c is [string, string] => !!c);
  const contact = contacts.length
    ? `<h2 class="sd-h">${text.contact}</h2><ul class="sd-list">${contacts
        .map(([href, label]) => `<li><a class="sd-btn" href="${escape(href)}">${escape(label)}</a></li>`)
        .join('')}</ul>`
    : '';
  return (
    `${STYLE}<div class="sd" id="discover-shell"><header class="sd-hero"${hero}><div>` +
    `<div class="sd-brand">${logo}<h1>${escape(data.title)}</h1></div>` +
    `<div class="sd-actions">${custom}<a class="sd-btn" href="/login">${text.signIn}</a></div></div></header>` +
    (data.description ? `<section class="sd-desc">${data.description}</section>` : '') +
    `<h2 class="sd-h">${text.activities}</h2>${activities}${places}${contact}</div>`
  );
}
