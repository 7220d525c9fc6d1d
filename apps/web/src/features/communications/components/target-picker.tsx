import { formatDateTime } from '@inscrio/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchPicker } from '@/components/lists/search-picker';
import { useSearchText } from '@/components/lists/use-debounced-value';
import { Button } from '@/components/ui/button';
import { useTimeZone } from '@/lib/use-time-zone';
import {
  type TargetChoice,
  useActivityChoices,
  usePeriodChoices,
  useSessionChoices,
} from '../api/target-choices';

export type PickedTarget = TargetChoice;

const optionClass = () => 'px-3 py-2 hover:bg-slate-50';

/** What was picked, with the way back to the search. */
function Chosen({ label, name, onChange }: { label: string; name: string; onChange: () => void }) {
  const { t } = useTranslation('communications');
  return (
    <div
      className="flex items-center justify-between gap-3 rounded-xl border border-brand-200 bg-brand-50 px-3 py-2.5"
      data-picked-target=""
    >
      <span className="min-w-0">
        <span className="block text-xs text-slate-600">{label}</span>
        <span className="block truncate font-semibold text-slate-900">{name}</span>
      </span>
      <Button variant="ghost" size="sm" onClick={onChange}>
        {t('compose.pick.change')}
      </Button>
    </div>
  );
}

function ActivityPicker({ label, onPick }: { label: string; onPick: (choice: TargetChoice) => void }) {
  const { t } = useTranslation('communications');
  const search = useSearchText();
  const activities = useActivityChoices(search.q, true);
  return (
    <SearchPicker
      search={search}
      label={label}
      field={{}}
      placeholder={t('compose.pick.activityPlaceholder')}
      results={activities}
      items={activities.data?.items ?? []}
      getKey={(item) => item.id}
      loadingLabel={t('compose.pick.loading')}
      empty={t('compose.pick.noActivity')}
      listLabel={label}
      onPick={onPick}
      optionClassName={optionClass}
      renderOption={(item) => <span className="block font-medium text-slate-900">{item.name}</span>}
    />
  );
}

function PeriodPicker({ onPick }: { onPick: (choice: TargetChoice) => void }) {
  const { t } = useTranslation('communications');
  const search = useSearchText(0);
  const periods = usePeriodChoices(true);
  const q = search.q.toLocaleLowerCase();
  const items = (periods.data?.items ?? []).filter((p) => p.name.toLocaleLowerCase().includes(q));
  return (
    <SearchPicker
      search={search}
      label={t('compose.pick.period')}
      field={{}}
      placeholder={t('compose.pick.periodPlaceholder')}
      results={periods}
      items={items}
      getKey={(item) => item.id}
      loadingLabel={t('compose.pick.loading')}
      empty={t('compose.pick.noPeriod')}
      listLabel={t('compose.pick.period')}
      onPick={onPick}
      optionClassName={optionClass}
      renderOption={(item) => <span className="block font-medium text-slate-900">{item.name}</span>}
    />
  );
}

/** A session: its activity first, then one of its sessions from today on. */
function SessionPicker({ onPick }: { onPick: (choice: TargetChoice) => void }) {
  const { t, i18n } = useTranslation('communications');
  const locale = i18n.language === 'en' ? 'en' : 'fr';
  const timeZone = useTimeZone();
  const [activity, setActivity] = useState<TargetChoice | null>(null);
  const [from] = useState(() => new Date(new Date().setHours(0, 0, 0, 0)).toISOString());
  const search = useSearchText(0);
  const sessions = useSessionChoices(activity?.id ?? null, from);
  if (!activity) return <ActivityPicker label={t('compose.pick.sessionActivity')} onPick={setActivity} />;
  const named = (sessions.data?.items ?? []).map((s) => ({
    id: s.id,
    name: `${activity.name} · ${formatDateTime(s.startDateTime, timeZone, locale)}`,
    when: formatDateTime(s.startDateTime, timeZone, locale),
  }));
  const items = named.filter((s) => s.when.includes(search.q));
  return (
    <div className="space-y-3">
      <Chosen label={t('compose.pick.activity')} name={activity.name} onChange={() => setActivity(null)} />
      <SearchPicker
        search={search}
        label={t('compose.pick.session')}
        field={{}}
        placeholder={t('compose.pick.sessionPlaceholder')}
        results={sessions}
        items={items}
        getKey={(item) => item.id}
        loadingLabel={t('compose.pick.loading')}
        empty={t('compose.pick.noSession')}
        listLabel={t('compose.pick.session')}
        onPick={(item) => onPick({ id: item.id, name: item.name })}
        optionClassName={optionClass}
        renderOption={(item) => <span className="block font-medium text-slate-900">{item.when}</span>}
      />
    </div>
  );
}

/**
 * The session, period or activity a message goes to, when the compose form was opened without one: a
 * search among them (`SearchPicker`), then the choice shown with « Changer ».
 */
export function TargetPicker({
  target,
  picked,
  onPick,
}: {
  target: 'session' | 'period' | 'activity';
  picked: PickedTarget | null;
  onPick: (choice: PickedTarget | null) => void;
}) {
  const { t } = useTranslation('communications');
  const label = t(`compose.pick.${target}`);
  if (picked) return <Chosen label={label} name={picked.name} onChange={() => onPick(null)} />;
  if (target === 'activity') return <ActivityPicker label={label} onPick={onPick} />;
  if (target === 'period') return <PeriodPicker onPick={onPick} />;
  return <SessionPicker onPick={onPick} />;
}
