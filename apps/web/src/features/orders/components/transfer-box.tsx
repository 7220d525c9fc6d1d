import { formatIban, formatMoney, type TransferInstructions } from '@inscrio/shared';
import { Landmark } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/use-locale';
import { CopyButton } from './copy-button';

/**
 * The EPC QR code as an image. The SVG comes from our server, but it is still markup: shown through an
 * <img> (a data URL), never injected into the page, so nothing in it can run.
 */
export function qrImageSource(svg: string): string {
  return `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-2 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
      <dt className="text-sm text-slate-500">{term}</dt>
      <dd className="text-[15px] font-semibold break-all text-slate-900 sm:text-right">{children}</dd>
    </div>
  );
}

/** What a family needs to pay by transfer: beneficiary, IBAN, BIC, amount, structured reference, QR. */
export function TransferBox({ transfer }: { transfer: TransferInstructions }) {
  const { t } = useTranslation('orders');
  const locale = useLocale();
  return (
    <section
      className="overflow-hidden rounded-2xl border-2 border-brand-200 bg-white shadow-xs"
      aria-labelledby="transfer-title"
      data-transfer=""
    >
      <div className="flex items-center gap-3 border-b border-brand-100 bg-brand-50 px-5 py-4">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-white text-brand-700">
          <Landmark className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h2 id="transfer-title" className="font-semibold text-slate-900">
            {t('transfer.title')}
          </h2>
          <p className="text-sm text-slate-600">{t('transfer.text')}</p>
        </div>
      </div>
      <div className="grid gap-6 p-5 md:grid-cols-[minmax(0,1fr)_auto]">
        <div className="min-w-0 space-y-4">
          <dl className="divide-y divide-slate-100">
            <Row term={t('transfer.beneficiary')}>{transfer.beneficiary}</Row>
            <Row term={t('transfer.iban')}>
              <span className="font-mono" data-iban="">
                {formatIban(transfer.iban)}
              </span>
            </Row>
            {transfer.bic ? (
              <Row term={t('transfer.bic')}>
                <span className="font-mono">{transfer.bic}</span>
              </Row>
            ) : null}
            <Row term={t('transfer.amount')}>
              <span className="text-lg" data-transfer-amount="">
                {formatMoney(transfer.amount, locale)}
              </span>
            </Row>
          </dl>
          <div className="space-y-2 rounded-xl bg-slate-50 p-4">
            <p className="text-sm font-medium text-slate-600">{t('transfer.reference')}</p>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p
                className="font-mono text-xl font-bold tracking-wide break-all text-slate-900 sm:text-2xl"
                data-reference=""
              >
                {transfer.reference}
              </p>
              <CopyButton text={transfer.reference} label={t('transfer.copyReference')} />
            </div>
            <p className="text-xs text-slate-500">{t('transfer.referenceHint')}</p>
          </div>
        </div>
        <figure className="flex flex-col items-center gap-2 self-start justify-self-center">
          <img
            src={qrImageSource(transfer.qrSvg)}
            alt={t('transfer.qrAlt')}
            className="size-48 rounded-lg border border-slate-200 bg-white p-2"
            data-qr=""
          />
          <figcaption className="max-w-48 text-center text-sm text-slate-600">
            {t('transfer.scan')}
          </figcaption>
        </figure>
      </div>
    </section>
  );
}
