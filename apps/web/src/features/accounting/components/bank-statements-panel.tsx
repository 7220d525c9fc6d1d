import { type BankStatementResult, type BankTransaction, formatCount, formatMoney } from '@inscrio/shared';
import { CircleSlash, FileText, FileUp, Landmark, Link2 } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState } from '@/components/feedback/error-state';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { controlClasses } from '@/components/ui/input';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { statusText } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/dates';
import { notify } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { useTimeZone } from '@/lib/use-time-zone';
import {
  TRANSACTIONS_PAGE_SIZE,
  useBankImport,
  useIgnoreTransaction,
  useImportBankStatement,
  useUnmatchedTransactions,
} from '../api/bank-statements';
import { MatchTransactionDialog } from './match-transaction-dialog';

/** CAMT.053 is XML; Belgian banks name CODA files .cod or .txt. */
const STATEMENT_FILES = '.xml,.cod,.txt';

function ImportResult({ result }: { result: BankStatementResult }) {
  const { t } = useTranslation('accounting');
  return (
    <Alert tone="success" title={t(`bank.result.title.${result.format}`)} data-import-result="">
      <ul className="list-disc space-y-0.5 pl-4">
        <li>{t('bank.result.transactions', { count: result.transactions })}</li>
        <li>{t('bank.result.duplicates', { count: result.duplicates })}</li>
        <li>{t('bank.result.matched', { count: result.matched })}</li>
        <li>{t('bank.result.unmatched', { count: result.unmatchedCount })}</li>
      </ul>
    </Alert>
  );
}

/** « Import en cours : 45 000 / 100 000 virements », with a bar; the file is read first. */
function ImportProgress({ result }: { result: BankStatementResult }) {
  const { t } = useTranslation('accounting');
  const locale = useLocale();
  const reading = result.transactions === 0;
  const percent = reading ? 0 : Math.round((100 * result.processed) / result.transactions);
  return (
    <div className="space-y-2 rounded-lg border border-slate-200 bg-slate-50 p-4" data-import-progress="">
      <Spinner
        label={
          reading
            ? t('bank.progress.reading', { file: result.fileName })
            : t('bank.progress.running', {
                done: formatCount(result.processed, locale),
                total: formatCount(result.transactions, locale),
              })
        }
      />
      <div
        className="h-2.5 overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-label={t('bank.progress.label')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={reading ? undefined : percent}
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width]"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="text-xs text-slate-500">{t('bank.progress.hint')}</p>
    </div>
  );
}

/** An import from its upload on: its progress while it runs, then what it did or why it stopped. */
function ImportStatus({ started }: { started: BankStatementResult }) {
  const { t } = useTranslation('accounting');
  const query = useBankImport(started);
  const result = query.data;
  if (query.isError) {
    return (
      <ErrorState title={t('bank.progress.error')} error={query.error} onRetry={() => void query.refetch()} />
    );
  }
  if (result.status === 'failed') {
    return (
      <Alert tone="error" title={t('bank.progress.failed', { file: result.fileName })}>
        {result.error}
      </Alert>
    );
  }
  if (result.status === 'running') return <ImportProgress result={result} />;
  return <ImportResult result={result} />;
}

/** Upload a statement; says what it did, or why the file could not be read. */
function StatementUpload() {
  const { t } = useTranslation('accounting');
  const locale = useLocale();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [missing, setMissing] = useState(false);
  const upload = useImportBankStatement();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setMissing(true);
      return;
    }
    upload.mutate(file, {
      onSuccess: () => {
        setFile(null);
        if (input.current) input.current.value = '';
      },
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('bank.upload.title')}</CardTitle>
        <CardDescription>{t('bank.upload.text')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end" noValidate>
          <FormField
            id={inputId}
            label={t('bank.upload.file')}
            error={missing ? t('bank.upload.missing') : undefined}
            hint={t('bank.upload.hint')}
            className="min-w-0 flex-1"
          >
            {/* The browser's own file button speaks the browser's language: ours speaks the page's. */}
            <input
              ref={input}
              id={inputId}
              type="file"
              accept={STATEMENT_FILES}
              aria-invalid={missing || undefined}
              className="sr-only"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setMissing(false);
                upload.reset();
              }}
            />
            <div
              className={cn(
                controlClasses,
                'flex h-auto items-center gap-3 py-1.5',
                missing && 'border-red-500',
              )}
            >
              <Button type="button" variant="secondary" size="sm" onClick={() => input.current?.click()}>
                <FileText aria-hidden="true" />
                {t('bank.upload.choose')}
              </Button>
              <span className={cn('min-w-0 truncate text-sm', file ? 'text-slate-900' : 'text-slate-500')}>
                {file ? file.name : t('bank.upload.none')}
              </span>
            </div>
          </FormField>
          <Button type="submit" loading={upload.isPending} className="sm:mb-[1.375rem]">
            {upload.isPending ? null : <FileUp aria-hidden="true" />}
            {t('bank.upload.submit')}
          </Button>
        </form>
        {upload.isError ? <Alert tone="error">{statusText(upload.error, locale)}</Alert> : null}
        {upload.data ? <ImportStatus key={upload.data.importId} started={upload.data} /> : null}
      </CardContent>
    </Card>
  );
}

