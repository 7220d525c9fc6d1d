import { type AttendanceMark, ATTENDANCE_NOTE_MAX, formatAge } from '@inscrio/shared';
import { Check, ClipboardCheck, CloudOff, Phone, StickyNote, X } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/feedback/error-state';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useLocale } from '@/lib/use-locale';
import { useAttendanceSheet } from '../api/get-attendance-sheet';
import type { AttendanceParticipant } from '../api/types';
import { useMarkQueue } from '../hooks/use-mark-queue';
import { newMarkId, withPending } from '../utils/mark-queue';

const MARK_CLASSES: Record<AttendanceMark, { on: string; off: string }> = {
  present: {
    on: 'border-emerald-700 bg-emerald-700 text-white hover:bg-emerald-800',
    off: 'border-slate-300 bg-white text-slate-800 hover:border-emerald-600 hover:bg-emerald-50',
  },
  absent: {
    on: 'border-red-700 bg-red-700 text-white hover:bg-red-800',
    off: 'border-slate-300 bg-white text-slate-800 hover:border-red-600 hover:bg-red-50',
  },
};

const AVATAR_CLASSES: Record<AttendanceParticipant['mark'], string> = {
  present: 'bg-emerald-100 text-emerald-900',
  absent: 'bg-red-100 text-red-900',
  none: 'bg-slate-100 text-slate-700',
};

function ParticipantRow({
  participant,
  disabled,
  onMark,
}: {
  participant: AttendanceParticipant;
  disabled: boolean;
  onMark: (mark: AttendanceMark, note: string | null) => void;
}) {
  const { t } = useTranslation('attendance');
  const locale = useLocale();
  const noteId = useId();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(participant.note ?? '');
  const marked = participant.mark !== 'none';
  const noteInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (editing) noteInput.current?.focus();
  }, [editing]);

  const saveNote = (event: FormEvent) => {
    event.preventDefault();
    if (participant.mark === 'none') return;
    onMark(participant.mark, draft.trim() || null);
    setEditing(false);
  };

  return (
    <li
      className="space-y-3 py-4"
      data-attendance-row={participant.id}
      data-attendance-mark={participant.mark}
    >
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className={cn(
            'grid size-11 shrink-0 place-items-center rounded-full text-sm font-bold',
            AVATAR_CLASSES[participant.mark],
          )}
        >
          {participant.initials}
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate text-[15px] font-semibold text-slate-900">{participant.displayName}</p>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600 tabular-nums">
            <span>
              {participant.ageMonths === null
                ? t('sheet.ageUnknown')
                : formatAge(participant.ageMonths, locale)}
            </span>
            {participant.familyPhone ? (
              <a
                href={`tel:${participant.familyPhone.replace(/\s+/g, '')}`}
                aria-label={t('sheet.call', {
                  name: participant.displayName,
                  phone: participant.familyPhone,
                })}
                className="inline-flex min-h-8 items-center gap-1 rounded-md font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <Phone className="size-4" aria-hidden="true" />
                {participant.familyPhone}
              </a>
            ) : (
              <span className="text-slate-500">{t('sheet.noPhone')}</span>
            )}
          </p>
        </div>
      </div>

      <div className="grid grid-cols-2 gap-2" role="group" aria-label={participant.displayName}>
        {(['present', 'absent'] as const).map((mark) => {
          const pressed = participant.mark === mark;
          const Icon = mark === 'present' ? Check : X;
          return (
            <button
              key={mark}
              type="button"
              disabled={disabled}
              aria-pressed={pressed}
              onClick={() => {
                if (!pressed) onMark(mark, participant.note);
              }}
              className={cn(
                'inline-flex h-12 items-center justify-center gap-2 rounded-xl border-2 text-[15px] font-semibold transition-colors select-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:pointer-events-none disabled:opacity-60',
                pressed ? MARK_CLASSES[mark].on : MARK_CLASSES[mark].off,
              )}
            >
              <Icon className="size-5" aria-hidden="true" />
              {t(`mark.${mark}`)}
            </button>
          );
        })}
      </div>

      {editing ? (
        <form onSubmit={saveNote} className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="flex-1 space-y-1">
            <label htmlFor={noteId} className="text-sm font-medium text-slate-700">
              {t('sheet.noteLabel', { name: participant.displayName })}
            </label>
            <Input
              id={noteId}
              value={draft}
              maxLength={ATTENDANCE_NOTE_MAX}
              placeholder={t('sheet.notePlaceholder')}
              onChange={(event) => setDraft(event.target.value)}
              className="h-11"
              ref={noteInput}
            />
          </div>
          <div className="grid grid-cols-2 gap-2 sm:flex">
            <Button type="button" variant="secondary" size="lg" onClick={() => setEditing(false)}>
              {t('sheet.noteCancel')}
            </Button>
            <Button type="submit" size="lg">
              {t('sheet.noteSave')}
            </Button>
          </div>
        </form>
      ) : marked ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          {participant.note ? (
            <p className="flex items-center gap-1.5 text-slate-700" data-attendance-note="">
              <StickyNote className="size-4 text-slate-500" aria-hidden="true" />
              {participant.note}
            </p>
          ) : null}
          {disabled ? null : (
            <Button
              variant="ghost"
              size="sm"
              className="h-10"
              onClick={() => {
                setDraft(participant.note ?? '');
                setEditing(true);
              }}
              aria-label={t(participant.note ? 'sheet.noteEditFor' : 'sheet.noteAddFor', {
                name: participant.displayName,
              })}
            >
              {participant.note ? t('sheet.noteEdit') : t('sheet.noteAdd')}
            </Button>
          )}
        </div>
      ) : null}
    </li>
  );
}

