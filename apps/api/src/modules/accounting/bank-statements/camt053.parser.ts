import {
  type ParsedStatement,
  type ParsedTransaction,
  UnreadableStatementError,
  calendarDate,
  cleanText,
  contentKey,
  statementAmountToCents,
  findReferenceInText,
  malformed,
  normaliseIban,
  occurrenceCounter,
  structuredReferenceOf,
} from './parsed-statement';
import { readXml } from './xml-reader';

/**
 * ISO 20022 camt.053 (BankToCustomerStatement), any version 001.02 to 001.13: the elements read here kept
 * their names and places across versions, except the related parties' names (`Dbtr/Nm` until 001.07,
 * `Dbtr/Pty/Nm` from 001.08), the transaction amount (`TxDtls/AmtDtls/TxAmt/Amt`, joined by `TxDtls/Amt`
 * from 001.03) and the entry status (`Sts` text until 001.07, `Sts/Cd` from 001.08).
 */

const CAMT053_NAMESPACE = /urn:iso:std:iso:20022:tech:xsd:camt\.053\.001\.\d{2}/;

/*
 * The document is read by `readXml`, which expands no entity (a bank statement has no DOCTYPE, refused
 * below, so no entity bomb can grow it); the five predefined entities and character references, which
 * XML text may always contain, are decoded by `decodeXmlText`. Values stay strings: `0012.50` or a
 * reference with leading zeros must not become numbers.
 */

const PREDEFINED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeXmlText(value: string): string {
  return value.replace(/&(#x[0-9a-fA-F]{1,6}|#\d{1,7}|amp|lt|gt|quot|apos);/g, (entity, name: string) => {
    if (!name.startsWith('#')) return PREDEFINED_ENTITIES[name] ?? entity;
    const codePoint = name.startsWith('#x') ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : entity;
  });
}

// The parsed tree is untrusted: these accessors accept any shape and never throw.
type XmlNode = unknown;

function isElement(node: XmlNode): node is Record<string, unknown> {
  return typeof node === 'object' && node !== null && !Array.isArray(node);
}

/** Every child element with this name (a repeated element parses as an array, a single one does not). */
function all(node: XmlNode, name: string): XmlNode[] {
  if (!isElement(node) || !Object.hasOwn(node, name)) return [];
  const value = node[name];
  return Array.isArray(value) ? value : [value];
}

/** The first element along a path of names. */
function at(node: XmlNode, ...path: string[]): XmlNode {
  return path.reduce<XmlNode>((current, name) => all(current, name)[0], node);
}

/** An element's text (with or without attributes), decoded and trimmed; undefined when it has none. */
function text(node: XmlNode): string | undefined {
  const value = isElement(node) ? node['#text'] : node;
  return typeof value === 'string' ? decodeXmlText(value).trim() : undefined;
}

function attribute(node: XmlNode, name: string): string | undefined {
  const value = isElement(node) ? node[`@${name}`] : undefined;
  return typeof value === 'string' ? value.trim() : undefined;
}

/** `Amt` as cents and its currency. */
function amountOf(node: XmlNode): { cents: number; currency: string } | null {
  const value = text(node);
  if (value === undefined) return null;
  return { cents: statementAmountToCents(value), currency: attribute(node, 'Ccy') ?? '' };
}

/** `BookgDt` holds `Dt` (yyyy-MM-dd) or `DtTm`: the bank's local day is the date part as written. */
function bookingDateOf(entry: XmlNode): string {
  const value = text(at(entry, 'BookgDt', 'Dt')) ?? text(at(entry, 'BookgDt', 'DtTm'));
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  if (!match) throw malformed(`Entry without a readable booking date (${value ?? 'none'})`);
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = calendarDate(year, month, day);
  if (!date) throw malformed(`Impossible booking date ${value}`);
  return date;
}

