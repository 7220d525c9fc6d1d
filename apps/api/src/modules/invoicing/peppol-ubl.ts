import { type CreditNoteDetail, type InvoiceDetail, isPeppolBuyer } from '@inscrio/shared';
import { AppError } from '../../lib/app-error';
import { el, type OptionalNode, renderXml } from '../../lib/xml';

/*
 * Invoices and credit notes as Peppol BIS Billing 3.0 (UBL 2.1), the format of Belgian B2B e-invoicing
 * (compulsory from 2026): https://docs.peppol.eu/poacc/billing/3.0/ . Only for a buyer that is a company
 * with a VAT number. The figures are the document's own (lines, VAT per rate, totals as the PDF prints
 * them): the amounts are VAT included per line, so each line's net is its total less its VAT, and each
 * rate's VAT is the sum of its lines' (within the tolerance of BR-S-09 / BR-CO-17).
 */

const CUSTOMIZATION = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
const PROFILE = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';
const NS = {
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
};

/**
 * The Peppol electronic address (EAS code list) derived from a VAT number: Belgium uses the enterprise
 * number (0208, the VAT number's 10 digits), the other countries their VAT scheme.
 */
const VAT_SCHEMES: Record<string, string> = {
  AT: '9915',
  DE: '9930',
  ES: '9920',
  FR: '9957',
  IT: '9906',
  LU: '9938',
  NL: '9944',
  PT: '9946',
};
export function peppolEndpoint(vatNumber: string): { scheme: string; id: string } | null {
  const compact = vatNumber.replace(/[\s.\-/]/g, '').toUpperCase();
  if (/^BE[01]\d{9}$/.test(compact)) return { scheme: '0208', id: compact.slice(2) };
  const scheme = VAT_SCHEMES[compact.slice(0, 2)];
  return scheme ? { scheme, id: compact } : null;
}

/** The product's countries (ISO 3166 alpha-3) as UBL wants them (alpha-2); an alpha-2 passes as is. */
const ALPHA2: Record<string, string> = { BEL: 'BE', FRA: 'FR', LUX: 'LU', NLD: 'NL', DEU: 'DE' };
const countryCode = (country: string | null, vatNumber: string | null) =>
  (country &&
    (ALPHA2[country.toUpperCase()] ?? (/^[A-Z]{2}$/i.test(country) ? country.toUpperCase() : null))) ??
  vatNumber?.slice(0, 2).toUpperCase() ??
  'BE';

/** Cents as a UBL amount: `12345` → `123.45`. */
export function amount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
const money = (name: string, cents: number) => el(name, { currencyID: 'EUR' }, amount(cents));

/** Hundredths of a percent as a percentage: 2100 → `21`, 550 → `5.5`. */
const percent = (hundredths: number) => String(hundredths / 100);

type Line = InvoiceDetail['lines'][number];
type Party = InvoiceDetail['buyer'];

/** The VAT category of a rate, by the seller's standing (EN 16931 code list UNCL5305). */
function category(seller: InvoiceDetail['seller'], rate: number) {
  if (!seller.vatNumber) return { id: 'O', reasonCode: 'VATEX-EU-O', reason: 'Not subject to VAT' };
  if (seller.vatRegime === 'exempt')
    return { id: 'E', reasonCode: null, reason: seller.vatExemptionMention ?? 'Exonération de TVA' };
  return { id: rate === 0 ? 'Z' : 'S', reasonCode: null, reason: null };
}

function taxCategory(name: string, seller: InvoiceDetail['seller'], rate: number, withReason: boolean) {
  const c = category(seller, rate);
  return el(
    name,
    el('cbc:ID', c.id),
    c.id !== 'O' && el('cbc:Percent', percent(c.id === 'S' ? rate : 0)),
    withReason && c.reasonCode && el('cbc:TaxExemptionReasonCode', c.reasonCode),
    withReason && c.reason && el('cbc:TaxExemptionReason', c.reason),
    el('cac:TaxScheme', el('cbc:ID', 'VAT')),
  );
}

