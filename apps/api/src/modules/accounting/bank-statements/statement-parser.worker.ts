/*
 * Reads a bank statement on a worker thread (see parse-in-worker.ts): the statement comes in as bytes,
 * its transactions go back in slices, so that the main thread never spends long receiving them either.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { parseBankStatement, UnreadableStatementError } from './bank-statement.parser';
import type { WorkerMessage } from './parse-in-worker';

const SLICE = 2000;
const { content, fileName } = workerData as { content: Uint8Array; fileName: string };
const post = (message: WorkerMessage) => parentPort!.postMessage(message);

try {
  const statement = parseBankStatement(
    Buffer.from(content.buffer, content.byteOffset, content.length),
    fileName,
  );
  for (let start = 0; start < statement.transactions.length; start += SLICE) {
    post({ kind: 'transactions', transactions: statement.transactions.slice(start, start + SLICE) });
  }
  post({ kind: 'done', format: statement.format, accountIban: statement.accountIban });
} catch (error) {
  if (!(error instanceof UnreadableStatementError)) throw error;
  post({ kind: 'unreadable', reason: error.reason, message: error.message });
}