function creditOrDebit(node: XmlNode): 1 | -1 | undefined {
  const indicator = text(at(node, 'CdtDbtInd'));
  if (indicator === 'CRDT') return 1;
  if (indicator === 'DBIT') return -1;
  return undefined;
}

/** What a transfer (`TxDtls`) says about itself; without one, the entry's `AddtlNtryInf` is all there is. */
interface TransferDetails {
  bankReference: string | undefined;
  structuredReference: string | null;
  communication: string | null;
  counterpartyName: string | null;
  counterpartyIban: string | null;
}

function transferDetails(entry: XmlNode, transfer: XmlNode, sign: 1 | -1): TransferDetails {
  const remittance = at(transfer, 'RmtInf');
  const givenReferences = all(remittance, 'Strd').map((structured) =>
    text(at(structured, 'CdtrRefInf', 'Ref')),
  );
  // The issuer (`Tp/Issr` BBA for the Belgian OGM, ISO for RF) only says which scheme to expect; the
  // value itself is checked, so a reference that fails its check digits is kept as plain text instead.
  const structuredReference = givenReferences.map(structuredReferenceOf).find(Boolean) ?? null;
  const freeText = [
    ...all(remittance, 'Ustrd').map(text),
    ...all(remittance, 'Strd').flatMap((structured) => all(structured, 'AddtlRmtInf').map(text)),
    ...givenReferences.filter((reference) => !structuredReferenceOf(reference)),
  ];
  const communication =
    cleanText(freeText.filter(Boolean).join(' ')) ??
    cleanText(text(at(transfer, 'AddtlTxInf'))) ??
    cleanText(text(at(entry, 'AddtlNtryInf')));

  // Money received comes from the debtor, money paid out goes to the creditor.
  const role = sign > 0 ? 'Dbtr' : 'Cdtr';
  const parties = at(transfer, 'RltdPties');
  const nameOf = (party: XmlNode) => cleanText(text(at(party, 'Nm')) ?? text(at(party, 'Pty', 'Nm')));
  return {
    bankReference: text(at(transfer, 'Refs', 'AcctSvcrRef')) || undefined,
    structuredReference: structuredReference ?? findReferenceInText(communication),
    communication,
    counterpartyName: nameOf(at(parties, role)) ?? nameOf(at(parties, `Ultmt${role}`)),
    counterpartyIban: normaliseIban(text(at(parties, `${role}Acct`, 'Id', 'IBAN'))),
  };
}

/** The credit and debit transactions of one entry (`Ntry`), added to `transactions`. */
function readEntry(
  entry: XmlNode,
  accountId: string,
  occurrence: ReturnType<typeof occurrenceCounter>,
  transactions: ParsedTransaction[],
): void {
  // Only booked entries move money; pending (PDNG) or informative (INFO) ones may still change.
  const status = text(at(entry, 'Sts', 'Cd')) ?? text(at(entry, 'Sts'));
  if (status && status !== 'BOOK') return;

  const entryAmount = amountOf(at(entry, 'Amt'));
  const entrySign = creditOrDebit(entry);
  if (!entryAmount || !entrySign) throw malformed('Entry without an amount or a credit/debit indicator');
  const bookingDate = bookingDateOf(entry);
  const entryReference = text(at(entry, 'AcctSvcrRef')) || undefined;

  const transfers = all(entry, 'NtryDtls').flatMap((details) => all(details, 'TxDtls'));
  const transferAmounts = transfers.map((transfer) =>
    amountOf(at(transfer, 'Amt') ?? at(transfer, 'AmtDtls', 'TxAmt', 'Amt')),
  );
  // A batch entry (several transfers booked as one amount) becomes one transaction per transfer when
  // every transfer states its amount; otherwise it stays one transaction, to be matched by hand (no
  // reference: one transfer's reference must not settle an order with the whole batch).
  const splittable = transfers.length > 1 && transferAmounts.every(Boolean);
  const parts = splittable
    ? transfers.map((transfer, index) => {
        const sign = creditOrDebit(transfer) ?? entrySign;
        return { amount: transferAmounts[index]!, sign, details: transferDetails(entry, transfer, sign) };
      })
    : [
        {
          amount: entryAmount,
          sign: entrySign,
          details:
            transfers.length > 1
              ? { ...transferDetails(entry, undefined, entrySign), structuredReference: null }
              : transferDetails(entry, transfers[0], entrySign),
        },
      ];

  parts.forEach(({ amount, sign, details }, index) => {
    // The platform bills in euros only; an amount in another currency cannot settle an invoice.
    if (amount.currency !== 'EUR') return;
    const fields = {
      bookingDate,
      amount: sign * amount.cents,
      structuredReference: details.structuredReference,
      communication: details.communication,
      counterpartyName: details.counterpartyName,
      counterpartyIban: details.counterpartyIban,
    };
    const bankReference =
      details.bankReference ??
      (entryReference && parts.length > 1 ? `${entryReference}/${index}` : entryReference);
    transactions.push({ key: keyOf(accountId, bankReference, fields, occurrence), ...fields });
  });
}

