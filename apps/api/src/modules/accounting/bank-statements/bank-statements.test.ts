import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  type ParsedTransaction,
  UnreadableStatementError,
  parseBankStatement,
} from './bank-statement.parser';
import { statementAmountToCents, findReferenceInText } from './parsed-statement';

const FIXTURES = new URL('../../../../test/fixtures/bank-statements/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, FIXTURES));

const withoutKey = ({ key: _key, ...rest }: ParsedTransaction) => rest;

/** The error a parse throws, for assertions on its reason. */
function failure(content: Buffer | string, fileName = 'statement'): UnreadableStatementError {
  try {
    parseBankStatement(Buffer.isBuffer(content) ? content : Buffer.from(content), fileName);
  } catch (error) {
    if (error instanceof UnreadableStatementError) return error;
    throw error;
  }
  throw new Error('The statement was read');
}

/** A minimal camt.053 around the given entries. */
function camt(entries: string, { version = '08', account = 'BE68539007547034' } = {}): Buffer {
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.${version}">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>M1</MsgId><CreDtTm>2026-03-03T06:00:00</CreDtTm></GrpHdr>
    <Stmt><Id>S1</Id><Acct><Id><IBAN>${account}</IBAN></Id></Acct>${entries}</Stmt>
  </BkToCstmrStmt>
</Document>`);
}

function entry({
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

const codaLines = () => fixture('statement.cod').toString('latin1').split('\r\n').filter(Boolean);
const codaFile = (lines: string[]) => Buffer.from(lines.join('\r\n') + '\r\n', 'latin1');
/** Replaces characters `from`-`to` (1-based, as in the CODA standard) of a record. */
const setField = (line: string, from: number, to: number, value: string) =>
  line.slice(0, from - 1) + value.padEnd(to - from + 1).slice(0, to - from + 1) + line.slice(to);

describe('CAMT.053.001.02', () => {
  const statement = parseBankStatement(fixture('camt053-v02.xml'), 'camt053-v02.xml');

  it('recognises the format and the account', () => {
    expect(statement.format).toBe('camt053');
    expect(statement.accountIban).toBe('BE68539007547034');
  });

  it('reads every booked entry with its amount in cents, sign, date, reference and counterparty', () => {
    expect(statement.transactions.map(withoutKey)).toEqual([
      {
        bookingDate: '2026-03-02',
        amount: 12550,
        structuredReference: '202600004135',
        communication: null,
        counterpartyName: 'Dupont Marie',
        counterpartyIban: 'BE14063123456783',
      },
      {
        bookingDate: '2026-03-02',
        amount: 8000,
        structuredReference: '202600004236',
        communication: '+++202/6000/04236+++ stage Pâques',
        counterpartyName: 'Janssens Pieter',
        counterpartyIban: 'BE94735001234514',
      },
      {
        bookingDate: '2026-03-02',
        amount: 4500,
        // 123456789012 fails the mod-97 check: not a reference.
        structuredReference: null,
        communication: 'Cotisation Léa et Tom 2026 facture 123456789012',
        counterpartyName: 'Martin & Fils SRL',
        counterpartyIban: 'BE85001876543206',
      },
      {
        bookingDate: '2026-03-02',
        amount: -3000,
        structuredReference: null,
        communication: 'Facture F2026-114',
        counterpartyName: 'Sport Equipement SA',
        counterpartyIban: 'BE03363112233484',
      },
      {
        bookingDate: '2026-03-02',
        amount: 15000,
        structuredReference: 'RF18539007547034',
        communication: null,
        counterpartyName: 'Entreprise Générale SA',
        counterpartyIban: 'FR7630006000011234567890189',
      },
      {
        bookingDate: '2026-03-02',
        amount: 6000,
        structuredReference: 'RF712348231',
        communication: 'RF71 2348 231 inscription stage',
        counterpartyName: 'Entreprise Générale SA',
        counterpartyIban: 'FR7630006000011234567890189',
      },
      {
        bookingDate: '2026-03-02',
        amount: 1500,
        structuredReference: null,
        communication: 'Carte de membre',
        counterpartyName: 'Lambert Sophie',
        counterpartyIban: 'BE16973123000074',
      },
      {
        bookingDate: '2026-03-02',
        amount: 1500,
        structuredReference: null,
        communication: 'Carte de membre',
        counterpartyName: 'Lambert Sophie',
        counterpartyIban: 'BE16973123000074',
      },
      {
        bookingDate: '2026-03-02',
        amount: 2000,
        // Given as a structured reference, but its check digits fail: kept as text for manual matching.
        structuredReference: null,
        communication: '202600004399',
        counterpartyName: 'Peeters An',
        counterpartyIban: null,
      },
    ]);
  });

  it('keys entries by the bank reference, batches per transfer, and the rest by content', () => {
    const keys = statement.transactions.map((transaction) => transaction.key);
    expect(keys.slice(0, 6)).toEqual([
      'BE68539007547034/2026030200417AB',
      'BE68539007547034/2026030200418AB',
      'BE68539007547034/2026030200419AB',
      'BE68539007547034/2026030200420AB',
      'BE68539007547034/2026030200421AB/0',
      'BE68539007547034/2026030200421AB/1',
    ]);
    expect(keys[6]).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('gives the same keys when the same file is imported again', () => {
    const again = parseBankStatement(fixture('camt053-v02.xml'), 'copy.xml');
    expect(again.transactions.map((t) => t.key)).toEqual(statement.transactions.map((t) => t.key));
  });

  it('keeps two identical transfers of one day apart, and recognises them in an overlapping statement', () => {
    const [first, second] = statement.transactions.filter((t) => t.communication === 'Carte de membre');
    expect(first!.key).not.toBe(second!.key);

    // A statement that holds the same day among other entries (here: without the first five).
    const xml = fixture('camt053-v02.xml').toString('utf8');
    const overlapping = xml.replace(/<!-- 1\.[\s\S]*?(?=<!-- 6 and 7)/, '');
    expect(overlapping).not.toBe(xml);
    const keys = parseBankStatement(Buffer.from(overlapping), 'month.xml').transactions.map((t) => t.key);
    expect(keys).toEqual(statement.transactions.slice(6).map((t) => t.key));
  });
});

describe('CAMT.053.001.08', () => {
  const statement = parseBankStatement(fixture('camt053-v08.xml'), 'camt053-v08.xml');

  it('reads the 001.08 layout: party names under Pty, date-times, per-transfer amounts and references', () => {
    expect(statement.format).toBe('camt053');
    expect(statement.accountIban).toBe('BE39068203456719');
    expect(statement.transactions).toEqual([
      {
        key: 'BE39068203456719/TX-20260305-0001',
        bookingDate: '2026-03-05',
        amount: 2500,
        structuredReference: '000000009797',
        communication: null,
        counterpartyName: 'Lambert Sophie',
        counterpartyIban: 'BE16973123000074',
      },
      {
        key: 'BE39068203456719/TX-20260305-0002-1',
        bookingDate: '2026-03-05',
        amount: 4000,
        structuredReference: '202600004438',
        communication: null,
        counterpartyName: 'Dubois Claire',
        counterpartyIban: 'BE14063123456783',
      },
      {
        key: 'BE39068203456719/TX-20260305-0002-2',
        bookingDate: '2026-03-05',
        amount: 3500,
        structuredReference: 'RF44INV2025001',
        communication: null,
        counterpartyName: 'Moreau Luc',
        counterpartyIban: 'FR7630006000011234567890189',
      },
      {
        key: 'BE39068203456719/TX-20260305-0002-3',
        bookingDate: '2026-03-05',
        amount: 2000,
        structuredReference: null,
        communication: 'Don pour le club',
        counterpartyName: 'Jacobs Emma',
        counterpartyIban: 'BE94735001234514',
      },
      {
        key: 'BE39068203456719/NTRY-20260305-0003',
        bookingDate: '2026-03-05',
        amount: -1234,
        structuredReference: null,
        communication: 'Abonnement mars',
        counterpartyName: 'Proximus SA',
        counterpartyIban: 'BE85001876543206',
      },
      // The pending entry (Sts PDNG) is left out.
      {
        key: 'BE39068203456719/TX-20260305-0005',
        bookingDate: '2026-03-05',
        amount: 6000,
        structuredReference: '202600004539',
        communication: 'Intervention stage 202600004539 enfant Noah',
        counterpartyName: 'Mutualité Saint-Michel',
        counterpartyIban: 'BE03363112233484',
      },
    ]);
  });

  it('accepts a namespace prefix on every element', () => {
    const prefixed = fixture('camt053-v08.xml')
      .toString('utf8')
      .replace(/<(\/?)([A-Za-z])/g, '<$1c:$2')
      .replace('xmlns=', 'xmlns:c=');
    const result = parseBankStatement(Buffer.from(prefixed), 'prefixed.xml');
    expect(result.transactions).toEqual(statement.transactions);
  });
});

describe('CAMT.053 entries', () => {
  it('reads every camt.053.001.xx version', () => {
    for (const version of ['02', '04', '06', '10', '13']) {
      const result = parseBankStatement(
        camt(entry({ amount: '19.99', reference: 'R1' }), { version }),
        'x.xml',
      );
      expect(result.transactions.map((t) => t.amount)).toEqual([1999]);
    }
  });

  it('reads an entry without transaction details from its additional information', () => {
    const result = parseBankStatement(
      camt(
        entry({
          reference: 'R1',
          extra: '<AddtlNtryInf>VIREMENT +++202/6000/04135+++ DUPONT</AddtlNtryInf>',
        }),
      ),
      'x.xml',
    );
    expect(result.transactions[0]).toMatchObject({
      structuredReference: '202600004135',
      communication: 'VIREMENT +++202/6000/04135+++ DUPONT',
      counterpartyName: null,
    });
  });

  it('keeps a batch whose transfers have no amounts as one transaction, without a reference', () => {
    const transfer = (reference: string) =>
      `<TxDtls><RmtInf><Strd><CdtrRefInf><Ref>${reference}</Ref></CdtrRefInf></Strd></RmtInf></TxDtls>`;
    const result = parseBankStatement(
      camt(
        entry({
          amount: '55.00',
          reference: 'B1',
          details: transfer('202600004135') + transfer('202600004236'),
        }),
      ),
      'x.xml',
    );
    expect(result.transactions).toHaveLength(1);
    expect(result.transactions[0]).toMatchObject({ amount: 5500, structuredReference: null });
  });

  it('leaves out entries in another currency than the euro', () => {
    const result = parseBankStatement(
      camt(entry({ currency: 'USD', reference: 'R1' }) + entry({ reference: 'R2' })),
      'x.xml',
    );
    expect(result.transactions.map((t) => t.key)).toEqual(['BE68539007547034/R2']);
  });

  it('gives no account when the file covers several', () => {
    const xml = camt(entry({ reference: 'R1' }))
      .toString()
      .replace(
        '</Stmt>',
        '</Stmt><Stmt><Id>S2</Id><Acct><Id><IBAN>BE39068203456719</IBAN></Id></Acct></Stmt>',
      );
    expect(parseBankStatement(Buffer.from(xml), 'x.xml').accountIban).toBeNull();
  });
});

describe('CODA', () => {
  const statement = parseBankStatement(fixture('statement.cod'), 'statement.cod');

  it('has a fixture made of 128-character records', () => {
    for (const line of codaLines()) expect(line).toHaveLength(128);
  });

  it('reads movements: amounts, booking dates, structured and free communications, counterparties', () => {
    expect(statement.format).toBe('coda');
    expect(statement.accountIban).toBe('BE68539007547034');
    expect(statement.transactions.map(withoutKey)).toEqual([
      {
        bookingDate: '2026-03-09',
        amount: 12550,
        structuredReference: '202600004640',
        communication: null,
        counterpartyName: 'DUPONT MARIE',
        counterpartyIban: 'BE14063123456783',
      },
      {
        bookingDate: '2026-03-09',
        amount: 8000,
        structuredReference: null,
        // Over records 2.1, 2.2, 2.3 (words cut at the record boundaries) then 3.1 and 3.2, in Latin-1.
        communication:
          "Stage de Pâques pour Julie et Tom Janssens, semaine du 6 au 10 avril, deuxième versement après l'acompte " +
          'de février, merci pour tout et à bientôt au club. Julie sera en retard le lundi matin (rendez-vous chez ' +
          "le dentiste a 9 heures), Tom arrivera a l'heure.",
        counterpartyName: 'JANSSENS PIETER',
        counterpartyIban: 'BE94735001234514',
      },
      {
        bookingDate: '2026-03-09',
        amount: -3000,
        structuredReference: null,
        communication: 'Facture F2026-114',
        counterpartyName: 'SPORT EQUIPEMENT SA',
        counterpartyIban: 'BE85001876543206',
      },
      {
        bookingDate: '2026-03-09',
        amount: 4500,
        // Typed in the free communication; the structured record 3.1 (name and address) is not text.
        structuredReference: '202600004741',
        communication: '+++202/6000/04741+++',
        counterpartyName: 'PEETERS AN',
        counterpartyIban: 'BE03363112233484',
      },
      {
        // A globalised movement counts once, for the amount that moved on the account.
        bookingDate: '2026-03-09',
        amount: 21000,
        structuredReference: null,
        communication: 'VERSEMENTS GROUPES',
        counterpartyName: null,
        counterpartyIban: null,
      },
      {
        bookingDate: '2026-03-09',
        amount: 1500,
        structuredReference: null,
        communication: 'Carte de membre',
        counterpartyName: 'LAMBERT SOPHIE',
        counterpartyIban: 'BE16973123000074',
      },
      {
        bookingDate: '2026-03-09',
        amount: 1500,
        structuredReference: null,
        communication: 'Carte de membre',
        counterpartyName: 'LAMBERT SOPHIE',
        counterpartyIban: 'BE16973123000074',
      },
    ]);
  });

  it('keys movements by account, statement number and sequence number, the same on every import', () => {
    const keys = statement.transactions.map((t) => t.key);
    expect(keys[0]).toBe('coda:BE68539007547034:2026-03-09:047:0001');
    expect(keys[5]).not.toBe(keys[6]);
    expect(new Set(keys).size).toBe(keys.length);
    expect(parseBankStatement(fixture('statement.cod'), 'again.cod').transactions.map((t) => t.key)).toEqual(
      keys,
    );
  });

  it('reads a CODA file saved as UTF-8 the same way', () => {
    const utf8 = Buffer.from(fixture('statement.cod').toString('latin1'), 'utf8');
    expect(parseBankStatement(utf8, 'statement.cod')).toEqual(statement);
  });

  it('reads the account of a statement with an old Belgian account number, without an IBAN', () => {
    const lines = codaLines().map((line) =>
      line.startsWith('1') ? setField(setField(line, 2, 2, '0'), 6, 42, '539007547034 EUR0BE') : line,
    );
    const result = parseBankStatement(codaFile(lines), 'old.cod');
    expect(result.accountIban).toBeNull();
    expect(result.transactions[0]!.key).toBe('coda:539007547034:2026-03-09:047:0001');
  });
});

describe('format detection', () => {
  it('recognises the format from the content, whatever the file is called', () => {
    expect(parseBankStatement(fixture('statement.cod'), 'export.xml').format).toBe('coda');
    expect(parseBankStatement(fixture('camt053-v02.xml'), 'export.cod').format).toBe('camt053');
  });

  it('refuses an empty file', () => {
    expect(failure('').reason).toBe('empty');
    expect(failure(' \r\n\n').reason).toBe('empty');
  });

  it('refuses other formats', () => {
    expect(failure('Date;Montant;Communication\n02/03/2026;125,50;+++202/6000/04135+++\n').reason).toBe(
      'unsupported-format',
    );
    expect(failure(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])).reason).toBe(
      'unsupported-format',
    );
    expect(failure('%PDF-1.7\n%âãÏÓ\n').reason).toBe('unsupported-format');
    // Other ISO 20022 messages: a camt.054 notification, a payment order.
    const notification = camt(entry())
      .toString()
      .replace(/camt\.053/, 'camt.054')
      .replace(/BkToCstmrStmt/g, 'BkToCstmrDbtCdtNtfctn');
    expect(failure(notification).reason).toBe('unsupported-format');
    expect(failure(camt(entry()).toString().replace('camt.053.001.08', 'camt.052.001.08')).reason).toBe(
      'unsupported-format',
    );
    expect(failure('<?xml version="1.0"?><html><body>Not a statement</body></html>').reason).toBe(
      'unsupported-format',
    );
  });

  it('names the file in the error', () => {
    expect(failure('', 'relevé mars.xml').message).toContain('relevé mars.xml');
  });
});

describe('malformed statements', () => {
  it('refuses truncated XML', () => {
    const xml = fixture('camt053-v02.xml').toString('utf8');
    expect(failure(xml.slice(0, xml.length / 2)).reason).toBe('malformed');
    expect(failure(xml.slice(0, xml.lastIndexOf('</Document>'))).reason).toBe('malformed');
  });

  it('refuses a DOCTYPE, so that no entity can expand', () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE Document [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>${camt(
      entry({ extra: '<AddtlNtryInf>&b;</AddtlNtryInf>' }),
    )
      .toString()
      .replace(/^<\?xml[^>]*>/, '')}`;
    expect(failure(bomb).reason).toBe('malformed');
  });

  it('refuses entries with unreadable amounts, dates or indicators', () => {
    for (const broken of [
      entry({ amount: '12,50' }),
      entry({ amount: '-12.50' }),
      entry({ amount: '12.345' }),
      entry({ amount: '' }),
      entry({ indicator: 'CREDIT' }),
      entry({ date: '<Dt>2026-02-30</Dt>' }),
      entry({ date: '<Dt>02/03/2026</Dt>' }),
      entry({ date: '' }),
    ]) {
      expect(failure(camt(broken)).reason).toBe('malformed');
    }
  });

  it('refuses a CODA file with short or long records', () => {
    const lines = codaLines();
    expect(failure(codaFile(lines.map((line, i) => (i === 3 ? line.slice(0, 127) : line)))).reason).toBe(
      'malformed',
    );
    expect(failure(codaFile(lines.map((line, i) => (i === 3 ? `${line} ` : line)))).reason).toBe('malformed');
    expect(failure(codaFile(lines.map((line) => line.slice(0, 100)))).reason).toBe('malformed');
  });

  it('refuses a truncated CODA file', () => {
    const lines = codaLines();
    expect(failure(codaFile(lines.slice(0, -1))).reason).toBe('malformed');
    expect(failure(codaFile(lines.slice(0, 1))).reason).toBe('malformed');
  });

  it('refuses CODA records with impossible values or out of order', () => {
    const lines = codaLines();
    const movement = lines.findIndex((line) => line.startsWith('21'));
    const replaced = (index: number, line: string) => codaFile(lines.map((l, i) => (i === index ? line : l)));
    for (const broken of [
      replaced(movement, setField(lines[movement]!, 33, 47, '00000000012550X')),
      replaced(movement, setField(lines[movement]!, 33, 47, '000000000125505')),
      replaced(movement, setField(lines[movement]!, 32, 32, '7')),
      replaced(movement, setField(lines[movement]!, 116, 121, '310226')),
      replaced(movement, setField(lines[movement]!, 1, 2, '27')),
      // Record 2.2 of a movement that does not exist.
      replaced(movement + 1, setField(lines[movement + 1]!, 3, 6, '0099')),
      // The same movement twice.
      replaced(movement + 3, lines[movement]!),
      // Movements before the old balance record.
      codaFile([lines[0]!, lines[movement]!, ...lines.slice(1)]),
    ]) {
      expect(failure(broken).reason).toBe('malformed');
    }
  });
});

