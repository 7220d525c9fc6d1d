import type {
  AccountingTotals,
  BankStatementResult,
  BankTransaction,
  CreditNoteSummary,
  InvoiceDetail,
  InvoicePage,
  InvoiceSummary,
} from '@inscrio/shared';
import type { Page } from '../api/types';

/* Answers of the accounting API as the tests' fake server gives them. */

export function invoice(overrides: Partial<InvoiceSummary> = {}): InvoiceSummary {
  return {
    id: 'inv_1',
    number: '2026-000123',
    status: 'pending',
    orderId: 'ord_1',
    familyId: 'fam_1',
    buyerName: 'Claire Peeters',
    issueDate: '2026-11-22',
    dueDate: '2026-12-06',
    totalAmount: 18000,
    creditedAmount: 0,
    paidAmount: 0,
    balance: 18000,
    peppol: false,
    ...overrides,
  };
}

export const TOTALS: AccountingTotals = {
  byStatus: [
    { status: 'pending', count: 3, amount: 45000 },
    { status: 'overdue', count: 2, amount: 12050 },
    { status: 'paid', count: 10, amount: 150000 },
  ],
  ageing: [
    { bucket: '1-30', amount: 5000 },
    { bucket: '31-60', amount: 7050 },
    { bucket: '61-90', amount: 0 },
    { bucket: '90+', amount: 0 },
  ],
  creditedAmount: 2500,
};

export function invoicePage(items: InvoiceSummary[], overrides: Partial<InvoicePage> = {}): InvoicePage {
  return { items, total: items.length, page: 1, pageSize: 20, totals: TOTALS, ...overrides };
}

export function page<T>(items: T[]): Page<T> {
  return { items, total: items.length, page: 1, pageSize: 20 };
}

export function creditNote(overrides: Partial<CreditNoteSummary> = {}): CreditNoteSummary {
  return {
    id: 'cn_1',
    number: 'NC-2026-000012',
    invoiceId: 'inv_1',
    invoiceNumber: '2026-000123',
    issueDate: '2026-11-25',
    reason: 'Séance annulée',
    totalAmount: 4500,
    taxAmount: 0,
    buyerName: 'Claire Peeters',
    refunded: true,
    settlement: 'refunded',
    peppol: false,
    ...overrides,
  };
}

export function invoiceDetail(overrides: Partial<InvoiceDetail> = {}): InvoiceDetail {
  const party = {
    name: 'Claire Peeters',
    companyName: null,
    vatNumber: null,
    address: 'Rue de la Loi 16',
    city: 'Bruxelles',
    postalCode: '1000',
    country: 'BEL',
  };
  return {
    ...invoice({ status: 'paid', paidAmount: 18000, balance: 0 }),
    taxAmount: 1019,
    serviceFrom: '2026-11-24',
    serviceTo: '2026-12-15',
    seller: {
      ...party,
      name: 'Club Sportif Démo',
      vatNumber: 'BE0123456749',
      email: 'compta@club-demo.be',
      phone: '+32 2 123 45 67',
      iban: 'BE71096123456769',
      bic: 'GEBABEBB',
      vatRegime: 'subject',
      vatExemptionMention: null,
    },
    buyer: party,
    lines: [
      {
        id: 'il_dance',
        description: 'Danse moderne · Léa Peeters',
        serviceDate: '2026-11-24',
        quantity: 1,
        unitPrice: 12000,
        taxPercentage: 600,
        totalAmount: 12000,
        taxAmount: 679,
      },
      {
        id: 'il_swim',
        description: 'Natation · Tom Peeters',
        serviceDate: '2026-11-25',
        quantity: 2,
        unitPrice: 3000,
        taxPercentage: 600,
        totalAmount: 6000,
        taxAmount: 340,
      },
    ],
    creditNotes: [],
    reference: '+++010/8068/17183+++',
    remindedAt: null,
    ...overrides,
  };
}

export function transaction(overrides: Partial<BankTransaction> = {}): BankTransaction {
  return {
    id: 'btx_1',
    bookingDate: '2026-11-28',
    amount: 18000,
    reference: null,
    communication: 'Stage Léa novembre',
    counterpartyName: 'M. et Mme Peeters',
    counterpartyIban: 'BE68539007547034',
    status: 'unmatched',
    invoiceId: null,
    invoiceNumber: null,
    ...overrides,
  };
}

/** An import of a statement: done by default. */
export function bankImport(overrides: Partial<BankStatementResult> = {}): BankStatementResult {
  return {
    importId: 'bsi_1',
    fileName: 'releve-novembre.xml',
    format: 'camt053',
    status: 'done',
    transactions: 5,
    processed: 5,
    duplicates: 1,
    matched: 3,
    unmatchedCount: 1,
    unmatched: [transaction()],
    error: null,
    ...overrides,
  };
}
