import {
  type ParsedStatement,
  type ParsedTransaction,
  calendarDate,
  cleanText,
  findReferenceInText,
  malformed,
  normaliseIban,
  structuredReferenceOf,
} from './parsed-statement';

/**
 * Belgian CODA 2.x (Febelfin, "Coded statement of account", standard 2.6:
 * https://www.febelfin.be/sites/default/files/2019-04/standard-coda-2.6-en.pdf). Fixed-width records of
 * 128 characters; the column positions below are the standard's, 1-based, as also read by the maintained
 * php-coda-parser (github.com/wimverstuyf/php-coda-parser, src/LineParsers). `field(line, from, to)`
 * takes them as written in the standard.
 *
 *   0    header                    1-5 '00000', 6-11 creation date, 128 version '2'
 *   1    old balance               2 account structure (0 Belgian number, 1 foreign number, 2 Belgian IBAN,
 *                                  3 foreign IBAN), 3-5 statement number, 6-42 account and currency
 *   2.1  movement                  3-6 sequence number, 7-10 detail number, 32 sign (0 credit, 1 debit),
 *                                  33-47 amount (12 + 3 decimals), 62 communication type (1 structured),
 *                                  63-115 communication (structured: 63-65 type, 66-77 the 12 digits for
 *                                  101/102), 116-121 booking date DDMMYY, 125 globalisation code
 *   2.2  movement, continued       11-63 communication (ctd), 99-109 counterparty BIC
 *   2.3  movement, continued       11-47 counterparty account (IBAN, then currency), 48-82 counterparty
 *                                  name, 83-125 communication (ctd)
 *   3.1  information               40 communication type, 41-113 communication
 *   3.2  information, continued    11-115 communication (ctd)
 *   3.3  information, continued    11-100 communication (ctd)
 *   4    free message (ignored), 8 new balance, 9 trailer
 */

const RECORD_LENGTH = 128;

/** Characters `from`-`to` of a record, 1-based and inclusive as in the standard. */
function field(line: string, from: number, to: number): string {
  return line.slice(from - 1, to);
}

/** DDMMYY; the standard has two-digit years, all of them in this century for statements read today. */
function codaDate(value: string, what: string): string {
  const match = /^(\d{2})(\d{2})(\d{2})$/.exec(value);
  const date = match && calendarDate(2000 + Number(match[3]), Number(match[2]), Number(match[1]));
  if (!date) throw malformed(`Unreadable ${what} "${value}"`);
  return date;
}

/** 15 digits with 3 decimals, as cents. */
function codaAmount(value: string): number {
  if (!/^\d{15}$/.test(value)) throw malformed(`Unreadable amount "${value}"`);
  if (!value.endsWith('0')) throw malformed(`Amount "${value}" is not a whole number of cents`);
  return Number(value.slice(0, 14));
}

interface Account {
  id: string;
  iban: string | null;
  /** Movements of an account in another currency are left out: the platform bills in euros. */
  inEuros: boolean;
  statementNumber: string;
}

function accountOf(line: string): Account {
  const structure = field(line, 2, 2);
  const statementNumber = field(line, 3, 5);
  if (!/^[0-3]$/.test(structure)) throw malformed(`Unknown account structure "${structure}"`);
  if (!/^\d{3}$/.test(statementNumber)) throw malformed(`Unreadable statement number "${statementNumber}"`);
  // Belgian number: 6-17 the account, 19-21 the currency; otherwise 6-39 the account, 40-42 the currency.
  const number = structure === '0' ? field(line, 6, 17) : field(line, 6, 39);
  const currency = (structure === '0' ? field(line, 19, 21) : field(line, 40, 42)).trim();
  const iban = structure === '2' || structure === '3' ? normaliseIban(number) : null;
  const id = iban ?? number.trim();
  if (!id) throw malformed('Old balance record without an account');
  return { id, iban, inEuros: currency === '' || currency === 'EUR', statementNumber };
}

/** A movement (record 2.1 with detail number 0000) and what the following records add to it. */
interface Movement {
  sequence: string;
  bookingDate: string;
  amount: number;
  structuredReference: string | null;
  /** Free text, continued by 2.2 and 2.3; a structured communication's continuation is not text. */
  freeCommunication: boolean;
  /** The communication as fixed-width pieces, joined without separator: words run across records. */
  communication: string;
  information: string;
  counterpartyName: string | null;
  counterpartyIban: string | null;
  /** Whether the last information record 3.1 was free text (continued by 3.2 and 3.3) or structured. */
  informationIsFree: boolean;
}

function movementOf(line: string): Movement {
  const sign = field(line, 32, 32);
  if (sign !== '0' && sign !== '1') throw malformed(`Unknown movement sign "${sign}"`);
  const amount = codaAmount(field(line, 33, 47));
  const structured = field(line, 62, 62) === '1';
  // Types 101 and 102 carry the Belgian structured communication; others (SEPA direct debit 127,
  // original amount 105…) are bank data, not something the payer wrote.
  const structuredType = field(line, 63, 65);
  return {
    sequence: field(line, 3, 6),
    bookingDate: codaDate(field(line, 116, 121), 'booking date'),
    amount: sign === '0' ? amount : -amount,
    structuredReference:
      structured && (structuredType === '101' || structuredType === '102')
        ? structuredReferenceOf(field(line, 66, 77))
        : null,
    freeCommunication: !structured,
    communication: structured ? '' : field(line, 63, 115),
    information: '',
    counterpartyName: null,
    counterpartyIban: null,
    informationIsFree: false,
  };
}

