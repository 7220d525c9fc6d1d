import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { type Deliver, type Delivery, escapeHtml, listen, postToUrl, readBody } from './fake-mollie';

/*
 * A local Buckaroo JSON gateway: `POST /json/Transaction` and `GET /json/Transaction/Status/{key}`, each
 * checked against the HMAC `Authorization` header of Buckaroo's docs (401 when wrong), a checkout page,
 * and signed JSON pushes to the transaction's PushURL. The HMAC is computed here independently of the
 * application's code. No test framework here: the browser tests import it too.
 */

/** Base64(HMAC-SHA256(secret, websiteKey + METHOD + encoded lower-cased uri + timestamp + nonce + Base64(MD5(body)))). */
function sign(
  secretKey: string,
  websiteKey: string,
  method: string,
  url: string,
  body: string,
  timestamp: string,
  nonce: string,
) {
  const target = new URL(url);
  const uri = encodeURIComponent(`${target.host}${target.pathname}${target.search}`).toLowerCase();
  const md5 = body === '' ? '' : createHash('md5').update(body, 'utf8').digest('base64');
  return createHmac('sha256', secretKey)
    .update(`${websiteKey}${method.toUpperCase()}${uri}${timestamp}${nonce}${md5}`, 'utf8')
    .digest('base64');
}

/** How a push is signed: the secret key (default: the right one), Unix timestamp, nonce. */
export interface PushSigning {
  secretKey?: string;
  timestamp?: number;
  nonce?: string;
}

function header(
  secretKey: string,
  websiteKey: string,
  method: string,
  url: string,
  body: string,
  signing: PushSigning = {},
) {
  const timestamp = String(signing.timestamp ?? Math.floor(Date.now() / 1000));
  const nonce = signing.nonce ?? randomBytes(12).toString('hex');
  return `hmac ${websiteKey}:${sign(secretKey, websiteKey, method, url, body, timestamp, nonce)}:${nonce}:${timestamp}`;
}

const STATUS_TEXT: Record<number, string> = {
  190: 'Success',
  490: 'Failed',
  491: 'Validation failure',
  492: 'Technical failure',
  690: 'Rejected',
  790: 'Pending input',
  791: 'Pending processing',
  792: 'Awaiting consumer',
  793: 'On hold',
  890: 'Cancelled by user',
  891: 'Cancelled by merchant',
};

export interface FakeBuckarooTransaction {
  key: string;
  websiteKey: string;
  code: number;
  amountDebit: number;
  amountCredit: number;
  currency: string;
  invoice: string;
  description: string;
  returnUrl: string;
  pushUrl: string | null;
  originalTransactionKey: string | null;
  request: Record<string, unknown>;
}

