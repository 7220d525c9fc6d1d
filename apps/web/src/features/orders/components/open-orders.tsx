import { formatMoney, type OrderSummary } from '@inscrio/shared';
import { ArrowRight, ReceiptText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { useLocale } from '@/lib/use-locale';
import { useOrders } from '../api/get-orders';
import { useTimeZone } from '@/lib/use-time-zone';
import { OrderStatusBadge } from './order-status-badge';

/**
 * The family's orders that need something from it (a transfer to make, a payment to retry), for the
 * dashboard. Shows nothing when every order is settled.
 */
export function OpenOrders() {
  const { t } = useTranslation('orders');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const actionQuery = useOrders({ page: 1, status: 'require-action' });
  const pendingQuery = useOrders({ page: 1, status: 'pending' });

  if (actionQuery.isPending || pendingQuery.isPending) {
    return <Skeleton className="h-20 w-full rounded-2xl" aria-busy="true" />;
  }
  if (actionQuery.isError || pendingQuery.isError) {
    return <Alert tone="warning">{t('open.error')}</Alert>;
  }
  const orders: OrderSummary[] = [...actionQuery.data.items, ...pendingQuery.data.items].filter(
    (order) => order.amountDue > 0,
  );
  if (orders.length === 0) return null;

  return (
    <section aria-labelledby="open-orders-title" className="space-y-3" data-open-orders="">
      <h2 id="open-orders-title" className="text-lg font-semibold text-slate-900">
        {t('open.title')}
      </h2>
      <ul className="grid gap-3 md:grid-cols-2">
        {orders.map((order) => (
          <li key={order.id}>
            <Link
              to={paths.order.to(order.id)}
              className="group flex items-center gap-3 rounded-2xl border border-amber-200 bg-amber-50/60 p-4 transition hover:border-amber-300 hover:shadow-sm focus-visible:outline-2 focus-visible:outline-brand-600"
              data-open-order={order.id}
            >
              <ReceiptText className="size-5 shrink-0 text-amber-700" aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <p className="text-sm font-semibold text-slate-900">
                  {t('open.due', { amount: formatMoney(order.amountDue, locale) })}
                </p>
                <p className="text-[13px] text-slate-600">
                  {t('list.orderOf', { date: formatDate(order.createdAt, timeZone, locale) })}
                  {order.invoiceNumber ? ` · ${t('list.invoice', { number: order.invoiceNumber })}` : null}
                </p>
              </div>
              <OrderStatusBadge status={order.status} />
              <ArrowRight
                className="size-4 shrink-0 text-slate-400 transition-transform group-hover:translate-x-0.5"
                aria-hidden="true"
              />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
