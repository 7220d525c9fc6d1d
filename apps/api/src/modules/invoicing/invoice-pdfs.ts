import { type InvoiceDetail, localDay, type OrderDetail } from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { renderCreditNotePdf, renderInvoicePdf, renderOrderPdf } from '../documents/pdf/billing-pdf';
import { epcQrPayload } from '../../lib/transfer/epc-qr';
import { sellerSnapshot } from './invoice-documents';
import { invoiceBalance, toCreditNoteDetail, toSellerDto } from './invoicing.dto';
import { createInvoicingFactsRepository } from './invoicing-facts.repository';
import { createInvoicingRepository, type InvoiceRow } from './invoicing.repository';
import { invoiceDetailOf } from './invoicing-scope';

/** The invoice, credit note and order PDFs: the documents a family downloads or receives. */
export function createInvoicePdfs(ctx: AppContext) {
  const repository = createInvoicingRepository(ctx.db);
  const facts = createInvoicingFactsRepository(ctx.db);

  async function logoOf(organizationId: string, assetId: string | null) {
    if (!assetId) return null;
    const asset = await repository.asset(organizationId, assetId);
    // pdfkit draws PNG and JPEG; another format is left out rather than failing the document.
    return asset && /png|jpe?g/.test(asset.content_type) ? Buffer.from(asset.data) : null;
  }

  const timeZoneOf = async (organizationId: string) =>
    (await facts.timeZone(organizationId)) ?? 'Europe/Brussels';

  /** The transfer block of a document: only while something is due and an IBAN is known. */
  function transferOf(row: InvoiceRow, detail: InvoiceDetail) {
    const due = invoiceBalance(row);
    if (due <= 0 || !row.seller.iban || !detail.reference || row.status === 'cancelled') return null;
    const epcPayload = epcQrPayload({
      name: row.seller.name,
      iban: row.seller.iban,
      bic: row.seller.bic,
      amountCents: due,
      reference: row.structured_reference!,
    });
    return {
      iban: row.seller.iban,
      bic: row.seller.bic,
      reference: detail.reference,
      epcPayload,
      amount: due,
    };
  }

  return {
    /** The invoice as a PDF (the file the family downloads); `familyId` limits it to that family's. */
    async invoicePdfOf(organizationId: string, invoiceId: string, familyId?: string) {
      const { row, detail } = await invoiceDetailOf(ctx.db, organizationId, invoiceId, familyId);
      const pdf = await renderInvoicePdf(detail, {
        locale: row.locale === 'en' ? 'en' : 'fr',
        timeZone: await timeZoneOf(organizationId),
        logo: await logoOf(organizationId, row.seller.logoAssetId),
        transfer: transferOf(row, detail),
      });
      return { fileName: `facture-${row.number}.pdf`, pdf };
    },

    /** A credit note as a PDF (the e-mail telling a family of a cancellation attaches it). */
    async creditNotePdfOf(organizationId: string, creditNoteId: string) {
      const { rows } = await repository.creditNotes(organizationId, { creditNoteId });
      if (!rows[0]) throw new AppError('not_found');
      const note = toCreditNoteDetail(
        rows[0],
        await repository.creditNoteLines(organizationId, creditNoteId),
      );
      const { row, detail } = await invoiceDetailOf(ctx.db, organizationId, note.invoiceId);
      const pdf = await renderCreditNotePdf(note, detail, {
        locale: row.locale === 'en' ? 'en' : 'fr',
        timeZone: await timeZoneOf(organizationId),
        logo: await logoOf(organizationId, row.seller.logoAssetId),
        transfer: null,
      });
      return { fileName: `note-de-credit-${note.number}.pdf`, pdf, note };
    },

    /** The order as a PDF (bon de commande), from the order as its reader sees it. */
    async orderPdf(organizationId: string, order: OrderDetail) {
      const seller = sellerSnapshot(await facts.seller(organizationId));
      const locale = await facts.orderLocale(organizationId, order.id);
      const transfer = order.transfer
        ? {
            iban: order.transfer.iban,
            bic: order.transfer.bic,
            reference: order.transfer.reference,
            epcPayload: order.transfer.epcPayload,
            amount: order.transfer.amount,
          }
        : null;
      const timeZone = await timeZoneOf(organizationId);
      const pdf = await renderOrderPdf(order, {
        locale: locale === 'en' ? 'en' : 'fr',
        timeZone,
        logo: await logoOf(organizationId, seller.logoAssetId),
        transfer,
        seller: toSellerDto(seller),
      });
      // The file is named as the family knows the order: its date (and its invoice's number).
      const day = localDay(new Date(order.createdAt), timeZone);
      const name = order.invoiceNumber ? `commande-${day}-${order.invoiceNumber}` : `commande-${day}`;
      return { fileName: `${name}.pdf`, pdf };
    },
  };
}