/** Who sent it: the name and account, or the account alone when the bank gives no name. */
function Counterparty({ transaction }: { transaction: BankTransaction }) {
  const { t } = useTranslation('accounting');
  const name = transaction.counterpartyName;
  const iban = transaction.counterpartyIban;
  return (
    <>
      <span className={cn('block font-semibold text-slate-900', !name && iban && 'font-mono text-xs')}>
        {name ?? iban ?? t('bank.unmatched.unknownSender')}
      </span>
      {name && iban ? <span className="block font-mono text-xs text-slate-500">{iban}</span> : null}
    </>
  );
}

function IgnoreButton({ transaction }: { transaction: BankTransaction }) {
  const { t } = useTranslation('accounting');
  const ignore = useIgnoreTransaction();
  return (
    <Button
      variant="ghost"
      size="sm"
      loading={ignore.isPending}
      onClick={() => ignore.mutate(transaction.id, { onSuccess: () => notify.success(t('bank.ignored')) })}
    >
      {ignore.isPending ? null : <CircleSlash aria-hidden="true" />}
      {t('bank.ignore')}
    </Button>
  );
}

/** The transfers no invoice claimed: match each to an invoice, or ignore it. */
function UnmatchedTransactions() {
  const { t } = useTranslation('accounting');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const [page, setPage] = useState(1);
  const [matching, setMatching] = useState<BankTransaction | null>(null);
  const query = useUnmatchedTransactions(page);
  const items = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / TRANSACTIONS_PAGE_SIZE));

  return (
    <Card className="overflow-hidden">
      <CardHeader className="pb-4">
        <CardTitle>{t('bank.unmatched.title')}</CardTitle>
        <CardDescription>{t('bank.unmatched.text')}</CardDescription>
      </CardHeader>
      <div aria-live="polite" aria-busy={query.isFetching}>
        {query.isPending ? (
          <div className="flex justify-center py-10">
            <Spinner label={t('bank.unmatched.loading')} />
          </div>
        ) : query.isError ? (
          <div className="px-5 pb-5">
            <ErrorState
              title={t('bank.unmatched.error')}
              error={query.error}
              onRetry={() => void query.refetch()}
            />
          </div>
        ) : items.length === 0 ? (
          <div className="px-5 pb-5">
            <EmptyState
              icon={<Landmark className="size-8" aria-hidden="true" />}
              title={t('bank.unmatched.empty')}
              text={t('bank.unmatched.emptyHint')}
            />
          </div>
        ) : (
          <ul className="divide-y divide-slate-100 border-t border-slate-100" data-unmatched-transactions="">
            {items.map((transaction) => (
              <li
                key={transaction.id}
                className="grid gap-3 px-4 py-4 sm:px-5 md:grid-cols-[7rem_minmax(0,1fr)_minmax(0,1.2fr)_auto] md:items-center"
                data-transaction={transaction.id}
              >
                <div className="flex items-baseline justify-between gap-3 md:block">
                  <span className="block text-base font-bold text-slate-900 tabular-nums md:text-sm">
                    {formatMoney(transaction.amount, locale)}
                  </span>
                  <span className="block text-xs text-slate-500 tabular-nums">
                    {formatDate(transaction.bookingDate, timeZone, locale)}
                  </span>
                </div>
                <div className="min-w-0 text-sm">
                  <Counterparty transaction={transaction} />
                </div>
                <p className="min-w-0 text-sm break-words text-slate-700">
                  {transaction.reference ?? transaction.communication ?? (
                    <span className="text-slate-500">{t('bank.unmatched.noCommunication')}</span>
                  )}
                </p>
                <div className="flex flex-wrap gap-2 md:justify-end">
                  <Button variant="secondary" size="sm" onClick={() => setMatching(transaction)}>
                    <Link2 aria-hidden="true" />
                    {t('bank.match')}
                  </Button>
                  <IgnoreButton transaction={transaction} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      {items.length > 0 ? (
        <Pagination
          className="border-t border-slate-100 px-4 py-3 sm:px-5"
          page={page}
          pageCount={pageCount}
          onPageChange={setPage}
          summary={t('bank.unmatched.summary', { count: total, page, pages: pageCount })}
          label={t('bank.unmatched.pagination')}
        />
      ) : null}
      {matching ? <MatchTransactionDialog transaction={matching} onClose={() => setMatching(null)} /> : null}
    </Card>
  );
}

/** « Relevés bancaires »: import a statement, then settle by hand what it could not. */
export function BankStatementsPanel() {
  return (
    <div className="space-y-5">
      <StatementUpload />
      <UnmatchedTransactions />
    </div>
  );
}
