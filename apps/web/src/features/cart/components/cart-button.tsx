import { ShoppingCart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SideDrawer } from '@/components/ui/side-drawer';
import { useAuth } from '@/lib/auth-store';
import { setCartDrawerOpen, useCartDrawerOpen, useCartQuery } from '@/lib/cart';
import { cn } from '@/lib/cn';
import { isFamilyAccount } from '@/lib/family-members';
import { formatCountdown, useCountdown } from '../hooks/use-countdown';
import { CartPanel } from './cart-panel';

/** The cart drawer, opened by the header's button or by « Ajouter au panier ». */
export function CartDrawer() {
  const { t } = useTranslation('cart');
  const open = useCartDrawerOpen();
  return (
    <SideDrawer
      open={open}
      onOpenChange={setCartDrawerOpen}
      side="right"
      title={t('title')}
      className="w-[min(26rem,100vw)]"
    >
      <CartPanel onClose={() => setCartDrawerOpen(false)} />
    </SideDrawer>
  );
}

/**
 * The header's cart entry for family accounts: the number of lines and the hold countdown, opening the
 * cart drawer. `floating` is the wide layout's version (no top bar there): shown only while the cart
 * holds something.
 */
export function CartButton({ floating = false }: { floating?: boolean }) {
  const { t } = useTranslation('cart');
  const { user } = useAuth();
  const query = useCartQuery();
  const open = useCartDrawerOpen();
  const count = query.data?.items.length ?? 0;
  const seconds = useCountdown(count > 0 ? query.data?.holdExpiresAt : null);
  if (!isFamilyAccount(user)) return null;
  const showCountdown = count > 0 && seconds !== null && seconds > 0;

  return (
    <>
      {floating && count === 0 && !open ? null : (
        <button
          type="button"
          onClick={() => setCartDrawerOpen(true)}
          aria-expanded={open}
          className={cn(
            'relative inline-flex h-10 items-center gap-2 rounded-lg px-2.5 text-sm font-semibold text-slate-700 hover:bg-slate-100',
            floating &&
              'border border-slate-200 bg-white pr-3.5 shadow-md shadow-slate-900/10 hover:bg-slate-50',
          )}
          data-cart-button=""
          data-count={count}
        >
          {/* Named by this text rather than an aria-label, which would not contain the visible count and countdown. */}
          <span className="sr-only">{t('button', { count })}</span>
          <span className="relative" aria-hidden="true">
            <ShoppingCart className="size-5" />
            {count > 0 ? (
              <span
                className="absolute -top-2 -right-2.5 grid h-4.5 min-w-4.5 place-items-center rounded-full bg-brand-700 px-1 text-[11px] leading-none font-bold text-white"
                data-cart-count=""
              >
                {count}
              </span>
            ) : null}
          </span>
          {showCountdown ? (
            <span
              aria-hidden="true"
              className={cn(
                'ml-1 font-mono text-[13px] tabular-nums',
                seconds <= 120 ? 'text-red-700' : 'text-amber-800',
              )}
              data-cart-countdown=""
            >
              {formatCountdown(seconds)}
            </span>
          ) : null}
        </button>
      )}
      <CartDrawer />
    </>
  );
}