/** The account a statement (`Stmt`) is for: its IBAN, else the bank's own identifier. */
function accountOf(statement: XmlNode): { iban: string | null; id: string } {
  const iban = normaliseIban(text(at(statement, 'Acct', 'Id', 'IBAN')));
  return { iban, id: iban ?? text(at(statement, 'Acct', 'Id', 'Othr', 'Id')) ?? '' };
}

export function parseCamt053(xml: string): ParsedStatement {
  if (/<!DOCTYPE/i.test(xml)) throw malformed('A bank statement has no DOCTYPE');
  const rootTag = /<(?:[\w.-]+:)?Document\b[^>]*>/.exec(xml)?.[0] ?? '';
  if (!CAMT053_NAMESPACE.test(rootTag)) {
    throw new UnreadableStatementError('unsupported-format', 'XML that is not a camt.053 statement');
  }

  const accounts = new Set<string | null>();
  const transactions: ParsedTransaction[] = [];
  const occurrence = occurrenceCounter();
  // Entries are read as each one ends and left out of the tree: a statement of 100,000 transfers never
  // sits in memory as a whole. The account comes before the entries in a statement (ISO 20022 order).
  const tree = readXml(xml, (name, value, parent) => {
    if (name === 'Ntry' && parent.name === 'Stmt') {
      readEntry(value, accountOf(parent.element).id, occurrence, transactions);
      return true;
    }
    if (name === 'Stmt' && parent.name === 'BkToCstmrStmt') accounts.add(accountOf(value).iban);
    return false;
  });
  if (!at(tree, 'Document', 'BkToCstmrStmt')) {
    throw new UnreadableStatementError('unsupported-format', 'XML that is not a camt.053 statement');
  }

  return { format: 'camt053', accountIban: accounts.size === 1 ? [...accounts][0]! : null, transactions };
}

/**
 * The bank's own reference (`AcctSvcrRef`, unique per account servicer) identifies an entry across
 * statements: the transfer's when given, else the entry's, numbered within a batch. `NtryRef` is not used:
 * ISO 20022 makes it unique only within one statement, so a daily and a monthly statement may number the
 * same entry differently. Without a bank reference the key is a digest of the entry's content and its
 * rank among identical entries of the file, which two overlapping statements also share as long as each
 * holds the whole day.
 */
function keyOf(
  accountId: string,
  bankReference: string | undefined,
  fields: Omit<ParsedTransaction, 'key'>,
  occurrence: ReturnType<typeof occurrenceCounter>,
): string {
  if (bankReference) return `${accountId}/${bankReference}`;
  const content = [
    accountId,
    fields.bookingDate,
    fields.amount,
    fields.structuredReference,
    fields.communication,
    fields.counterpartyName,
    fields.counterpartyIban,
  ];
  return contentKey([...content, occurrence(content)]);
}