function party(role: string, who: Party & { email?: string | null; phone?: string | null }) {
  const vat = who.vatNumber!;
  const endpoint = peppolEndpoint(vat);
  if (!endpoint) throw new AppError('peppol_address_unknown');
  const name = who.companyName ?? who.name;
  const country = countryCode(who.country, vat);
  return el(
    role,
    el(
      'cac:Party',
      el('cbc:EndpointID', { schemeID: endpoint.scheme }, endpoint.id),
      el('cac:PartyName', el('cbc:Name', name)),
      el(
        'cac:PostalAddress',
        who.address && el('cbc:StreetName', who.address),
        who.city && el('cbc:CityName', who.city),
        who.postalCode && el('cbc:PostalZone', who.postalCode),
        el('cac:Country', el('cbc:IdentificationCode', country)),
      ),
      el('cac:PartyTaxScheme', el('cbc:CompanyID', vat), el('cac:TaxScheme', el('cbc:ID', 'VAT'))),
      el(
        'cac:PartyLegalEntity',
        el('cbc:RegistrationName', name),
        endpoint.scheme === '0208' && el('cbc:CompanyID', { schemeID: '0208' }, endpoint.id),
      ),
      (who.email || who.phone || (who.companyName && who.name !== who.companyName)) &&
        el(
          'cac:Contact',
          who.companyName && who.name !== who.companyName && el('cbc:Name', who.name),
          who.phone && el('cbc:Telephone', who.phone),
          who.email && el('cbc:ElectronicMail', who.email),
        ),
    ),
  );
}

/** The seller as a party: an exempt or non-registered seller still needs its VAT number for Peppol. */
function sellerParty(seller: InvoiceDetail['seller']) {
  if (!seller.vatNumber) throw new AppError('peppol_address_unknown');
  return party('cac:AccountingSupplierParty', seller);
}

const net = (line: Line) => line.totalAmount - line.taxAmount;

/** The VAT breakdown: per rate, the lines' net and VAT as the document prints them. */
function taxTotal(seller: InvoiceDetail['seller'], lines: Line[]) {
  const byRate = new Map<number, { taxable: number; tax: number }>();
  for (const line of lines) {
    const sum = byRate.get(line.taxPercentage) ?? { taxable: 0, tax: 0 };
    byRate.set(line.taxPercentage, { taxable: sum.taxable + net(line), tax: sum.tax + line.taxAmount });
  }
  const tax = lines.reduce((sum, l) => sum + l.taxAmount, 0);
  return el(
    'cac:TaxTotal',
    money('cbc:TaxAmount', tax),
    ...[...byRate.entries()]
      .sort(([a], [b]) => b - a)
      .map(([rate, sum]) =>
        el(
          'cac:TaxSubtotal',
          money('cbc:TaxableAmount', sum.taxable),
          money('cbc:TaxAmount', sum.tax),
          taxCategory('cac:TaxCategory', seller, rate, true),
        ),
      ),
  );
}

function monetaryTotal(lines: Line[], prepaid: number) {
  const lineNet = lines.reduce((sum, l) => sum + net(l), 0);
  const total = lines.reduce((sum, l) => sum + l.totalAmount, 0);
  return el(
    'cac:LegalMonetaryTotal',
    money('cbc:LineExtensionAmount', lineNet),
    money('cbc:TaxExclusiveAmount', lineNet),
    money('cbc:TaxInclusiveAmount', total),
    prepaid > 0 && money('cbc:PrepaidAmount', prepaid),
    money('cbc:PayableAmount', total - prepaid),
  );
}

/**
 * A line: its net, and a net price that gives it back exactly (BR-LIN / PEPPOL-EN16931-R120): the unit
 * net when it is a whole number of cents, else the line's net for the line's quantity as base quantity.
 */
function documentLine(
  kind: 'Invoice' | 'CreditNote',
  seller: InvoiceDetail['seller'],
  line: Line,
  index: number,
) {
  const lineNet = net(line);
  const exact = lineNet % line.quantity === 0;
  return el(
    `cac:${kind}Line`,
    el('cbc:ID', String(index + 1)),
    el(
      kind === 'Invoice' ? 'cbc:InvoicedQuantity' : 'cbc:CreditedQuantity',
      { unitCode: 'C62' },
      String(line.quantity),
    ),
    money('cbc:LineExtensionAmount', lineNet),
    line.serviceDate &&
      el('cac:InvoicePeriod', el('cbc:StartDate', line.serviceDate), el('cbc:EndDate', line.serviceDate)),
    el(
      'cac:Item',
      el('cbc:Name', line.description),
      taxCategory('cac:ClassifiedTaxCategory', seller, line.taxPercentage, false),
    ),
    el(
      'cac:Price',
      money('cbc:PriceAmount', exact ? lineNet / line.quantity : lineNet),
      !exact && el('cbc:BaseQuantity', { unitCode: 'C62' }, String(line.quantity)),
    ),
  );
}

