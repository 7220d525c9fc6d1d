import { formatMoney, type OrderSummary } from '@inscrio/shared';
import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatDateTime } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { useLocale } from '@/lib/use-locale';
import { useTimeZone } from '@/lib/use-time-zone';
import { OrderStatusBadge } from './order-status-badge';

/**
 * One order of a list, a link to its page: who (the family, when `showFamily`) or when, its lines, total,
 * what was paid, and its status.
 */
export function OrderRow({ order, showFamily }: { order: OrderSummary; showFamily: boolean }) {
  const { t } = useTranslation('orders');
  const locale = useLocale();
  const timeZone = useTimeZone();
  return (
    <Link
      to={paths.order.to(order.id)}
      className="group flex items-center gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-xs transition hover:border-brand-200 hover:shadow-md focus-visible:outline-2 focus-visible:outline-brand-600"
      data-order-row={order.id}
    >
      <div className="grid min-w-0 flex-1 gap-1 sm:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_auto] sm:items-center sm:gap-4">
        <div className="min-w-0">
          <p className="font-semibold break-words text-slate-900">
            {showFamily
              ? order.family.name
              : t('list.orderOf', { date: formatDate(order.createdAt, timeZone, locale) })}
          </p>
          <p className="text-sm text-slate-600">
            {showFamily ? `${formatDateTime(order.createdAt, timeZone, locale)} · ` : null}
            {order.invoiceNumber ? `${t('list.invoice', { number: order.invoiceNumber })} · ` : null}
            {order.liveLinesCount > 0 || order.linesCount === 0
              ? t('list.lines', { count: order.liveLinesCount })
              : t('list.linesAllCancelled', { count: order.linesCount })}
          </p>
        </div>
        <div className="text-sm sm:text-right">
          <p className="font-semibold text-slate-900 tabular-nums" data-order-total="">
            {formatMoney(order.totalAmount, locale)}
          </p>
          <p className="text-slate-600 tabular-nums">
            {t('list.paid', { amount: formatMoney(order.paidAmount, locale) })}
          </p>
          {order.amountDue > 0 && (order.status === 'pending' || order.status === 'require-action') ? (
            <p className="font-medium text-amber-800 tabular-nums" data-order-due="">
              {t('list.due', { amount: formatMoney(order.amountDue, locale) })}
            </p>
          ) : null}
        </div>
        <div className="sm:justify-self-end">
          <OrderStatusBadge status={order.status} />
        </div>
      </div>
      <ChevronRight
        className="size-4 shrink-0 text-slate-400 transition-transform group-hover:translate-x-0.5 group-hover:text-brand-700"
        aria-hidden="true"
      />
    </Link>
  );
}
