import { formatAge, holderAttendeesQuerySchema, isAtLeastEstManager } from '@inscrio/shared';
import { FileDown, Mail, Phone, Users } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '@/components/lists/data-table';
import { ListEmpty } from '@/components/lists/list-empty';
import { ListSearch, ListToolbar } from '@/components/lists/list-toolbar';
import { type UrlFiltersOptions, useUrlFilters } from '@/components/lists/use-url-filters';
import { PageContainer, PageHeader } from '@/components/layouts/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Select } from '@/components/ui/select';
import { useAuth } from '@/lib/auth-store';
import { formatDate, formatPattern } from '@/lib/dates';
import { useLocale } from '@/lib/use-locale';
import { useTimeZone } from '@/lib/use-time-zone';
import {
  type HeldSession,
  type HolderAttendee,
  useAttendanceSheet,
  useHolderAttendees,
} from '../api/get-attendees';
import { useHolders } from '@/features/services';

/** What the address may hold (`?q=`, a manager's `?holderId=`), read by the API's own schema. */
const urlSchema = holderAttendeesQuerySchema('fr').pick({ q: true, holderId: true });
const urlOptions: UrlFiltersOptions<typeof urlSchema.shape> = {};

function useTexts() {
  const { t } = useTranslation('holdings');
  const locale = useLocale();
  return {
    t,
    age: (a: HolderAttendee) =>
      a.ageMonths === null ? t('attendees.ageUnknown') : formatAge(a.ageMonths, locale),
    rate: (a: HolderAttendee) =>
      a.attendanceRate === null
        ? t('attendeesList.noRate')
        : t('attendeesList.rate', { rate: a.attendanceRate }),
  };
}

/** The family's phone and e-mail as large links (a tap calls or writes). */
function Contact({ attendee, compact = false }: { attendee: HolderAttendee; compact?: boolean }) {
  const { t } = useTranslation('holdings');
  const link =
    'inline-flex min-h-11 items-center gap-2 rounded-lg text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600';
  return (
    <span className={compact ? 'flex flex-col' : 'flex flex-wrap gap-x-4'}>
      {attendee.familyPhone ? (
        <a
          href={`tel:${attendee.familyPhone.replace(/\s+/g, '')}`}
          className={link}
          aria-label={t('attendees.call', { name: attendee.displayName, phone: attendee.familyPhone })}
        >
          <Phone className="size-4 shrink-0" aria-hidden="true" />
          {attendee.familyPhone}
        </a>
      ) : (
        <span className="inline-flex min-h-11 items-center text-xs text-slate-500">
          {t('attendees.noPhone')}
        </span>
      )}
      {attendee.familyEmail ? (
        <a
          href={`mailto:${attendee.familyEmail}`}
          className={`${link} min-w-0 break-all`}
          aria-label={t('attendeesList.write', { name: attendee.displayName, email: attendee.familyEmail })}
        >
          <Mail className="size-4 shrink-0" aria-hidden="true" />
          {attendee.familyEmail}
        </a>
      ) : null}
    </span>
  );
}

function useColumns(): Column<HolderAttendee>[] {
  const { t, age, rate } = useTexts();
  return [
    {
      id: 'name',
      header: t('attendeesList.columns.name'),
      cell: (a) => <span className="font-semibold text-slate-900">{a.displayName}</span>,
    },
    { id: 'age', header: t('attendeesList.columns.age'), cellClassName: 'whitespace-nowrap', cell: age },
    {
      id: 'sessions',
      header: t('attendeesList.columns.sessions'),
      className: 'text-right',
      cellClassName: 'tabular-nums',
      cell: (a) => a.sessions,
    },
    {
      id: 'rate',
      header: t('attendeesList.columns.rate'),
      className: 'text-right',
      cellClassName: 'tabular-nums whitespace-nowrap',
      cell: rate,
    },
    {
      id: 'absences',
      header: t('attendeesList.columns.absences'),
      className: 'text-right',
      cellClassName: 'tabular-nums',
      cell: (a) => a.absences,
    },
    {
      id: 'contact',
      header: t('attendeesList.columns.contact'),
      cell: (a) => <Contact attendee={a} compact />,
    },
  ];
}

function AttendeeCard({ attendee }: { attendee: HolderAttendee }) {
  const { t, age, rate } = useTexts();
  return (
    <div className="space-y-1 px-4 py-4">
      <p className="font-semibold text-slate-900">{attendee.displayName}</p>
      <p className="text-sm text-slate-700">
        {age(attendee)} · {t('attendeesList.sessionsCount', { count: attendee.sessions })} · {rate(attendee)}{' '}
        · {t('attendeesList.absencesCount', { count: attendee.absences })}
      </p>
      <Contact attendee={attendee} />
    </div>
  );
}