/** Starts the fake Buckaroo on loopback; `websites` maps website keys to their secret keys. */
export async function startFakeBuckaroo(
  options: { websites?: Record<string, string>; deliver?: Deliver } = {},
) {
  const websites = new Map(Object.entries(options.websites ?? {}));
  const transactions = new Map<string, FakeBuckarooTransaction>();
  const rejected: { path: string; reason: string }[] = [];
  const pushes: (Delivery & {
    key: string;
    url: string;
    sent: { body: string; headers: Record<string, string> };
  })[] = [];
  let deliver = options.deliver ?? postToUrl;
  let failTransactions = false;

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
  });
  const port = await listen(server);
  const url = `http://127.0.0.1:${port}`;

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };

  /** The request's website key when its signature is right, else null (and why, in `rejected`). */
  function authenticate(req: http.IncomingMessage, body: string): string | null {
    const match = /^hmac ([^:]+):([^:]+):([^:]+):(\d+)$/.exec(req.headers.authorization ?? '');
    const path = req.url ?? '/';
    if (!match) {
      rejected.push({ path, reason: 'missing or malformed header' });
      return null;
    }
    const [, websiteKey, signature, nonce, timestamp] = match as unknown as [
      string,
      string,
      string,
      string,
      string,
    ];
    const secret = websites.get(websiteKey);
    if (!secret) {
      rejected.push({ path, reason: 'unknown website key' });
      return null;
    }
    const expected = sign(
      secret,
      websiteKey,
      req.method ?? 'GET',
      `http://${req.headers.host}${path}`,
      body,
      timestamp,
      nonce,
    );
    const ok =
      expected.length === signature.length && timingSafeEqual(Buffer.from(expected), Buffer.from(signature));
    if (!ok) {
      rejected.push({ path, reason: 'bad signature' });
      return null;
    }
    return websiteKey;
  }

  function transactionJson(t: FakeBuckarooTransaction) {
    const pending = t.code >= 790 && t.code <= 793;
    return {
      Key: t.key,
      Status: {
        Code: { Code: t.code, Description: STATUS_TEXT[t.code] ?? 'Unknown' },
        SubCode: null,
        DateTime: new Date().toISOString(),
      },
      RequiredAction:
        pending && t.amountDebit > 0 ? { RedirectURL: `${url}/checkout/${t.key}`, Name: 'Redirect' } : null,
      Invoice: t.invoice,
      Currency: t.currency,
      AmountDebit: t.amountDebit || undefined,
      AmountCredit: t.amountCredit || undefined,
      IsTest: true,
      OriginalTransactionKey: t.originalTransactionKey,
    };
  }

  /** Sends the signed JSON push of a transaction to its PushURL, signed as `signing` says. */
  async function push(key: string, signing: PushSigning = {}): Promise<Delivery | null> {
    const t = transactions.get(key);
    if (!t?.pushUrl) return null;
    const body = JSON.stringify({ Transaction: transactionJson(t) });
    const secret = signing.secretKey ?? websites.get(t.websiteKey)!;
    const headers = {
      'content-type': 'application/json',
      authorization: header(secret, t.websiteKey, 'POST', t.pushUrl, body, signing),
    };
    const delivery = await deliver(t.pushUrl, body, headers);
    pushes.push({ ...delivery, key, url: t.pushUrl, sent: { body, headers } });
    return delivery;
  }

  /** Sends the last push again, byte for byte (what an attacker who captured it would do). */
  async function replayLastPush(): Promise<Delivery> {
    const last = pushes.at(-1);
    if (!last) throw new Error('no push to replay');
    return deliver(last.url, last.sent.body, last.sent.headers);
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const path = new URL(req.url ?? '/', url).pathname;
    const body = await readBody(req);

    if (path === '/json/Transaction' && req.method === 'POST') {
      const websiteKey = authenticate(req, body);
      if (!websiteKey) return json(res, 401, { Message: 'Authorization has been denied for this request.' });
      if (failTransactions) return json(res, 503, { Message: 'Service unavailable' });
      const request = JSON.parse(body) as Record<string, unknown>;
      const credit = Number(request.AmountCredit ?? 0);
      const original =
        typeof request.OriginalTransactionKey === 'string'
          ? transactions.get(request.OriginalTransactionKey)
          : undefined;
      if (credit > 0 && (!original || original.code !== 190)) {
        return json(res, 200, { Key: null, Status: { Code: { Code: 491, Description: STATUS_TEXT[491] } } });
      }
      const t: FakeBuckarooTransaction = {
        key: randomBytes(16).toString('hex').toUpperCase(),
        websiteKey,
        code: credit > 0 ? 190 : 790,
        amountDebit: Number(request.AmountDebit ?? 0),
        amountCredit: credit,
        currency: String(request.Currency ?? 'EUR'),
        invoice: String(request.Invoice ?? ''),
        description: String(request.Description ?? ''),
        returnUrl: String(request.ReturnURL ?? ''),
        pushUrl: typeof request.PushURL === 'string' ? request.PushURL : null,
        originalTransactionKey: original?.key ?? null,
        request,
      };
      transactions.set(t.key, t);
      return json(res, 200, transactionJson(t));
    }

    const status = /^\/json\/Transaction\/Status\/([A-Za-z0-9]+)$/.exec(path);
    if (status && req.method === 'GET') {
      if (!authenticate(req, body))
        return json(res, 401, { Message: 'Authorization has been denied for this request.' });
      const t = transactions.get(status[1]!);
      return t ? json(res, 200, transactionJson(t)) : json(res, 404, { Message: 'Not found' });
    }

    const checkout = /^\/checkout\/([A-Za-z0-9]+)$/.exec(path);
    const t = checkout ? transactions.get(checkout[1]!) : undefined;
    if (t && req.method === 'POST') {
      const code = Number(new URLSearchParams(body).get('code'));
      if (![190, 490, 890].includes(code)) return json(res, 400, { Message: 'unknown outcome' });
      t.code = code;
      await push(t.key);
      res.writeHead(303, { location: t.returnUrl });
      return res.end();
    }
    if (t && req.method === 'GET') {
      const button = (code: number, label: string) =>
        `<button type="submit" name="code" value="${code}">${label}</button>`;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(`<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Buckaroo (test)</title></head>
<body><h1>Paiement de test</h1><p>${escapeHtml(t.description)}</p><p>Montant : ${t.amountDebit.toFixed(2)} ${escapeHtml(t.currency)}</p>
<form method="post">${button(190, 'Payé')} ${button(490, 'Échoué')} ${button(890, 'Annulé')}</form></body></html>`);
    }
    json(res, 404, { Message: 'Not found' });
  }

  return {
    url,
    /** `BUCKAROO_URL`. */
    env: { BUCKAROO_URL: url } as Record<string, string>,
    transactions,
    rejected,
    pushes,
    addWebsite(websiteKey: string, secretKey: string) {
      websites.set(websiteKey, secretKey);
    },
    /** Sets a transaction's status code without pushing. */
    setStatus(key: string, code: number) {
      const t = transactions.get(key);
      if (!t) throw new Error(`unknown transaction ${key}`);
      t.code = code;
    },
    /** Sets the status code and sends the signed push, as the checkout page does. */
    async complete(key: string, code: number, signing: PushSigning = {}) {
      this.setStatus(key, code);
      return push(key, signing);
    },
    push,
    replayLastPush,
    setDeliver(next: Deliver) {
      deliver = next;
    },
    setFailTransactions(fail: boolean) {
      failTransactions = fail;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeBuckaroo = Awaited<ReturnType<typeof startFakeBuckaroo>>;
