import { describe, expect, it } from 'vitest';
import { UnreadableStatementError, parseBankStatement } from './bank-statement.parser';
import { statementAmountToCents, findReferenceInText } from './parsed-statement';
import {
  fixture,
  withoutKey,
  failure,
  camt,
  entry,
  codaLines,
  codaFile,
  setField,
} from './statement-fixtures';

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