/** Pick one of the held sessions and download its printable list (for the days without network). */
function SheetPicker({ sessions }: { sessions: HeldSession[] }) {
  const { t } = useTranslation('holdings');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const selectId = useId();
  const upcoming = sessions.find((s) => new Date(s.startDateTime).getTime() >= Date.now());
  const [chosen, setChosen] = useState<string>('');
  const serviceId = chosen || upcoming?.id || sessions[0]?.id || '';
  const download = useAttendanceSheet();
  return (
    <Card data-attendance-sheet="">
      <CardHeader>
        <CardTitle>{t('attendeesList.sheet.title')}</CardTitle>
        <CardDescription>{t('attendeesList.sheet.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {sessions.length === 0 ? (
          <p className="text-sm text-slate-600">{t('attendeesList.sheet.none')}</p>
        ) : (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <div className="min-w-0 flex-1 space-y-1.5">
              <label htmlFor={selectId} className="block text-sm font-medium text-slate-800">
                {t('attendeesList.sheet.session')}
              </label>
              <Select id={selectId} value={serviceId} onChange={(event) => setChosen(event.target.value)}>
                {sessions.map((s) => (
                  <option key={s.id} value={s.id}>
                    {t('attendeesList.sheet.option', {
                      date: formatPattern(new Date(s.startDateTime), 'dd/MM/yyyy HH:mm', timeZone, locale),
                      activity: s.activityName,
                      count: s.coming,
                    })}
                  </option>
                ))}
              </Select>
            </div>
            <Button
              size="lg"
              loading={download.isPending}
              disabled={!serviceId}
              onClick={() => download.mutate(serviceId)}
            >
              <FileDown aria-hidden="true" />
              {t('attendeesList.sheet.download')}
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** A manager's choice of whose attendees to see: the organisation's holders (a manager may hold sessions too). */
function HolderPicker({
  value,
  onChange,
}: {
  value: string;
  onChange: (holderId: string | undefined) => void;
}) {
  const { t } = useTranslation('holdings');
  const id = useId();
  const holders = useHolders('');
  return (
    <div className="max-w-sm space-y-1" data-holder-picker="">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {t('attendeesList.holder')}
      </label>
      <Select
        id={id}
        value={value}
        disabled={holders.isPending}
        onChange={(event) => onChange(event.target.value || undefined)}
      >
        <option value="">{t('attendeesList.myself')}</option>
        {(holders.data?.items ?? []).map((holder) => (
          <option key={holder.id} value={holder.id}>
            {holder.displayName}
          </option>
        ))}
      </Select>
      {holders.isError ? (
        <p className="text-xs text-red-700" role="alert">
          {t('attendeesList.holdersError')}
        </p>
      ) : null}
    </div>
  );
}

/** `/holdings/attendees`: everyone attending the holder's sessions in the current period. */
export function HoldingAttendeesPage() {
  const { t } = useTranslation('holdings');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const { values, set, filtered, clear } = useUrlFilters(urlSchema, urlOptions);
  const q = values.q ?? '';
  const { user } = useAuth();
  const manager = isAtLeastEstManager(user);
  const query = useHolderAttendees(q, manager ? values.holderId : undefined);
  const columns = useColumns();
  const data = query.data;
  const period = data
    ? t('attendeesList.period', {
        name: data.periods.map((p) => p.name).join(', ') || t('attendeesList.noPeriod'),
        from: formatDate(data.from, timeZone, locale),
        to: formatDate(data.to, timeZone, locale),
      })
    : '';

  return (
    <PageContainer className="max-w-6xl">
      <PageHeader title={t('attendeesList.title')} description={t('attendeesList.description')} />
      {manager ? (
        <HolderPicker value={values.holderId ?? ''} onChange={(id) => set({ holderId: id })} />
      ) : null}
      {data ? <p className="text-sm text-slate-700">{period}</p> : null}
      {data ? <SheetPicker sessions={data.sessions} /> : null}
      <Card className="overflow-hidden">
        <ListToolbar
          search={
            <ListSearch
              value={q}
              onSearch={(next) => set({ q: next })}
              label={t('attendeesList.search')}
              className="sm:max-w-sm"
            />
          }
        />
        {data ? (
          <p className="px-5 pt-3 text-sm text-slate-600" aria-live="polite">
            {t('attendeesList.count', { count: data.items.length })}
          </p>
        ) : null}
        <DataTable
          items={data?.items ?? []}
          getKey={(a) => a.memberId}
          columns={columns}
          card={(a) => <AttendeeCard attendee={a} />}
          query={query}
          loadingLabel={t('attendeesList.loading')}
          errorTitle={t('attendeesList.error')}
          empty={
            <ListEmpty
              icon={<Users className="size-8" aria-hidden="true" />}
              filtered={filtered}
              empty={{ title: t('attendeesList.empty.title'), text: t('attendeesList.empty.text') }}
              noMatch={{
                title: t('attendeesList.noMatch', { q }),
                clearLabel: t('attendeesList.clear'),
                onClear: clear,
              }}
            />
          }
          tableProps={{ 'data-attendee-table': '' }}
          rowProps={() => ({ 'data-attendee-row': '' })}
          cardsProps={{ 'data-attendee-cards': '' }}
        />
      </Card>
    </PageContainer>
  );
}
