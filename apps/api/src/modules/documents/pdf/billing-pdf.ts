import {
  INVOICE_STATUSES,
  PARTICIPANT_STATUSES,
  PAYMENT_PROVIDERS,
  REGISTRATION_STATUSES,
  SUPPLEMENT_FREQUENCIES,
  formatDate,
  formatMoney,
  includedTax,
  type CreditNoteDetail,
  type InvoiceDetail,
  type OrderDetail,
} from '@inscrio/shared';
import { buyerLines, type DocumentLine, type PdfOptions, render } from './billing-document';
import { pdfLabels, type PdfLabels } from './pdf-labels';
import { unbreakable } from './pdf-layout';

export type { PdfOptions, PdfTransfer } from './billing-document';

/* The invoice, the credit note and the order as billing documents (billing-document.ts renders them). */

/** 'from – to', or the one day when the service lasts a day. */
function servicePeriod(
  from: string | null,
  to: string | null,
  date: (value: string) => string,
): string | null {
  if (from && to && from !== to) return `${date(from)} – ${date(to)}`;
  const day = from ?? to;
  return day ? date(day) : null;
}

const BADGE_STATUSES = ['paid', 'cancelled', 'overdue'] as const;

function invoiceLines(lines: InvoiceDetail['lines'], t: PdfLabels, options: PdfOptions): DocumentLine[] {
  return lines.map((line) => ({
    ...line,
    details: line.serviceDate
      ? [`${t.serviceDate}${t.colon}${formatDate(line.serviceDate, options.timeZone, options.locale)}`]
      : [],
  }));
}

/** The invoice: mandatory mentions, credit notes and balance, and the transfer box while it is due. */
export async function renderInvoicePdf(invoice: InvoiceDetail, options: PdfOptions): Promise<Buffer> {
  const { locale, timeZone } = options;
  const t = pdfLabels(locale);
  const date = (value: string) => formatDate(value, timeZone, locale);
  const money = (cents: number) => unbreakable(formatMoney(cents, locale));
  const status = BADGE_STATUSES.find((value) => value === invoice.status);
  const period = servicePeriod(invoice.serviceFrom, invoice.serviceTo, date);
  const settled = invoice.creditNotes.length > 0 || invoice.paidAmount > 0;
  return render(
    {
      title: t.invoice,
      number: invoice.number,
      issuedAt: new Date(`${invoice.issueDate}T00:00:00Z`),
      badge: status ? { text: INVOICE_STATUSES.label(status, locale), tone: status } : null,
      seller: invoice.seller,
      buyerLines: buyerLines(t, invoice.buyer),
      info: [
        { label: t.issueDate, value: date(invoice.issueDate) },
        { label: t.dueDate, value: date(invoice.dueDate) },
        ...(period ? [{ label: t.servicePeriod, value: period }] : []),
      ],
      lines: invoiceLines(invoice.lines, t, options),
      totalAmount: invoice.totalAmount,
      taxAmount: invoice.taxAmount,
      adjustments: settled
        ? [
            ...invoice.creditNotes.map((note) => ({
              label: t.creditNoteLine(note.number),
              value: money(-note.totalAmount),
            })),
            ...(invoice.paidAmount > 0 ? [{ label: t.alreadyPaid, value: money(-invoice.paidAmount) }] : []),
            { label: t.balance, value: money(invoice.balance) },
          ]
        : [],
      notes: [],
      payBy: date(invoice.dueDate),
    },
    options,
  );
}

