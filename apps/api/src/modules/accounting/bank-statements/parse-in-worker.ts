import { Worker } from 'node:worker_threads';
import {
  type ParsedStatement,
  type ParsedTransaction,
  type UnreadableStatementReason,
  UnreadableStatementError,
} from './bank-statement.parser';

export type WorkerMessage =
  | { kind: 'transactions'; transactions: ParsedTransaction[] }
  | { kind: 'done'; format: ParsedStatement['format']; accountIban: string | null }
  | { kind: 'unreadable'; reason: UnreadableStatementReason; message: string };

/*
 * In the bundle (scripts/build.mjs) the worker is its own file beside server.mjs; from the sources (tsx,
 * vitest) it is the TypeScript file, loaded through tsx's loader registered in the worker first.
 */
const fromSources = import.meta.url.endsWith('.ts');
const WORKER = fromSources
  ? `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(
      new URL('./statement-parser.worker.ts', import.meta.url).href,
    )}); })`
  : new URL('./bank-statement-parser.worker.mjs', import.meta.url);

/**
 * `parseBankStatement` on a worker thread: reading a 100,000-transfer CAMT.053 takes seconds of CPU,
 * which on the main thread would stall every other request meanwhile. Same result, same errors.
 */
export function parseInWorker(content: Buffer, fileName: string): Promise<ParsedStatement> {
  return new Promise((resolve, reject) => {
    const transactions: ParsedTransaction[] = [];
    let settled = false;
    const worker = new Worker(WORKER, {
      workerData: { content, fileName },
      eval: fromSources,
    });
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      outcome();
      void worker.terminate();
    };
    worker.on('message', (message: WorkerMessage) => {
      if (message.kind === 'transactions') {
        for (const transaction of message.transactions) transactions.push(transaction);
      } else if (message.kind === 'done') {
        finish(() => resolve({ format: message.format, accountIban: message.accountIban, transactions }));
      } else {
        finish(() => reject(new UnreadableStatementError(message.reason, message.message)));
      }
    });
    worker.on('error', (error) => finish(() => reject(error)));
    worker.on('exit', (code) =>
      finish(() => reject(new Error(`The statement reader stopped (exit code ${code})`))),
    );
  });
}