/** Deterministic pseudo-random numbers (mulberry32), so that a failure can be replayed. */
function randomNumbers(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('odd input', () => {
  it('either reads a damaged file or throws UnreadableStatementError, never anything else', () => {
    const random = randomNumbers(20260302);
    const integer = (below: number) => Math.floor(random() * below);
    const sources = [fixture('camt053-v02.xml'), fixture('camt053-v08.xml'), fixture('statement.cod')];
    const damages: ((bytes: Buffer) => Buffer)[] = [
      (bytes) => bytes.subarray(0, integer(bytes.length)),
      (bytes) => {
        const copy = Buffer.from(bytes);
        for (let i = 0; i < 1 + integer(8); i++) copy[integer(copy.length)] = integer(256);
        return copy;
      },
      (bytes) => {
        const at = integer(bytes.length);
        return Buffer.concat([bytes.subarray(0, at), bytes.subarray(at + 1 + integer(200))]);
      },
      (bytes) => {
        const at = integer(bytes.length);
        const noise = Buffer.from(Array.from({ length: 1 + integer(40) }, () => integer(256)));
        return Buffer.concat([bytes.subarray(0, at), noise, bytes.subarray(at)]);
      },
      () => Buffer.from(Array.from({ length: integer(600) }, () => integer(256))),
    ];
    for (let round = 0; round < 600; round++) {
      const damaged = damages[round % damages.length]!(sources[integer(sources.length)]!);
      try {
        const result = parseBankStatement(damaged, 'fuzz');
        for (const transaction of result.transactions) {
          expect(Number.isSafeInteger(transaction.amount)).toBe(true);
          expect(transaction.bookingDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        }
      } catch (error) {
        expect(error, `round ${round}`).toBeInstanceOf(UnreadableStatementError);
      }
    }
  });
});

describe('amounts and references', () => {
  it('turns decimal amounts into cents without floating point', () => {
    expect(statementAmountToCents('0.29')).toBe(29); // 0.29 * 100 is 28.999999999999996 in floating point
    expect(statementAmountToCents('19.99')).toBe(1999);
    expect(statementAmountToCents('1234567.8')).toBe(123456780);
    expect(statementAmountToCents('0012.50')).toBe(1250);
    expect(statementAmountToCents('45')).toBe(4500);
    expect(statementAmountToCents('12.300')).toBe(1230);
    expect(() => statementAmountToCents('12.305')).toThrow(UnreadableStatementError);
    expect(() => statementAmountToCents('1e3')).toThrow(UnreadableStatementError);
    // The direction is its own field: a signed amount is not a statement's.
    expect(() => statementAmountToCents('-12.50')).toThrow(UnreadableStatementError);
    expect(() => statementAmountToCents('-0')).toThrow(UnreadableStatementError);
  });

  it('finds a structured reference typed in a communication only when its check digits pass', () => {
    expect(findReferenceInText('+++202/6000/04135+++')).toBe('202600004135');
    expect(findReferenceInText('***202/6000/04135***')).toBe('202600004135');
    expect(findReferenceInText('stage 202 / 6000 / 04135 merci')).toBe('202600004135');
    expect(findReferenceInText('ref 202600004135')).toBe('202600004135');
    expect(findReferenceInText('+++202/6000/04136+++')).toBeNull();
    expect(findReferenceInText('tel 0471234567 compte 1234567890123')).toBeNull();
    expect(findReferenceInText('facture 20260000413512')).toBeNull();
    expect(findReferenceInText('RF18 5390 0754 7034 stage été')).toBe('RF18539007547034');
    expect(findReferenceInText('ref: rf18539007547034.')).toBe('RF18539007547034');
    expect(findReferenceInText('RF19 5390 0754 7034')).toBeNull();
    expect(findReferenceInText('TRF18539007547034')).toBeNull();
    expect(findReferenceInText(null)).toBeNull();
  });
});
