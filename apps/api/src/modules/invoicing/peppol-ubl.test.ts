import type { CreditNoteDetail } from '@inscrio/shared';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { invoice, line, seller } from '../../../test/helpers/pdf-fixtures';
import { creditNoteUbl, invoiceUbl, peppolEndpoint } from './peppol-ubl';

/*
 * The Peppol BIS Billing 3.0 business rules the generator must hold (EN 16931 BR-*, Peppol R-*), checked
 * on generated files read back by an XML parser: https://docs.peppol.eu/poacc/billing/3.0/rules/ubl-tc434/
 */

type Node = Record<string, unknown>;
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  isArray: (name) => ['cac:TaxSubtotal', 'cac:InvoiceLine', 'cac:CreditNoteLine'].includes(name),
});
const parse = (xml: string) => parser.parse(xml) as Record<string, Node>;
/** An element's text (whether it has attributes or not). */
const text = (node: unknown): string =>
  typeof node === 'object' && node !== null ? String((node as Node)['#text']) : String(node);
/** A UBL amount in cents (exact: two decimals at most). */
const cents = (node: unknown): number => {
  const value = text(node);
  expect(value).toMatch(/^-?\d+(\.\d{1,2})?$/);
  return Math.round(Number(value) * 100);
};
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

function checkTotals(document: Node, lineName: 'cac:InvoiceLine' | 'cac:CreditNoteLine') {
  const lines = document[lineName] as Node[];
  const totals = document['cac:LegalMonetaryTotal'] as Node;
  const taxTotal = document['cac:TaxTotal'] as Node;
  const subtotals = taxTotal['cac:TaxSubtotal'] as Node[];
  const lineNets = lines.map((l) => cents(l['cbc:LineExtensionAmount']));
  // BR-CO-10: the sum of the lines' net amounts.
  expect(cents(totals['cbc:LineExtensionAmount'])).toBe(sum(lineNets));
  // BR-CO-13: no document allowances or charges, so the total without VAT is the lines' sum.
  expect(cents(totals['cbc:TaxExclusiveAmount'])).toBe(sum(lineNets));
  // BR-CO-14: the VAT total is the sum of the breakdown.
  expect(cents(taxTotal['cbc:TaxAmount'])).toBe(sum(subtotals.map((s) => cents(s['cbc:TaxAmount']))));
  // BR-CO-15: with VAT = without VAT + VAT.
  expect(cents(totals['cbc:TaxInclusiveAmount'])).toBe(
    cents(totals['cbc:TaxExclusiveAmount']) + cents(taxTotal['cbc:TaxAmount']),
  );
  // BR-CO-16: payable = with VAT − prepaid.
  expect(cents(totals['cbc:PayableAmount'])).toBe(
    cents(totals['cbc:TaxInclusiveAmount']) -
      (totals['cbc:PrepaidAmount'] ? cents(totals['cbc:PrepaidAmount']) : 0),
  );
  for (const subtotal of subtotals) {
    const category = subtotal['cac:TaxCategory'] as Node;
    const id = text(category['cbc:ID']);
    const rate = Number(text(category['cbc:Percent'] ?? '0'));
    const atRate = lines.filter((l) => {
      const c = (l['cac:Item'] as Node)['cac:ClassifiedTaxCategory'] as Node;
      return text(c['cbc:ID']) === id && Number(text(c['cbc:Percent'] ?? '0')) === rate;
    });
    // BR-S-08 / BR-E-08: the taxable amount of a category is the sum of its lines' nets.
    expect(cents(subtotal['cbc:TaxableAmount'])).toBe(
      sum(atRate.map((l) => cents(l['cbc:LineExtensionAmount']))),
    );
    // BR-S-09 (EN 16931 1.3, tolerance of one unit): the VAT is the taxable amount at the rate.
    const expected = Math.round(cents(subtotal['cbc:TaxableAmount']) * rate) / 100;
    expect(Math.abs(cents(subtotal['cbc:TaxAmount']) - expected)).toBeLessThan(100);
    // BR-E-09 / BR-E-10: an exempt category carries no VAT and says why.
    if (id === 'E') {
      expect(cents(subtotal['cbc:TaxAmount'])).toBe(0);
      expect(String(category['cbc:TaxExemptionReason'] ?? '')).not.toBe('');
    }
  }
  for (const l of lines) {
    // PEPPOL-EN16931-R120: line net = quantity × net price / base quantity, to the cent.
    const price = l['cac:Price'] as Node;
    const quantity = Number(text(l['cbc:InvoicedQuantity'] ?? l['cbc:CreditedQuantity']));
    const base = price['cbc:BaseQuantity'] ? Number(text(price['cbc:BaseQuantity'])) : 1;
    expect(Math.round((quantity * cents(price['cbc:PriceAmount'])) / base)).toBe(
      cents(l['cbc:LineExtensionAmount']),
    );
  }
}

