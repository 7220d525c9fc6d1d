import {
  formatDate,
  formatDateTime,
  formatDuration,
  formatMoney,
  formatMonth,
  isAtLeastEstManager,
  type Locale,
  WORK_MONTH_STATUSES,
  WORK_TIME_WARNINGS,
} from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import { type AuthContext, establishmentScope } from '../../lib/access';
import { AppError } from '../../lib/app-error';
import { CSV_BOM, csvAmount, csvLine } from '../../lib/csv';
import { renderWorkTimePdf } from '../documents/pdf/work-time-pdf';
import { createOrganizationRepository } from '../organizations/organization.repository';
import { createWorkTimeRepository } from './work-time.repository';
import { monthBounds } from './work-time.rules';
import { type HolderMonth, holderMonths, holderName } from './work-time.views';

/** Most holders one export holds (an organisation has a few dozen). */
export const WORK_TIME_EXPORT_MAX_HOLDERS = 2_000;

const HEADERS = {
  fr: [
    'Titulaire',
    'E-mail',
    'Mois',
    'Statut',
    'Séances',
    'Minutes des séances',
    'Minutes de corrections',
    'Total (minutes)',
    'Total (heures)',
    'Volontaire',
    'Indemnité due',
    'Validé le',
    'Validé par',
    'Note du gestionnaire',
  ],
  en: [
    'Holder',
    'E-mail',
    'Month',
    'Status',
    'Sessions',
    'Session minutes',
    'Correction minutes',
    'Total (minutes)',
    'Total (hours)',
    'Volunteer',
    'Allowance due',
    'Validated on',
    'Validated by',
    'Manager note',
  ],
} as const;

const YES_NO = { fr: ['Oui', 'Non'], en: ['Yes', 'No'] } as const;

/** The month's CSV (payroll) and PDF (one page per holder) of every holder within the manager's reach. */
export function createWorkTimeExport(ctx: AppContext) {
  async function gather(auth: AuthContext, month: string) {
    if (!isAtLeastEstManager(auth.actor)) throw new AppError('forbidden');
    const organization = await createOrganizationRepository(ctx.db).findById(auth.organizationId);
    if (!organization) throw new AppError('not_found');
    const { items } = await createWorkTimeRepository(ctx.db).holders(
      auth.organizationId,
      {
        establishmentId: establishmentScope(auth),
        // Those who left but worked that month are paid for it too.
        worked: { timeZone: organization.timeZone, ...monthBounds(month) },
      },
      { limit: WORK_TIME_EXPORT_MAX_HOLDERS, offset: 0 },
    );
    const views = await holderMonths(
      ctx.db,
      auth.organizationId,
      items,
      month,
      organization.timeZone,
      ctx.clock.now(),
    );
    return { organization, views };
  }

  const validatedOn = (view: HolderMonth, timeZone: string, locale: Locale) =>
    view.state.status === 'validated' && view.state.decidedAt
      ? formatDate(view.state.decidedAt, timeZone, locale)
      : '';

  return {
    async csv(auth: AuthContext, month: string, locale: Locale) {
      const { organization, views } = await gather(auth, month);
      const lines = [CSV_BOM, csvLine(HEADERS[locale])];
      for (const view of views) {
        const { totals } = view.computed;
        lines.push(
          csvLine(
            [
              holderName(view.holder, locale),
              view.holder.email,
              month,
              WORK_MONTH_STATUSES.label(view.state.status, locale),
              totals.sessions,
              totals.sessionMinutes,
              totals.correctionMinutes,
              totals.totalMinutes,
              // Hours with two decimals, a number the spreadsheet sums (written like an amount).
              csvAmount(Math.round((totals.totalMinutes * 100) / 60)),
              YES_NO[locale][view.holder.volunteer ? 0 : 1],
              view.allowance ? csvAmount(view.allowance.dueCents) : '',
              validatedOn(view, organization.timeZone, locale),
              view.state.status === 'validated' ? (view.state.decidedBy ?? '') : '',
              view.state.managerNote ?? '',
            ],
            { decimalSeparator: locale === 'fr' ? ',' : '.' },
          ),
        );
      }
      const name = locale === 'fr' ? 'heures-prestees' : 'hours-worked';
      return { fileName: `${name}-${month}.csv`, body: lines.join('') };
    },

    async pdf(auth: AuthContext, month: string, locale: Locale) {
      const { organization, views } = await gather(auth, month);
      const tz = organization.timeZone;
      const fr = locale === 'fr';
      const pdf = await renderWorkTimePdf(
        {
          organizationName: organization.name,
          monthLabel: formatMonth(month, locale),
          printedAt: formatDateTime(ctx.clock.now(), tz, locale),
          sheets: views.map((view) => {
            const { totals } = view.computed;
            const signOff = validatedOn(view, tz, locale)
              ? fr
                ? `Validé le ${validatedOn(view, tz, locale)}${view.state.decidedBy ? ` par ${view.state.decidedBy}` : ''}`
                : `Validated on ${validatedOn(view, tz, locale)}${view.state.decidedBy ? ` by ${view.state.decidedBy}` : ''}`
              : fr
                ? 'Non validé'
                : 'Not validated';
            return {
              holderName: holderName(view.holder, locale),
              status: WORK_MONTH_STATUSES.label(view.state.status, locale),
              signOff,
              warnings: view.warnings.map((w) => WORK_TIME_WARNINGS.label(w, locale)),
              rows: view.computed.days.map((day) => ({
                day: formatDate(day.day, tz, locale),
                sessions: day.sessions
                  .map((s) => {
                    const time = formatDateTime(s.startDateTime, tz, locale).slice(11);
                    const note = s.excludedBecause ? ` (${fr ? 'non compté' : 'not counted'})` : '';
                    return `${time} ${s.activityName} ${formatDuration(s.duration)}${note}`;
                  })
                  .join('\n'),
                corrections: day.corrections
                  .map((c) => `${c.minutes > 0 ? '+' : ''}${formatDuration(c.minutes)} ${c.note}`)
                  .join('\n'),
                total: formatDuration(day.minutes),
              })),
              totals: [
                { label: fr ? 'Séances comptées' : 'Sessions counted', value: String(totals.sessions) },
                {
                  label: fr ? 'Corrections' : 'Corrections',
                  value: formatDuration(totals.correctionMinutes),
                },
                { label: fr ? 'Total du mois' : 'Month total', value: formatDuration(totals.totalMinutes) },
                ...(view.allowance
                  ? [
                      {
                        label: fr ? 'Indemnité due' : 'Allowance due',
                        value: formatMoney(view.allowance.dueCents, locale),
                      },
                    ]
                  : []),
              ],
            };
          }),
        },
        locale,
      );
      const name = fr ? 'heures-prestees' : 'hours-worked';
      return { fileName: `${name}-${month}.pdf`, pdf };
    },
  };
}
