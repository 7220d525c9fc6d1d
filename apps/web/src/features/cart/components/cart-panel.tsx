import {
  type Cart,
  type CartItem,
  displayName,
  formatMoney,
  formatPercent,
  type PaymentProvider,
  SUPPLEMENT_FREQUENCIES,
} from '@inscrio/shared';
import { Clock, ShoppingCart, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ErrorState } from '@/components/feedback/error-state';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { statusText } from '@/lib/api-error';
import { useCartQuery } from '@/lib/cart';
import { cn } from '@/lib/cn';
import { formatPattern } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { useLocale } from '@/lib/use-locale';
import { useCheckout } from '../api/checkout';
import { useRemoveCartItem } from '../api/remove-cart-item';
import { formatCountdown, useCountdown } from '../hooks/use-countdown';
import { useTimeZone } from '@/lib/use-time-zone';

/** Below this, the countdown turns red: the family should hurry. */
const HURRY_SECONDS = 120;

/** Navigates the browser to a payment provider's page (a full page load, leaving the app). */
export const leaveForPayment = {
  go(url: string): void {
    window.location.assign(url);
  },
};

function sessionDate(startDateTime: string, timeZone: string, locale: 'fr' | 'en'): string {
  const text = formatPattern(
    new Date(startDateTime),
    locale === 'fr' ? "EEEE d MMM yyyy 'à' HH:mm" : "EEEE, MMM d, yyyy 'at' h:mm a",
    timeZone,
    locale,
  );
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

/** The hold countdown: 'Places réservées encore 12:34'. */
export function HoldCountdown({ seconds, className }: { seconds: number; className?: string }) {
  const { t } = useTranslation('cart');
  const hurry = seconds <= HURRY_SECONDS;
  return (
    <p
      className={cn(
        'flex items-center gap-2 rounded-xl px-3 py-2 text-sm font-medium',
        hurry ? 'bg-red-50 text-red-800' : 'bg-amber-50 text-amber-900',
        className,
      )}
      data-hold-countdown=""
      role="timer"
      aria-live="off"
    >
      <Clock className="size-4 shrink-0" aria-hidden="true" />
      <span>
        {t('hold.text')}{' '}
        <span className="font-mono text-base font-bold tabular-nums" data-countdown="">
          {formatCountdown(seconds)}
        </span>
      </span>
    </p>
  );
}

function CartLine({ item, onRemove, removing }: { item: CartItem; onRemove: () => void; removing: boolean }) {
  const { t } = useTranslation('cart');
  const locale = useLocale();
  const timeZone = useTimeZone();
  return (
    <li className="space-y-2 py-3" data-cart-line={item.participantId}>
      <div className="flex items-start gap-3">
        <span
          className="mt-1 size-2.5 shrink-0 rounded-full"
          style={{ backgroundColor: item.service.colorCode }}
          aria-hidden="true"
        />
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold text-slate-900">{item.service.blueprintName}</p>
          <p className="text-[13px] text-slate-600">
            {sessionDate(item.service.startDateTime, timeZone, locale)}
          </p>
        </div>
        <Button
          variant="ghost"
          size="icon-sm"
          onClick={onRemove}
          loading={removing}
          aria-label={t('line.remove', {
            activity: item.service.blueprintName,
            member: displayName(item.member, 'participant', locale),
          })}
          title={t('line.removeShort')}
          data-remove-line=""
        >
          {removing ? null : <Trash2 aria-hidden="true" />}
        </Button>
      </div>
      <dl className="ml-5.5 space-y-0.5 text-[13px] text-slate-600">
        <div className="flex justify-between gap-3">
          <dt>{t('line.unitPrice')}</dt>
          <dd className="tabular-nums">{formatMoney(item.unitPrice, locale)}</dd>
        </div>
        {item.supplements.map((supplement) => (
          <div key={supplement.supplementId} className="flex justify-between gap-3">
            <dt>
              + {supplement.name}{' '}
              <span className="text-slate-500" data-supplement-frequency="">
                ({SUPPLEMENT_FREQUENCIES.label(supplement.frequency, locale).toLowerCase()})
              </span>
            </dt>
            <dd className="tabular-nums">{formatMoney(supplement.price, locale)}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-3">
          <dt>{t('line.vat', { rate: formatPercent(item.taxPercentage, locale) })}</dt>
          <dd className="tabular-nums">{formatMoney(item.taxAmount, locale)}</dd>
        </div>
        <div className="flex justify-between gap-3 font-semibold text-slate-900">
          <dt>{t('line.total')}</dt>
          <dd className="tabular-nums" data-line-total="">
            {formatMoney(item.totalAmount, locale)}
          </dd>
        </div>
      </dl>
    </li>
  );
}

/** The cart's lines, grouped by the family member who attends. */
function CartLines({ items }: { items: CartItem[] }) {
  const { t } = useTranslation('cart');
  const locale = useLocale();
  const remove = useRemoveCartItem();
  const groups = useMemo(() => {
    const byMember = new Map<string, CartItem[]>();
    for (const item of items) byMember.set(item.member.id, [...(byMember.get(item.member.id) ?? []), item]);
    return [...byMember.values()];
  }, [items]);

  return (
    <div className="space-y-4">
      {remove.isError ? <Alert tone="error">{statusText(remove.error, locale)}</Alert> : null}
      {groups.map((lines) => {
        const member = lines[0]!.member;
        return (
          <section
            key={member.id}
            data-cart-member={member.id}
            aria-label={displayName(member, 'participant', locale)}
          >
            <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
              {displayName(member, 'participant', locale)}
              <span className="font-normal normal-case"> · {t('member.lines', { count: lines.length })}</span>
            </h3>
            <ul className="divide-y divide-slate-100">
              {lines.map((item) => (
                <CartLine
                  key={item.participantId}
                  item={item}
                  removing={remove.isPending && remove.variables === item.participantId}
                  onRemove={() => remove.mutate(item.participantId)}
                />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

function ProviderChoice({
  providers,
  value,
  onChange,
}: {
  providers: PaymentProvider[];
  value: PaymentProvider | null;
  onChange: (provider: PaymentProvider) => void;
}) {
  const { t } = useTranslation('cart');
  return (
    <fieldset className="space-y-2" data-payment-choice="">
      <legend className="mb-1 text-sm font-semibold text-slate-900">{t('payment.title')}</legend>
      {providers.map((provider) => (
        <label
          key={provider}
          className={cn(
            'flex cursor-pointer items-center gap-3 rounded-xl border px-3 py-2.5 text-sm transition-colors',
            value === provider
              ? 'border-brand-600 bg-brand-50 text-brand-900'
              : 'border-slate-200 hover:bg-slate-50',
          )}
        >
          <input
            type="radio"
            name="payment-provider"
            value={provider}
            checked={value === provider}
            onChange={() => onChange(provider)}
            className="size-4 accent-brand-700"
          />
          <span className="font-medium">{t(`payment.providers.${provider}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** What the cart says once every hold ran out. */
function ExpiredNotice() {
  const { t } = useTranslation('cart');
  return (
    <Alert tone="warning" title={t('expired.title')} data-cart-expired="">
      {t('expired.text')}
    </Alert>
  );
}

function EmptyCart({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('cart');
  return (
    <div className="flex flex-col items-center gap-3 px-2 py-10 text-center" data-cart-empty="">
      <span className="grid size-12 place-items-center rounded-full bg-slate-100 text-slate-400">
        <ShoppingCart className="size-6" aria-hidden="true" />
      </span>
      <div className="space-y-1">
        <p className="font-semibold text-slate-900">{t('empty.title')}</p>
        <p className="text-sm text-slate-600">{t('empty.text')}</p>
      </div>
      <Button asChild variant="secondary" size="sm">
        <Link to={paths.catalog.to()} onClick={onNavigate}>
          {t('empty.action')}
        </Link>
      </Button>
    </div>
  );
}

/** The items the family still holds: an item whose hold is over is gone, even before the server says so. */
function liveItems(cart: Cart, now: number): CartItem[] {
  return cart.items.filter((item) => Date.parse(item.holdExpiresAt) > now);
}

/**
 * The cart: lines per participant with prices, supplements and VAT, totals, the hold countdown (when it
 * reaches zero the cart is read again and says the reservation expired), the payment choice and
 * « Commander ». `onClose` closes the drawer it sits in (after an offline checkout, or to browse on).
 */
export function CartPanel({ onClose }: { onClose?: () => void }) {
  const { t } = useTranslation('cart');
  const locale = useLocale();
  const navigate = useNavigate();
  const query = useCartQuery();
  const checkout = useCheckout();
  const cart = query.data;
  const seconds = useCountdown(cart?.holdExpiresAt);
  const [expired, setExpired] = useState(false);
  const [chosen, setChosen] = useState<PaymentProvider | null>(null);
  const lastHold = useRef<string | null>(null);
  const { refetch } = query;

  // The hold ran out: read the cart again (the server drops the lines) and say why they went.
  useEffect(() => {
    if (seconds === 0 && cart?.holdExpiresAt) {
      setExpired(true);
      void refetch();
    }
  }, [seconds, cart?.holdExpiresAt, refetch]);
  // A new reservation (another hold) clears the message.
  useEffect(() => {
    const hold = cart?.holdExpiresAt ?? null;
    if (hold && hold !== lastHold.current && Date.parse(hold) > Date.now()) setExpired(false);
    lastHold.current = hold;
  }, [cart?.holdExpiresAt]);

  if (query.isPending) {
    return (
      <div className="space-y-3 p-5" aria-busy="true" data-cart-loading="">
        <Skeleton className="h-10 w-full rounded-xl" />
        <Skeleton className="h-24 w-full rounded-xl" />
        <Skeleton className="h-24 w-full rounded-xl" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="p-5">
        <ErrorState title={t('error')} error={query.error} onRetry={() => void query.refetch()} />
      </div>
    );
  }

  const data = query.data;
  const items = seconds === 0 ? liveItems(data, Date.now()) : data.items;
  const providers = data.paymentProviders;
  const provider = chosen && providers.includes(chosen) ? chosen : (providers[0] ?? null);
  const total = items === data.items ? data.totalAmount : items.reduce((sum, i) => sum + i.totalAmount, 0);
  const tax = items === data.items ? data.taxAmount : items.reduce((sum, i) => sum + i.taxAmount, 0);

  const submit = () => {
    checkout.mutate(provider ? { paymentProvider: provider } : {}, {
      onSuccess: (result) => {
        if (result.redirectUrl) {
          leaveForPayment.go(result.redirectUrl);
          return;
        }
        onClose?.();
        void navigate(paths.order.to(result.order.id));
      },
    });
  };

  return (
    <div className="flex h-full flex-col" data-cart="">
      <div className="flex-1 space-y-4 p-5">
        {expired ? <ExpiredNotice /> : null}
        {items.length === 0 ? (
          <EmptyCart onNavigate={onClose} />
        ) : (
          <>
            {seconds !== null && seconds > 0 ? <HoldCountdown seconds={seconds} /> : null}
            <CartLines items={items} />
          </>
        )}
      </div>
      {items.length > 0 ? (
        <div className="space-y-4 border-t border-slate-100 bg-slate-50/60 p-5" data-cart-footer="">
          <dl className="space-y-1 text-sm">
            <div className="flex justify-between gap-3 text-slate-600">
              <dt>{t('totals.tax')}</dt>
              <dd className="tabular-nums" data-cart-tax="">
                {formatMoney(tax, locale)}
              </dd>
            </div>
            <div className="flex justify-between gap-3 text-base font-bold text-slate-900">
              <dt>{t('totals.total')}</dt>
              <dd className="tabular-nums" data-cart-total="">
                {formatMoney(total, locale)}
              </dd>
            </div>
          </dl>
          {providers.length > 0 ? (
            <ProviderChoice providers={providers} value={provider} onChange={setChosen} />
          ) : (
            <Alert tone="warning">{t('payment.none')}</Alert>
          )}
          {checkout.isError ? (
            <Alert tone="error" data-checkout-error="">
              {statusText(checkout.error, locale)}
            </Alert>
          ) : null}
          <Button
            className="w-full"
            size="lg"
            onClick={submit}
            loading={checkout.isPending || checkout.isSuccess}
            disabled={providers.length === 0}
            data-checkout=""
          >
            {t('checkout')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
