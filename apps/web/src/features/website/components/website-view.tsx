import { formatMoney } from '@inscrio/shared';
import { AtSign, CalendarDays, Clock, ExternalLink, Globe, Mail, MapPin, Phone, Users } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button-variants';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { useLocale } from '@/lib/use-locale';
import type { PublicActivity, PublicEstablishment, PublicWebsite } from '../api/website';
import { cleanRichText } from './rich-text';

/** Where « S'inscrire » leads a visitor: sign in (or sign up from there), then back to the activity. */
export const registerPath = (activityId: string) =>
  paths.login.to({ redirect: paths.catalogBlueprint.to(activityId) });

function ActivityCard({
  activity,
  establishment,
  timeZone,
  preview,
}: {
  activity: PublicActivity;
  establishment: PublicEstablishment | undefined;
  timeZone: string;
  preview: boolean;
}) {
  const { t } = useTranslation('website');
  const locale = useLocale();
  return (
    <li
      className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
      data-public-activity={activity.id}
    >
      {activity.imageUrl ? (
        <img
          src={activity.imageUrl}
          alt=""
          loading="lazy"
          decoding="async"
          width={1200}
          height={675}
          className="aspect-video w-full object-cover"
        />
      ) : (
        <div className="h-2 w-full" style={{ backgroundColor: activity.colorCode }} aria-hidden="true" />
      )}
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div>
          <h3 className="text-base font-semibold text-slate-900">{activity.name}</h3>
          {establishment ? <p className="text-xs text-slate-500">{establishment.name}</p> : null}
        </div>
        <dl className="grid gap-1.5 text-sm text-slate-700">
          <div className="flex items-center gap-2">
            <Users className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
            <dt className="sr-only">{t('view.age')}</dt>
            <dd>{activity.ageRestrictionText}</dd>
          </div>
          <div className="flex items-center gap-2">
            <Clock className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
            <dt className="sr-only">{t('view.duration')}</dt>
            <dd>{activity.durationText}</dd>
          </div>
          <div className="flex items-center gap-2 font-semibold text-slate-900">
            <dt className="sr-only">{t('view.price')}</dt>
            <dd data-activity-price="">{formatMoney(activity.price, locale)}</dd>
          </div>
        </dl>
        <div className="text-sm">
          <p className="mb-1 flex items-center gap-2 font-medium text-slate-800">
            <CalendarDays className="size-4 text-slate-400" aria-hidden="true" />
            {t('view.nextSessions')}
          </p>
          {activity.nextSessions.length === 0 ? (
            <p className="text-slate-500">{t('view.noSession')}</p>
          ) : (
            <ul className="space-y-0.5 text-slate-700">
              {activity.nextSessions.map((session) => (
                <li key={session.id} className="flex flex-wrap justify-between gap-x-3">
                  <span>{formatDateTime(session.startDateTime, timeZone, locale)}</span>
                  <span className="text-slate-500">
                    {session.freeSeats === null
                      ? t('view.unlimited')
                      : session.freeSeats === 0
                        ? t('view.full')
                        : t('view.freeSeats', { count: session.freeSeats })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="mt-auto pt-1">
          <Link
            to={registerPath(activity.id)}
            className={cn(buttonVariants({ size: 'md' }), 'w-full', preview && 'pointer-events-none')}
            tabIndex={preview ? -1 : undefined}
            data-register-activity={activity.id}
          >
            {t('view.register')}
          </Link>
        </div>
      </div>
    </li>
  );
}

/**
 * The organisation's public page, as visitors see it on `/discover` and as the website step previews
 * it: background and logo, title and description, activities with their next sessions, places, contact
 * and social links, the custom button. `preview` makes its links inert.
 */
export function WebsiteView({
  website,
  timeZone,
  preview = false,
}: {
  website: PublicWebsite;
  timeZone: string;
  preview?: boolean;
}) {
  const { t } = useTranslation('website');
  const description = useMemo(() => cleanRichText(website.description), [website.description]);
  const establishments = new Map(website.establishments.map((e) => [e.id, e]));
  const contacts = [
    website.contactEmail && {
      icon: Mail,
      label: website.contactEmail,
      href: `mailto:${website.contactEmail}`,
    },
    website.contactPhone && {
      icon: Phone,
      label: website.contactPhone,
      href: `tel:${website.contactPhone.replace(/[^\d+]/g, '')}`,
    },
    website.contactFacebook && { icon: Globe, label: 'Facebook', href: website.contactFacebook },
    website.contactInstagram && { icon: AtSign, label: 'Instagram', href: website.contactInstagram },
  ].filter((c): c is { icon: typeof Mail; label: string; href: string } => !!c);
  const inert = preview ? { tabIndex: -1, className: 'pointer-events-none' } : {};

  return (
    <div className="w-full space-y-8" data-website-view="">
      <header
        className="relative overflow-hidden rounded-3xl bg-brand-800 bg-cover bg-center text-white shadow-lg"
        style={website.backgroundUrl ? { backgroundImage: `url("${website.backgroundUrl}")` } : undefined}
      >
        <div className="bg-gradient-to-t from-slate-950/80 via-slate-900/45 to-slate-900/10 px-5 pt-16 pb-6 sm:px-8 sm:pt-28 sm:pb-8">
          <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
            <div className="flex min-w-0 items-end gap-4">
              {website.logoUrl ? (
                <img
                  src={website.logoUrl}
                  alt={t('view.logoAlt', { name: website.title })}
                  width={80}
                  height={80}
                  className="size-16 shrink-0 rounded-2xl bg-white object-contain p-1.5 shadow-md sm:size-20"
                />
              ) : null}
              <h1 className="min-w-0 text-2xl font-bold text-balance break-words drop-shadow sm:text-4xl">
                {website.title}
              </h1>
            </div>
            <div className="flex flex-wrap gap-2">
              {website.customButton ? (
                <a
                  href={website.customButton.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={cn(buttonVariants({ variant: 'secondary' }), preview && 'pointer-events-none')}
                  tabIndex={preview ? -1 : undefined}
                  data-website-custom-button=""
                >
                  {website.customButton.name}
                  <ExternalLink aria-hidden="true" />
                </a>
              ) : null}
              <Link
                to={paths.login.to()}
                className={cn(buttonVariants({ variant: 'secondary' }), preview && 'pointer-events-none')}
                tabIndex={preview ? -1 : undefined}
              >
                {t('view.signIn')}
              </Link>
            </div>
          </div>
        </div>
      </header>

      {description ? (
        <section
          className="website-description max-w-3xl space-y-3 text-base leading-relaxed text-slate-700 [&_a]:text-brand-700 [&_a]:underline [&_h2]:text-xl [&_h2]:font-bold [&_h2]:text-slate-900 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900 [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6"
          data-website-description=""
          dangerouslySetInnerHTML={{ __html: description }}
        />
      ) : null}

      <section aria-labelledby="website-activities" className="space-y-4">
        <h2 id="website-activities" className="text-xl font-bold text-slate-900">
          {t('view.activities')}
        </h2>
        {website.activities.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-500">
            {t('view.noActivity')}
          </p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {website.activities.map((activity) => (
              <ActivityCard
                key={activity.id}
                activity={activity}
                establishment={establishments.get(activity.establishmentId)}
                timeZone={timeZone}
                preview={preview}
              />
            ))}
          </ul>
        )}
      </section>

      <div className="grid gap-6 md:grid-cols-2">
        {website.establishments.length > 0 ? (
          <section aria-labelledby="website-places" className="space-y-3">
            <h2 id="website-places" className="text-xl font-bold text-slate-900">
              {t('view.places')}
            </h2>
            <ul className="space-y-2">
              {website.establishments.map((place) => (
                <li
                  key={place.id}
                  className="flex gap-3 rounded-xl border border-slate-200 bg-white p-3 text-sm"
                >
                  <MapPin className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
                  <div>
                    <p className="font-semibold text-slate-900">{place.name}</p>
                    {place.address || place.city ? (
                      <p className="text-slate-600">
                        {[place.address, [place.postalCode, place.city].filter(Boolean).join(' ')]
                          .filter(Boolean)
                          .join(', ')}
                      </p>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {contacts.length > 0 ? (
          <section aria-labelledby="website-contact" className="space-y-3">
            <h2 id="website-contact" className="text-xl font-bold text-slate-900">
              {t('view.contact')}
            </h2>
            <ul className="flex flex-wrap gap-2">
              {contacts.map((contact) => (
                <li key={contact.href}>
                  <a
                    href={contact.href}
                    {...(contact.href.startsWith('http')
                      ? { target: '_blank', rel: 'noopener noreferrer' }
                      : {})}
                    {...inert}
                    className={cn(buttonVariants({ variant: 'secondary', size: 'sm' }), inert.className)}
                  >
                    <contact.icon aria-hidden="true" />
                    {contact.label}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </div>
  );
}