describe('Peppol BIS Billing 3.0 invoice', () => {
  it('carries the mandatory identification, parties with their Peppol addresses, and payment by structured transfer', () => {
    const { Invoice } = parse(invoiceUbl(invoice()));
    const doc = Invoice!;
    // BR-01 … BR-05, PEPPOL-EN16931-R001/R003/R007.
    expect(text(doc['cbc:CustomizationID'])).toBe(
      'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0',
    );
    expect(text(doc['cbc:ProfileID'])).toBe('urn:fdc:peppol.eu:2017:poacc:billing:01:1.0');
    expect(text(doc['cbc:ID'])).toBe('2026-000123');
    expect(text(doc['cbc:IssueDate'])).toBe('2026-09-12');
    expect(text(doc['cbc:DueDate'])).toBe('2026-09-26');
    expect(text(doc['cbc:InvoiceTypeCode'])).toBe('380');
    expect(text(doc['cbc:DocumentCurrencyCode'])).toBe('EUR');
    expect(text(doc['cbc:BuyerReference'])).not.toBe('');
    expect(doc['cac:InvoicePeriod']).toEqual({ 'cbc:StartDate': '2026-07-06', 'cbc:EndDate': '2026-07-10' });

    const supplier = (doc['cac:AccountingSupplierParty'] as Node)['cac:Party'] as Node;
    expect(supplier['cbc:EndpointID']).toEqual({ '#text': '0403019261', '@schemeID': '0208' });
    expect((supplier['cac:PartyLegalEntity'] as Node)['cbc:RegistrationName']).toBe(
      'Club Sportif de Namur ASBL',
    );
    expect((supplier['cac:PartyTaxScheme'] as Node)['cbc:CompanyID']).toBe('BE0403019261');
    expect((supplier['cac:PostalAddress'] as Node)['cac:Country']).toEqual({
      'cbc:IdentificationCode': 'BE',
    });

    const customer = (doc['cac:AccountingCustomerParty'] as Node)['cac:Party'] as Node;
    expect(customer['cbc:EndpointID']).toEqual({ '#text': '0428759497', '@schemeID': '0208' });
    expect((customer['cac:PartyLegalEntity'] as Node)['cbc:RegistrationName']).toBe('Dupont & Fils SRL');
    expect((customer['cac:PostalAddress'] as Node)['cbc:CityName']).toBe('Liège');
    expect((customer['cac:Contact'] as Node)['cbc:Name']).toBe('Marie Dupont');

    const means = doc['cac:PaymentMeans'] as Node;
    expect(text(means['cbc:PaymentMeansCode'])).toBe('58');
    expect(means['cbc:PaymentID']).toBe('+++010/8068/17183+++');
    expect((means['cac:PayeeFinancialAccount'] as Node)['cbc:ID']).toBe('BE71096123456769');
  });

  it('adds up: lines, VAT per rate and totals as the PDF prints them (121 € at 21 %, 4 × 26,50 € at 6 %)', () => {
    const doc = parse(invoiceUbl(invoice())).Invoice!;
    checkTotals(doc, 'cac:InvoiceLine');
    const subtotals = (doc['cac:TaxTotal'] as Node)['cac:TaxSubtotal'] as Node[];
    expect(subtotals.map((s) => [cents(s['cbc:TaxableAmount']), cents(s['cbc:TaxAmount'])])).toEqual([
      [10_000, 2_100],
      [10_000, 600],
    ]);
    expect(cents((doc['cac:LegalMonetaryTotal'] as Node)['cbc:PayableAmount'])).toBe(22_700);
    const lines = doc['cac:InvoiceLine'] as Node[];
    expect((lines[0]!['cac:Item'] as Node)['cbc:Name']).toBe('Stage multisports — Léa Dupont');
    expect(cents((lines[1]!['cac:Price'] as Node)['cbc:PriceAmount'])).toBe(2_500);
  });

  it('holds the rules when VAT included prices round on every line, and deducts what was already paid', () => {
    const lines = [
      ...Array.from({ length: 7 }, (_, i) => line(`Séance ${i + 1}`, 3, 999, 2_100)),
      line('Cotisation', 1, 3_333, 600),
      line('Licence fédérale', 1, 1_500, 0),
    ];
    const paid = invoice({ lines, paidAmount: 5_000 });
    const doc = parse(invoiceUbl(paid)).Invoice!;
    checkTotals(doc, 'cac:InvoiceLine');
    const totals = doc['cac:LegalMonetaryTotal'] as Node;
    expect(cents(totals['cbc:TaxInclusiveAmount'])).toBe(paid.totalAmount);
    expect(cents(totals['cbc:PrepaidAmount'])).toBe(5_000);
    const categories = ((doc['cac:TaxTotal'] as Node)['cac:TaxSubtotal'] as Node[]).map((s) =>
      text((s['cac:TaxCategory'] as Node)['cbc:ID']),
    );
    expect(categories).toEqual(['S', 'S', 'Z']);
  });

  it('says why an exempt club charges no VAT (category E with the exemption mention)', () => {
    const mention = 'Exonération de TVA – article 44, § 2, 3° du Code de la TVA';
    const lines = [line('Stage', 1, 12_000, 0)];
    const exempt = invoice({ lines, seller: seller({ vatRegime: 'exempt', vatExemptionMention: mention }) });
    const doc = parse(invoiceUbl(exempt)).Invoice!;
    checkTotals(doc, 'cac:InvoiceLine');
    const category = ((doc['cac:TaxTotal'] as Node)['cac:TaxSubtotal'] as Node[])[0]![
      'cac:TaxCategory'
    ] as Node;
    expect(text(category['cbc:ID'])).toBe('E');
    expect(category['cbc:TaxExemptionReason']).toBe(mention);
  });

  it('escapes what it writes: a name with « & < > " » reads back as written', () => {
    const tricky = 'Dupont & "Fils" <SRL>';
    const xml = invoiceUbl(invoice({ buyer: { ...invoice().buyer, companyName: tricky } }));
    expect(xml).toContain('Dupont &amp; &quot;Fils&quot; &lt;SRL&gt;');
    const customer = (parse(xml).Invoice!['cac:AccountingCustomerParty'] as Node)['cac:Party'] as Node;
    expect((customer['cac:PartyName'] as Node)['cbc:Name']).toBe(tricky);
  });

  it('is refused for a private customer (no company, or no VAT number)', () => {
    expect(() => invoiceUbl(invoice({ buyer: { ...invoice().buyer, companyName: null } }))).toThrow(
      expect.objectContaining({ code: 'peppol_buyer_not_company' }),
    );
    expect(() => invoiceUbl(invoice({ buyer: { ...invoice().buyer, vatNumber: null } }))).toThrow(
      expect.objectContaining({ code: 'peppol_buyer_not_company' }),
    );
  });
});