function requirePeppolBuyer(buyer: Party) {
  if (!isPeppolBuyer(buyer)) throw new AppError('peppol_buyer_not_company');
}

const root = (name: string, ...children: OptionalNode[]) =>
  el(
    name,
    {
      xmlns: `urn:oasis:names:specification:ubl:schema:xsd:${name}-2`,
      'xmlns:cac': NS.cac,
      'xmlns:cbc': NS.cbc,
    },
    el('cbc:CustomizationID', CUSTOMIZATION),
    el('cbc:ProfileID', PROFILE),
    ...children,
  );

/** The invoice as Peppol BIS Billing 3.0 UBL: what is still due is payable by transfer with its structured reference. */
export function invoiceUbl(invoice: InvoiceDetail): string {
  requirePeppolBuyer(invoice.buyer);
  const { seller } = invoice;
  const prepaid = Math.min(invoice.paidAmount, invoice.totalAmount);
  return renderXml(
    root(
      'Invoice',
      el('cbc:ID', invoice.number),
      el('cbc:IssueDate', invoice.issueDate),
      el('cbc:DueDate', invoice.dueDate),
      el('cbc:InvoiceTypeCode', '380'),
      seller.vatRegime === 'exempt' &&
        seller.vatExemptionMention &&
        el('cbc:Note', seller.vatExemptionMention),
      el('cbc:DocumentCurrencyCode', 'EUR'),
      el('cbc:BuyerReference', invoice.number),
      invoice.serviceFrom &&
        invoice.serviceTo &&
        el(
          'cac:InvoicePeriod',
          el('cbc:StartDate', invoice.serviceFrom),
          el('cbc:EndDate', invoice.serviceTo),
        ),
      sellerParty(seller),
      party('cac:AccountingCustomerParty', invoice.buyer),
      seller.iban &&
        el(
          'cac:PaymentMeans',
          el('cbc:PaymentMeansCode', { name: 'SEPA credit transfer' }, '58'),
          invoice.reference && el('cbc:PaymentID', invoice.reference),
          el(
            'cac:PayeeFinancialAccount',
            el('cbc:ID', seller.iban),
            el('cbc:Name', seller.name),
            seller.bic && el('cac:FinancialInstitutionBranch', el('cbc:ID', seller.bic)),
          ),
        ),
      taxTotal(seller, invoice.lines),
      monetaryTotal(invoice.lines, prepaid),
      ...invoice.lines.map((line, i) => documentLine('Invoice', seller, line, i)),
    ),
  );
}

/** A credit note as Peppol BIS Billing 3.0 UBL, referring to the invoice it corrects. */
export function creditNoteUbl(note: CreditNoteDetail, invoice: InvoiceDetail): string {
  requirePeppolBuyer(invoice.buyer);
  const { seller } = invoice;
  return renderXml(
    root(
      'CreditNote',
      el('cbc:ID', note.number),
      el('cbc:IssueDate', note.issueDate),
      el('cbc:CreditNoteTypeCode', '381'),
      note.reason && el('cbc:Note', note.reason),
      el('cbc:DocumentCurrencyCode', 'EUR'),
      el('cbc:BuyerReference', invoice.number),
      el(
        'cac:BillingReference',
        el(
          'cac:InvoiceDocumentReference',
          el('cbc:ID', invoice.number),
          el('cbc:IssueDate', invoice.issueDate),
        ),
      ),
      sellerParty(seller),
      party('cac:AccountingCustomerParty', invoice.buyer),
      taxTotal(seller, note.lines),
      monetaryTotal(note.lines, 0),
      ...note.lines.map((line, i) => documentLine('CreditNote', seller, line, i)),
    ),
  );
}