/** The credit note: it names the invoice it corrects (number and date); the parties are the invoice's. */
export async function renderCreditNotePdf(
  note: CreditNoteDetail,
  invoice: InvoiceDetail,
  options: PdfOptions,
): Promise<Buffer> {
  const { locale, timeZone } = options;
  const t = pdfLabels(locale);
  const date = (value: string) => formatDate(value, timeZone, locale);
  return render(
    {
      title: t.creditNote,
      number: note.number,
      issuedAt: new Date(`${note.issueDate}T00:00:00Z`),
      badge: null,
      seller: invoice.seller,
      buyerLines: buyerLines(t, invoice.buyer),
      info: [
        { label: t.issueDate, value: date(note.issueDate) },
        { label: t.originalInvoice, value: t.invoiceOf(note.invoiceNumber, date(note.invoiceIssueDate)) },
      ],
      lines: invoiceLines(note.lines, t, options),
      totalAmount: note.totalAmount,
      taxAmount: note.taxAmount,
      adjustments: [],
      notes: [
        `${t.reason}${t.colon}${note.reason}`,
        ...(note.settlement === 'refunded'
          ? [t.refunded]
          : note.settlement === 'deducted'
            ? [t.deducted]
            : []),
      ],
      payBy: null,
    },
    { ...options, transfer: null },
  );
}

/** The order form: its lines with supplements, totals, status, and the transfer box while it is due. */
export async function renderOrderPdf(
  order: OrderDetail,
  options: PdfOptions & { seller: InvoiceDetail['seller'] },
): Promise<Buffer> {
  const { locale, timeZone } = options;
  const t = pdfLabels(locale);
  const money = (cents: number) => unbreakable(formatMoney(cents, locale));
  return render(
    {
      title: t.order,
      issuedAt: new Date(order.createdAt),
      // Named by its date (its invoice number in the info band), never by its internal id.
      number: order.invoiceNumber ?? '',
      reference: t.orderOf(formatDate(order.createdAt, timeZone, locale)),
      badge: null,
      seller: options.seller,
      buyerLines: [order.family.name],
      info: [
        { label: t.orderDate, value: formatDate(order.createdAt, timeZone, locale) },
        { label: t.status, value: REGISTRATION_STATUSES.label(order.status, locale) },
        { label: t.paymentMethod, value: PAYMENT_PROVIDERS.label(order.paymentProvider, locale) },
        ...(order.invoiceNumber ? [{ label: t.invoice, value: order.invoiceNumber }] : []),
      ],
      // Each supplement is a row of its own under its session (never folded into the session's price);
      // the session's row carries what is left of the line's VAT, so the rows add up to the line.
      lines: order.lines.flatMap((line) => {
        const cancelled =
          line.participantStatus === 'cancelled' ? [PARTICIPANT_STATUSES.label('cancelled', locale)] : [];
        const supplements = line.supplements.map((supplement) => {
          const frequency = SUPPLEMENT_FREQUENCIES.label(supplement.frequency, locale).toLowerCase();
          return {
            description: `+ ${supplement.name} (${frequency})`,
            details: cancelled,
            quantity: 1,
            unitPrice: supplement.price,
            taxPercentage: line.taxPercentage,
            totalAmount: supplement.price,
            taxAmount: includedTax(supplement.price, line.taxPercentage),
          };
        });
        return [
          {
            description: line.description,
            details: [
              ...cancelled,
              ...(line.creditedAmount > 0 ? [`${t.credited}${t.colon}${money(-line.creditedAmount)}`] : []),
            ],
            quantity: 1,
            unitPrice: line.unitPrice,
            taxPercentage: line.taxPercentage,
            totalAmount: line.unitPrice,
            taxAmount: line.taxAmount - supplements.reduce((sum, s) => sum + s.taxAmount, 0),
          },
          ...supplements,
        ];
      }),
      totalAmount: order.totalAmount,
      taxAmount: order.taxAmount,
      adjustments:
        order.paidAmount > 0 || order.creditedAmount > 0
          ? [
              ...(order.creditedAmount > 0
                ? [{ label: t.credited, value: money(-order.creditedAmount) }]
                : []),
              ...(order.paidAmount > 0 ? [{ label: t.alreadyPaid, value: money(-order.paidAmount) }] : []),
              { label: t.balance, value: money(order.amountDue) },
            ]
          : [],
      notes: [],
      payBy: null,
    },
    options,
  );
}
