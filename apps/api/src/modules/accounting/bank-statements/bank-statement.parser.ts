import { parseCamt053 } from './camt053.parser';
import { parseCoda } from './coda.parser';
import { type ParsedStatement, UnreadableStatementError } from './parsed-statement';

export {
  type ParsedStatement,
  type ParsedTransaction,
  type UnreadableStatementReason,
  UnreadableStatementError,
} from './parsed-statement';

/**
 * Reads an uploaded bank statement: ISO 20022 camt.053 (XML) or Belgian CODA. The format is recognised
 * from the content, never from the file name, which only labels the error. Throws
 * `UnreadableStatementError` for anything else, and for a statement that is truncated or malformed.
 */
export function parseBankStatement(content: Buffer, fileName: string): ParsedStatement {
  const text = decode(content);
  try {
    if (text.trim() === '') throw new UnreadableStatementError('empty', 'Empty file');
    const format = formatOf(text);
    if (format === 'camt053') return parseCamt053(text.trimStart());
    if (format === 'coda') return parseCoda(text);
    throw new UnreadableStatementError('unsupported-format', 'Neither a camt.053 nor a CODA statement');
  } catch (error) {
    if (error instanceof UnreadableStatementError) {
      error.message = `${fileName}: ${error.message}`;
    }
    throw error;
  }
}

function formatOf(text: string): ParsedStatement['format'] | null {
  if (text.trimStart().startsWith('<')) return 'camt053';
  // Every CODA file opens with its header record: '0', four zeros, then the creation date.
  if (/^00000\d{6}/.test(text)) return 'coda';
  return null;
}

/** The format a statement claims by its first bytes, without reading it; null when it is neither. */
export function statementFormatOf(content: Buffer): ParsedStatement['format'] | null {
  return formatOf(decode(content.subarray(0, 4096)));
}

/**
 * CAMT files are UTF-8 (their XML declaration says so); CODA files are mostly ISO 8859-1, sometimes UTF-8.
 * Strict UTF-8 first, Latin-1 (which accepts any byte) when the bytes are not UTF-8.
 */
function decode(content: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(content);
  } catch {
    return content.toString('latin1');
  }
}
