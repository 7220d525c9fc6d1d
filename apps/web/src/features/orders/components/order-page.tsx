import {
  displayName,
  formatMoney,
  formatPercent,
  isAtLeastEstManager,
  type OrderDetail,
  PARTICIPANT_STATUSES,
  participantBadgeVariant,
  PAYMENT_PROVIDERS,
  type PaymentDto,
  SUPPLEMENT_FREQUENCIES,
} from '@inscrio/shared';
import { Ban, CircleCheck, CreditCard, HandCoins, LoaderCircle, ReceiptText } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ErrorState } from '@/components/feedback/error-state';
import { PageContainer } from '@/components/layouts/page-header';
import { Alert } from '@/components/ui/alert';
import { BackLink } from '@/components/ui/back-link';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { hasErrorCode, statusText } from '@/lib/api-error';
import { useAuth } from '@/lib/auth-store';
import { formatDateTime, formatPattern } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { useLocale } from '@/lib/use-locale';
import { useOrder } from '../api/get-order';
import { useRetryPayment } from '../api/order-actions';
import { useTimeZone } from '@/lib/use-time-zone';
import { CancelOrderDialog, MarkPaidDialog } from './order-dialogs';
import { OrderInvoice } from './order-invoice';
import { OrderStatusBadge } from './order-status-badge';
import { TransferBox } from './transfer-box';

/** Navigates the browser to a payment provider's page (a full page load, leaving the app). */
export const paymentRedirect = {
  go(url: string): void {
    window.location.assign(url);
  },
};

const PAYMENT_BADGES: Record<PaymentDto['status'], 'success' | 'warning' | 'destructive' | 'secondary'> = {
  open: 'warning',
  pending: 'warning',
  paid: 'success',
  failed: 'destructive',
  cancelled: 'secondary',
  expired: 'secondary',
  refunded: 'secondary',
};

function Money({ cents }: { cents: number }) {
  const locale = useLocale();
  return <span className="tabular-nums">{formatMoney(cents, locale)}</span>;
}

