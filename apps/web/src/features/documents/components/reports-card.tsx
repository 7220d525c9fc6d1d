import {
  DOCUMENT_KINDS,
  REPORT_FORMATS,
  REPORT_KINDS,
  type ReportFormat,
  type ReportKind,
} from '@inscrio/shared';
import { Play } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DownloadButton } from '@/components/ui/download-button';
import { SelectField, TextField } from '@/components/ui/form-field';
import { isApiError } from '@/lib/api-error';
import { formatDateTime } from '@/lib/dates';
import { notify, notifyError } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { useTimeZone } from '@/lib/use-time-zone';
import { useActivityChoices, useRequestReport, useSessionChoices, useStoredDocument } from '../api/documents';

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

function firstOfMonth() {
  const now = new Date();
  return isoDay(new Date(Date.UTC(now.getFullYear(), now.getMonth(), 1)));
}

function lastOfMonth() {
  const now = new Date();
  return isoDay(new Date(Date.UTC(now.getFullYear(), now.getMonth() + 1, 0)));
}

/** The report being made: its progress (« 120 / 480 »), then a toast and its download when it is ready. */
function ReportProgress({ id }: { id: string }) {
  const { t } = useTranslation('documents');
  const query = useStoredDocument(id);
  const document = query.data;
  const told = useRef<string | null>(null);
  useEffect(() => {
    if (!document || told.current === `${document.id}:${document.status}`) return;
    if (document.status === 'ready') notify.success(t('reports.ready', { title: document.title }));
    if (document.status === 'failed') notify.error(t('reports.failed'));
    if (document.status === 'ready' || document.status === 'failed') {
      told.current = `${document.id}:${document.status}`;
    }
  }, [document, t]);
  if (!document) return null;
  if (document.status === 'failed') {
    return <Alert tone="error">{document.failureReason ?? t('reports.failed')}</Alert>;
  }
  if (document.status === 'ready') {
    return (
      <div className="flex flex-wrap items-center gap-3" data-report-ready="">
        <p className="text-sm text-slate-700">{t('reports.ready', { title: document.title })}</p>
        <DownloadButton
          download={{
            path: `/documents/${encodeURIComponent(document.id)}/file`,
            fallbackName: document.fileName,
          }}
          label={t('reports.download')}
          variant="primary"
        />
      </div>
    );
  }
  return (
    <p className="text-sm text-slate-700" role="status" data-report-progress="">
      {document.progressTotal !== null
        ? t('reports.running', { done: document.progressDone ?? 0, total: document.progressTotal })
        : t('reports.waiting')}
    </p>
  );
}

/** A manager runs a report (orders, planning, members list) as CSV or PDF and follows it being made. */
export function ReportsCard() {
  const { t } = useTranslation('documents');
  const locale = useLocale();
  const request = useRequestReport();
  const [kind, setKind] = useState<ReportKind>('report.members-list');
  const [format, setFormat] = useState<ReportFormat>('csv');
  const [from, setFrom] = useState(firstOfMonth);
  const [to, setTo] = useState(lastOfMonth);
  const [blueprintId, setBlueprintId] = useState('');
  const [serviceId, setServiceId] = useState('');
  const activities = useActivityChoices();
  const sessions = useSessionChoices(blueprintId, from, to);
  const timeZone = useTimeZone();
  const [current, setCurrent] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    request.mutate(
      {
        kind,
        format,
        from,
        to,
        ...(blueprintId ? { blueprintId } : {}),
        ...(blueprintId && serviceId ? { serviceId } : {}),
      },
      {
        onSuccess: (document) => setCurrent(document.id),
        onError: (error) => {
          // The API's field messages (already in the user's language) go under their fields.
          if (isApiError(error) && error.details.length > 0) {
            setErrors(
              Object.fromEntries(
                error.details.map((detail) => [detail.field.replace(/^body\./, ''), detail.message]),
              ),
            );
          } else notifyError(error);
        },
      },
    );
  };

  return (
    <Card data-reports="">
      <CardHeader>
        <CardTitle>{t('reports.title')}</CardTitle>
        <CardDescription>{t('reports.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <form className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" onSubmit={submit} noValidate>
          <SelectField
            label={t('reports.kind')}
            value={kind}
            onChange={(event) => setKind(event.target.value as ReportKind)}
            data-field="report-kind"
          >
            {REPORT_KINDS.map((value) => (
              <option key={value} value={value}>
                {DOCUMENT_KINDS.label(value, locale)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('reports.format')}
            value={format}
            onChange={(event) => setFormat(event.target.value as ReportFormat)}
            data-field="report-format"
          >
            {REPORT_FORMATS.values.map((value) => (
              <option key={value} value={value}>
                {REPORT_FORMATS.label(value, locale)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('reports.activity')}
            value={blueprintId}
            onChange={(event) => {
              setBlueprintId(event.target.value);
              setServiceId('');
            }}
            data-field="report-activity"
          >
            <option value="">{t('reports.allActivities')}</option>
            {(activities.data?.items ?? []).map((activity) => (
              <option key={activity.id} value={activity.id}>
                {activity.name}
              </option>
            ))}
          </SelectField>
          {blueprintId ? (
            <SelectField
              label={t('reports.session')}
              value={serviceId}
              error={errors.serviceId}
              onChange={(event) => setServiceId(event.target.value)}
              data-field="report-session"
            >
              <option value="">{t('reports.allSessions')}</option>
              {(sessions.data?.items ?? []).map((session) => (
                <option key={session.id} value={session.id}>
                  {formatDateTime(session.startDateTime, timeZone, locale)}
                </option>
              ))}
            </SelectField>
          ) : null}
          <TextField
            type="date"
            label={t('reports.from')}
            value={from}
            error={errors.from}
            onChange={(event) => setFrom(event.target.value)}
          />
          <TextField
            type="date"
            label={t('reports.to')}
            value={to}
            error={errors.to}
            onChange={(event) => setTo(event.target.value)}
          />
          <div className="sm:col-span-2 lg:col-span-3">
            <Button type="submit" loading={request.isPending} data-run-report="">
              <Play aria-hidden="true" />
              {t('reports.run')}
            </Button>
          </div>
        </form>
        {current ? <ReportProgress id={current} /> : null}
      </CardContent>
    </Card>
  );
}