/**
 * The attendance sheet of one session, made for a phone at the pool side: one row per participant with
 * two large buttons (present, absent), a note, « all the others present », and the counter. A mark shows
 * at once and waits on the device until the API took it (hooks/use-mark-queue.ts).
 */
export function AttendanceSheet({ serviceId }: { serviceId: string }) {
  const { t } = useTranslation('attendance');
  const query = useAttendanceSheet(serviceId);
  const { pending, add } = useMarkQueue();

  if (query.isPending) {
    return (
      <Card aria-busy="true">
        <CardContent className="space-y-4 py-6">
          <Skeleton className="h-5 w-56" />
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} className="h-24 w-full rounded-xl" />
          ))}
        </CardContent>
      </Card>
    );
  }
  if (query.isError) {
    return <ErrorState title={t('sheet.error')} error={query.error} onRetry={() => void query.refetch()} />;
  }

  const sheet = query.data;
  const cancelled = sheet.service.status === 'cancelled';
  const participants = withPending(sheet.participants, pending, serviceId);
  const counts = { present: 0, absent: 0, unmarked: 0 };
  for (const p of participants) {
    if (p.mark === 'present') counts.present += 1;
    else if (p.mark === 'absent') counts.absent += 1;
    else counts.unmarked += 1;
  }
  const mark = (marks: { participantId: string; mark: AttendanceMark; note: string | null }[]) => {
    const markedAt = new Date().toISOString();
    add(marks.map((m) => ({ ...m, markId: newMarkId(), serviceId, markedAt })));
  };

  return (
    <Card data-attendance-sheet="">
      <CardHeader className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <CardTitle>{t('sheet.title')}</CardTitle>
          <p
            className="text-sm font-medium text-slate-700 tabular-nums"
            aria-live="polite"
            data-attendance-counter=""
          >
            {[
              t('counter.present', { count: counts.present }),
              t('counter.absent', { count: counts.absent }),
              t('counter.unmarked', { count: counts.unmarked }),
            ].join(' · ')}
          </p>
        </div>
        {pending.length > 0 ? (
          <p
            role="status"
            data-attendance-pending={pending.length}
            className="flex items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900"
          >
            <CloudOff className="size-4 shrink-0" aria-hidden="true" />
            {t('pending', { count: pending.length })}
          </p>
        ) : null}
        {cancelled ? <Alert tone="error">{t('sheet.cancelled')}</Alert> : null}
        {!cancelled && counts.unmarked > 0 && participants.length > 0 ? (
          <Button
            size="lg"
            variant="secondary"
            className="w-full sm:w-auto"
            onClick={() =>
              mark(
                participants
                  .filter((p) => p.mark === 'none')
                  .map((p) => ({ participantId: p.id, mark: 'present' as const, note: p.note })),
              )
            }
          >
            <Check aria-hidden="true" />
            {t('sheet.allOthersPresent')}
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="pt-0">
        {participants.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center">
            <ClipboardCheck className="size-7 text-slate-400" aria-hidden="true" />
            <p className="text-sm text-slate-600">{t('sheet.empty')}</p>
          </div>
        ) : (
          <ul className="divide-y divide-slate-100">
            {participants.map((participant) => (
              <ParticipantRow
                key={participant.id}
                participant={participant}
                disabled={cancelled}
                onMark={(kind, note) => mark([{ participantId: participant.id, mark: kind, note }])}
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