/** What the family does next: pay by transfer, pay online, wait for the provider, or nothing. */
function NextStep({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('orders');
  const locale = useLocale();
  const retry = useRetryPayment(order.id);

  if (order.nextStep === 'transfer' && order.transfer) return <TransferBox transfer={order.transfer} />;

  if (order.nextStep === 'pay-online' || order.nextStep === 'retry-payment') {
    const again = order.nextStep === 'retry-payment';
    return (
      <Alert
        tone={again ? 'warning' : 'info'}
        title={again ? t('next.retry.title') : t('next.pay.title')}
        data-next-step={order.nextStep}
      >
        <p>{again ? t('next.retry.text') : t('next.pay.text')}</p>
        {retry.isError ? (
          <p className="mt-2 font-medium text-red-800">{statusText(retry.error, locale)}</p>
        ) : null}
        <Button
          className="mt-3"
          loading={retry.isPending || retry.isSuccess}
          data-pay-online=""
          onClick={() =>
            retry.mutate(undefined, {
              onSuccess: (result) => {
                if (result.redirectUrl) paymentRedirect.go(result.redirectUrl);
              },
            })
          }
        >
          <CreditCard aria-hidden="true" />
          {again ? t('next.retry.action') : t('next.pay.action')}
        </Button>
      </Alert>
    );
  }

  if (order.nextStep === 'wait-for-provider') {
    return (
      <div
        className="flex items-start gap-3 rounded-xl border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-900"
        role="status"
        data-next-step="wait-for-provider"
      >
        <LoaderCircle className="mt-0.5 size-4 shrink-0 animate-spin" aria-hidden="true" />
        <div className="space-y-1">
          <p className="font-semibold">{t('next.wait.title')}</p>
          <p>{t('next.wait.text')}</p>
        </div>
      </div>
    );
  }

  if (order.status === 'completed') {
    return (
      <Alert tone="success" title={t('next.completed.title')} data-next-step="completed">
        {t('next.completed.text')}
      </Alert>
    );
  }
  if (order.status === 'cancelled') {
    return (
      <Alert tone="warning" title={t('next.cancelled.title')} data-next-step="cancelled">
        {t('next.cancelled.text')}
      </Alert>
    );
  }
  return null;
}

function Lines({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('orders');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const cancelledCount = order.linesCount - order.liveLinesCount;
  return (
    <Card>
      <CardHeader>
        <CardTitle data-order-lines-count="">
          {order.liveLinesCount > 0 || cancelledCount === 0
            ? t('detail.lines', { count: order.liveLinesCount })
            : t('detail.linesAllCancelled', { count: cancelledCount })}
          {order.liveLinesCount > 0 && cancelledCount > 0 ? (
            <span className="font-normal text-slate-500">
              {' · '}
              {t('detail.linesCancelled', { count: cancelledCount })}
            </span>
          ) : null}
        </CardTitle>
      </CardHeader>
      <CardContent className="pt-1">
        <ul className="divide-y divide-slate-100" data-order-lines="">
          {order.lines.map((line) => (
            <li key={line.id} className="space-y-2 py-3" data-order-line={line.participantId}>
              <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900">
                    {displayName(line.member, 'participant', locale)}
                    <span className="font-normal text-slate-500"> · </span>
                    {line.service.blueprintName}
                  </p>
                  <p className="text-sm text-slate-600">
                    {formatDateTime(line.service.startDateTime, timeZone, locale)}
                  </p>
                </div>
                <Badge
                  variant={participantBadgeVariant(line.participantStatus)}
                  data-participant-status={line.participantStatus}
                >
                  {PARTICIPANT_STATUSES.label(line.participantStatus, locale)}
                </Badge>
              </div>
              <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-0.5 text-sm text-slate-600 sm:max-w-md">
                <dt>{t('detail.unitPrice')}</dt>
                <dd className="text-right">
                  <Money cents={line.unitPrice} />
                </dd>
                {line.supplements.map((supplement) => (
                  <Supplement
                    key={supplement.supplementId}
                    name={supplement.name}
                    price={supplement.price}
                    frequency={SUPPLEMENT_FREQUENCIES.label(supplement.frequency, locale)}
                  />
                ))}
                <dt>{t('detail.vat', { rate: formatPercent(line.taxPercentage, locale) })}</dt>
                <dd className="text-right">
                  <Money cents={line.taxAmount} />
                </dd>
                <dt className="font-semibold text-slate-900">{t('detail.lineTotal')}</dt>
                <dd
                  className={
                    line.participantStatus === 'cancelled'
                      ? 'text-right font-semibold text-slate-500 line-through'
                      : 'text-right font-semibold text-slate-900'
                  }
                >
                  <Money cents={line.totalAmount} />
                </dd>
                {line.creditedAmount > 0 ? (
                  <>
                    <dt className="text-emerald-800">{t('detail.lineCredited')}</dt>
                    <dd className="text-right text-emerald-800" data-line-credited="">
                      <Money cents={-line.creditedAmount} />
                    </dd>
                  </>
                ) : null}
              </dl>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** A supplement, its own row with its own amount, and how often it is charged. */
function Supplement({ name, price, frequency }: { name: string; price: number; frequency: string }) {
  return (
    <>
      <dt>
        + {name} <span className="text-slate-500">({frequency.toLowerCase()})</span>
      </dt>
      <dd className="text-right">
        <Money cents={price} />
      </dd>
    </>
  );
}

function Payments({ payments }: { payments: PaymentDto[] }) {
  const { t } = useTranslation('orders');
  const locale = useLocale();
  const timeZone = useTimeZone();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('detail.payments')}</CardTitle>
      </CardHeader>
      <CardContent className="pt-1">
        {payments.length === 0 ? (
          <p className="py-2 text-sm text-slate-600">{t('detail.noPayment')}</p>
        ) : (
          <ul className="divide-y divide-slate-100" data-payments="">
            {payments.map((payment) => (
              <li
                key={payment.id}
                className="flex flex-wrap items-center justify-between gap-2 py-3"
                data-payment={payment.status}
              >
                <div className="min-w-0">
                  <p className="text-sm font-semibold text-slate-900">
                    {PAYMENT_PROVIDERS.label(payment.provider, locale)}
                    {payment.method ? (
                      <span className="font-normal text-slate-600"> · {methodLabel(payment.method, t)}</span>
                    ) : null}
                  </p>
                  <p className="text-xs text-slate-500">
                    {formatDateTime(payment.receivedAt ?? payment.createdAt, timeZone, locale)}
                  </p>
                </div>
                <div className="flex items-center gap-3">
                  <span className="text-sm font-semibold text-slate-900">
                    <Money cents={payment.amount} />
                  </span>
                  <Badge variant={PAYMENT_BADGES[payment.status]}>
                    {t(`paymentStatuses.${payment.status}`)}
                  </Badge>
                </div>
                {payment.refundedAmount > 0 ? (
                  <p className="w-full text-xs text-slate-500">
                    {t('detail.refunded', { amount: formatMoney(payment.refundedAmount, locale) })}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function methodLabel(method: string, t: TFunction<'orders'>): string {
  return method === 'transfer' || method === 'cash' || method === 'other' ? t(`methods.${method}`) : method;
}

function SummaryRow({ term, children, strong }: { term: string; children: ReactNode; strong?: boolean }) {
  return (
    <div
      className={
        strong
          ? 'flex justify-between gap-3 font-semibold text-slate-900'
          : 'flex justify-between gap-3 text-slate-600'
      }
    >
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function OrderSkeleton() {
  return (
    <div className="space-y-4" aria-busy="true">
      <Skeleton className="h-8 w-2/3" />
      <Skeleton className="h-40 w-full rounded-2xl" />
      <Skeleton className="h-56 w-full rounded-2xl" />
    </div>
  );
}

/** `/orders/{id}`: the order's lines, payments and status, and what to do next. */
export function OrderPage() {
  const { t } = useTranslation('orders');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const { id = '' } = useParams();
  const { user } = useAuth();
  const query = useOrder(id);
  const [dialog, setDialog] = useState<'paid' | 'cancel' | null>(null);
  const manager = isAtLeastEstManager(user);

  const back = <BackLink to={paths.orders.to()}>{t('detail.back')}</BackLink>;

  if (query.isPending) {
    return (
      <PageContainer>
        {back}
        <OrderSkeleton />
      </PageContainer>
    );
  }
  if (query.isError) {
    return (
      <PageContainer>
        {back}
        <ErrorState
          title={t('detail.error')}
          error={query.error}
          onRetry={hasErrorCode(query.error, 'not_found') ? undefined : () => void query.refetch()}
        />
      </PageContainer>
    );
  }

  const order = query.data;
  // What is due: total − credited − paid, computed once by the API (`amountDue`).
  const due = order.amountDue;
  const open = order.status === 'pending' || order.status === 'require-action';
  const canMarkPaid = manager && open && due > 0;
  // Managers cancel any order still open; a family its own unpaid one.
  const canCancel = open && (manager || order.paidAmount === 0);
  const created = formatPattern(new Date(order.createdAt), 'dd/MM/yyyy', timeZone, locale);

  return (
    <PageContainer className="max-w-4xl">
      {back}
      <header
        className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between"
        data-order={order.id}
      >
        <div className="min-w-0 space-y-1">
          <p className="flex items-center gap-1.5 text-sm font-medium text-brand-700">
            <ReceiptText className="size-4" aria-hidden="true" />
            {manager ? order.family.name : t('detail.eyebrow')}
          </p>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-[28px]">
            {t('detail.title', { date: created })}
          </h1>
          <p className="text-sm text-slate-600">
            {PAYMENT_PROVIDERS.label(order.paymentProvider, locale)}
            {order.invoiceNumber ? (
              <>
                <span className="text-slate-500"> · </span>
                <span data-invoice-number="">{t('list.invoice', { number: order.invoiceNumber })}</span>
              </>
            ) : null}
          </p>
        </div>
        <OrderStatusBadge status={order.status} className="self-start px-3 py-1 text-sm" />
      </header>

      <NextStep order={order} />

      {order.holdExpiresAt && open && order.nextStep !== 'transfer' ? (
        <p className="text-sm text-slate-600">
          {t('detail.hold', { time: formatDateTime(order.holdExpiresAt, timeZone, locale) })}
        </p>
      ) : null}

      {canMarkPaid || canCancel ? (
        <div className="flex flex-wrap gap-2" data-order-actions="">
          {canMarkPaid ? (
            <Button onClick={() => setDialog('paid')} data-mark-paid="">
              <HandCoins aria-hidden="true" />
              {t('markPaid.action')}
            </Button>
          ) : null}
          {canCancel ? (
            <Button variant="secondary" onClick={() => setDialog('cancel')} data-cancel-order="">
              <Ban aria-hidden="true" />
              {t('cancel.action')}
            </Button>
          ) : null}
        </div>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="min-w-0 space-y-6">
          <Lines order={order} />
          <Payments payments={order.payments} />
        </div>
        <div className="min-w-0 space-y-6 self-start">
          <Card>
            <CardHeader>
              <CardTitle>{t('detail.summary')}</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="space-y-1.5 text-sm" data-order-summary="">
                <SummaryRow term={t('detail.tax')}>
                  <Money cents={order.taxAmount} />
                </SummaryRow>
                <SummaryRow term={t('detail.total')} strong>
                  <Money cents={order.totalAmount} />
                </SummaryRow>
                {order.creditedAmount > 0 ? (
                  <SummaryRow term={t('detail.credited')}>
                    <span data-credited-amount="">
                      <Money cents={-order.creditedAmount} />
                    </span>
                  </SummaryRow>
                ) : null}
                <SummaryRow term={t('detail.paid')}>
                  <span data-paid-amount="">
                    <Money cents={order.paidAmount} />
                  </span>
                </SummaryRow>
                {order.status !== 'cancelled' ? (
                  <SummaryRow term={t('detail.due')} strong>
                    <span data-due-amount="">
                      <Money cents={due} />
                    </span>
                  </SummaryRow>
                ) : null}
              </dl>
              {order.paidAt ? (
                <p className="mt-3 flex items-center gap-1.5 text-xs text-emerald-800">
                  <CircleCheck className="size-3.5" aria-hidden="true" />
                  {t('detail.paidAt', { date: formatDateTime(order.paidAt, timeZone, locale) })}
                </p>
              ) : null}
            </CardContent>
          </Card>
          <OrderInvoice order={order} />
        </div>
      </div>

      {dialog === 'paid' ? (
        <MarkPaidDialog order={order} open onOpenChange={(value) => setDialog(value ? 'paid' : null)} />
      ) : null}
      {dialog === 'cancel' ? (
        <CancelOrderDialog order={order} open onOpenChange={(value) => setDialog(value ? 'cancel' : null)} />
      ) : null}
    </PageContainer>
  );
}