/**
 * The account, the statement's number and the movement's sequence number identify a movement: a statement
 * downloaded again carries the same numbers. Statement numbers start again each year at most banks, hence
 * the booking date too.
 */
function movementKey(account: Account, movement: Movement): string {
  return `coda:${account.id}:${movement.bookingDate}:${account.statementNumber}:${movement.sequence}`;
}

/** Splits the file into 128-character records; a trailing newline or blank lines at the end are fine. */
function recordsOf(content: string): string[] {
  const lines = content.split(/\r?\n/);
  while (lines.length > 0 && lines.at(-1)!.trim() === '') lines.pop();
  lines.forEach((line, index) => {
    if (line.length !== RECORD_LENGTH) {
      throw malformed(`Record ${index + 1} has ${line.length} characters instead of ${RECORD_LENGTH}`);
    }
  });
  return lines;
}

export function parseCoda(content: string): ParsedStatement {
  const accounts = new Set<string | null>();
  const transactions: ParsedTransaction[] = [];
  // One file may hold several statements, each from a header 0 to a trailer 9.
  let inStatement = false;
  let account: Account | null = null;
  let movements = new Map<string, Movement>();

  const finishStatement = () => {
    if (!account) throw malformed('Statement without an old balance record');
    accounts.add(account.iban);
    if (!account.inEuros) return;
    for (const movement of movements.values()) {
      const communication = cleanText(`${movement.communication} ${movement.information}`);
      transactions.push({
        key: movementKey(account, movement),
        bookingDate: movement.bookingDate,
        amount: movement.amount,
        structuredReference: movement.structuredReference ?? findReferenceInText(communication),
        communication,
        counterpartyName: movement.counterpartyName,
        counterpartyIban: movement.counterpartyIban,
      });
    }
  };

  const movementFor = (sequence: string, article: string): Movement => {
    const movement = movements.get(sequence);
    if (!movement) throw malformed(`Record ${article} for an unknown movement ${sequence}`);
    return movement;
  };

  for (const line of recordsOf(content)) {
    const type = field(line, 1, 1);
    if (type === '0') {
      if (inStatement) throw malformed('Header record inside a statement');
      inStatement = true;
      account = null;
      movements = new Map();
      continue;
    }
    if (!inStatement) throw malformed(`Record ${type} outside a statement`);
    const article = field(line, 1, 2);
    const sequence = field(line, 3, 6);
    // Detail numbers other than 0000 break a globalised movement down (e.g. a batch booked as one
    // amount): the account moved by the global amount, which is what is returned, once.
    const isGlobal = field(line, 7, 10) === '0000';
    switch (type === '2' || type === '3' ? article : type) {
      case '1':
        account = accountOf(line);
        break;
      case '21': {
        if (!account) throw malformed('Movement before the old balance record');
        const numbers = field(line, 3, 10);
        if (!/^\d{8}$/.test(numbers)) throw malformed(`Unreadable sequence number "${numbers}"`);
        if (!isGlobal) break;
        if (movements.has(sequence)) throw malformed(`Movement ${sequence} appears twice`);
        movements.set(sequence, movementOf(line));
        break;
      }
      case '22':
        if (isGlobal) {
          const movement = movementFor(sequence, article);
          if (movement.freeCommunication) movement.communication += field(line, 11, 63);
        }
        break;
      case '23':
        if (isGlobal) {
          const movement = movementFor(sequence, article);
          if (movement.freeCommunication) movement.communication += field(line, 83, 125);
          movement.counterpartyIban = normaliseIban(field(line, 11, 44));
          movement.counterpartyName = cleanText(field(line, 48, 82));
        }
        break;
      // Information records 3.x may continue a communication in free text; structured ones (type 001:
      // the counterparty's name and address…) are bank data.
      case '31': {
        const movement = movementFor(sequence, article);
        movement.informationIsFree = field(line, 40, 40) === '0';
        if (movement.informationIsFree) movement.information += field(line, 41, 113);
        break;
      }
      case '32':
      case '33': {
        const movement = movementFor(sequence, article);
        if (movement.informationIsFree) {
          movement.information += article === '32' ? field(line, 11, 115) : field(line, 11, 100);
        }
        break;
      }
      case '4':
      case '8':
        break;
      case '9':
        finishStatement();
        inStatement = false;
        break;
      default:
        throw malformed(`Unknown record type "${article}"`);
    }
  }
  if (inStatement) throw malformed('Statement without its trailer record 9 (truncated file?)');
  if (accounts.size === 0) throw malformed('No statement in the file');

  return { format: 'coda', accountIban: accounts.size === 1 ? [...accounts][0]! : null, transactions };
}
