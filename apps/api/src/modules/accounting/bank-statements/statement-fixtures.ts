import { readFileSync } from 'node:fs';
import {
  type ParsedTransaction,
  UnreadableStatementError,
  parseBankStatement,
} from './bank-statement.parser';

/* Statements built for the parser tests: fixtures, minimal CAMT.053 documents and CODA records. */

const FIXTURES = new URL('../../../../test/fixtures/bank-statements/', import.meta.url);
export const fixture = (name: string) => readFileSync(new URL(name, FIXTURES));

export const withoutKey = ({ key: _key, ...rest }: ParsedTransaction) => rest;

/** The error a parse throws, for assertions on its reason. */
export function failure(content: Buffer | string, fileName = 'statement'): UnreadableStatementError {
  try {
    parseBankStatement(Buffer.isBuffer(content) ? content : Buffer.from(content), fileName);
  } catch (error) {
    if (error instanceof UnreadableStatementError) return error;
    throw error;
  }
  throw new Error('The statement was read');
}

/** A minimal camt.053 around the given entries. */
export function camt(entries: string, { version = '08', account = 'BE68539007547034' } = {}): Buffer {
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.${version}">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>M1</MsgId><CreDtTm>2026-03-03T06:00:00</CreDtTm></GrpHdr>
    <Stmt><Id>S1</Id><Acct><Id><IBAN>${account}</IBAN></Id></Acct>${entries}</Stmt>
  </BkToCstmrStmt>
</Document>`);
}

export function entry({
  amount = '10.00',
  currency = 'EUR',
  indicator = 'CRDT',
  date = '<Dt>2026-03-02</Dt>',
  reference = '',
  details = '',
  extra = '',
} = {}): string {
  return `<Ntry><Amt Ccy="${currency}">${amount}</Amt><CdtDbtInd>${indicator}</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>
    <BookgDt>${date}</BookgDt>${reference ? `<AcctSvcrRef>${reference}</AcctSvcrRef>` : ''}${extra}
    ${details ? `<NtryDtls>${details}</NtryDtls>` : ''}</Ntry>`;
}

export const codaLines = () => fixture('statement.cod').toString('latin1').split('\r\n').filter(Boolean);
export const codaFile = (lines: string[]) => Buffer.from(lines.join('\r\n') + '\r\n', 'latin1');
/** Replaces characters `from`-`to` (1-based, as in the CODA standard) of a record. */
export const setField = (line: string, from: number, to: number, value: string) =>
  line.slice(0, from - 1) + value.padEnd(to - from + 1).slice(0, to - from + 1) + line.slice(to);