describe('Peppol BIS Billing 3.0 credit note', () => {
  it('refers to the invoice it corrects and adds up', () => {
    const lines = [line('Stage multisports — Léa Dupont', 1, 12_100, 2_100)];
    const note: CreditNoteDetail = {
      id: 'cn_1',
      number: 'NC-2026-000004',
      invoiceId: 'inv_1',
      invoiceNumber: '2026-000123',
      invoiceIssueDate: '2026-09-12',
      issueDate: '2026-09-20',
      reason: 'Annulation',
      totalAmount: 12_100,
      taxAmount: 2_100,
      buyerName: 'Dupont & Fils SRL',
      refunded: false,
      settlement: 'deducted',
      peppol: false,
      lines,
    };
    const doc = parse(creditNoteUbl(note, invoice())).CreditNote!;
    expect(text(doc['cbc:CreditNoteTypeCode'])).toBe('381');
    expect(text(doc['cbc:ID'])).toBe('NC-2026-000004');
    expect((doc['cac:BillingReference'] as Node)['cac:InvoiceDocumentReference']).toEqual({
      'cbc:ID': '2026-000123',
      'cbc:IssueDate': '2026-09-12',
    });
    checkTotals(doc, 'cac:CreditNoteLine');
    expect(cents((doc['cac:LegalMonetaryTotal'] as Node)['cbc:PayableAmount'])).toBe(12_100);
  });
});

describe('Peppol addresses from VAT numbers', () => {
  it('uses the Belgian enterprise number (0208) and the VAT schemes elsewhere', () => {
    expect(peppolEndpoint('BE 0403.019.261')).toEqual({ scheme: '0208', id: '0403019261' });
    expect(peppolEndpoint('FR40303265045')).toEqual({ scheme: '9957', id: 'FR40303265045' });
    expect(peppolEndpoint('LU15027442')).toEqual({ scheme: '9938', id: 'LU15027442' });
    expect(peppolEndpoint('CH123456789')).toBeNull();
  });
});
