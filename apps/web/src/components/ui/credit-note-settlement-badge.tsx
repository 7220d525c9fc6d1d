import type { CreditNoteSettlement } from '@inscrio/shared';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeVariant } from './badge';

/* Money that went back (green), an amount no longer due (grey), money paid and kept so far (amber). */
const VARIANTS: Record<CreditNoteSettlement, BadgeVariant> = {
  refunded: 'success',
  deducted: 'secondary',
  'not-refunded': 'warning',
};
const LABELS = {
  refunded: 'creditNotes.refunded',
  deducted: 'creditNotes.deducted',
  'not-refunded': 'creditNotes.notRefunded',
} as const satisfies Record<CreditNoteSettlement, string>;

/**
 * What a credit note did with the money: « Remboursée », « Déduite du montant à payer » (it cancelled an
 * amount still due) or « Non remboursée » (the family had paid it).
 */
export function CreditNoteSettlementBadge({ settlement }: { settlement: CreditNoteSettlement }) {
  const { t } = useTranslation('accounting');
  return (
    <Badge variant={VARIANTS[settlement]} data-credit-note-settlement={settlement}>
      {t(LABELS[settlement])}
    </Badge>
  );
}
