import { createServer, type IncomingMessage, type Server } from 'node:http';

import Stripe from 'stripe';
import request from 'supertest';

export interface StandInCall {
  method: string;
  path: string;
  body: URLSearchParams;
  idempotencyKey?: string;
}

interface StoredSession {
  id: string;
  object: 'checkout.session';
  url: string;
  expires_at: number;
  status: 'open' | 'expired' | 'complete';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
}

/**
 * The Stripe endpoints the app uses (Checkout Sessions, their expiry, Refunds), answered locally
 * so that the real `stripe` SDK can be pointed at it with its host/port/protocol options. Like
 * Stripe it keeps idempotency keys: the same key with the same parameters replays the first
 * answer, with other parameters it is a 400 idempotency_error. `delays` slows a path down, so
 * that races around a slow Stripe can be reproduced.
 */
export class StripeStandIn {
  readonly calls: StandInCall[] = [];
  readonly sessions = new Map<string, StoredSession>();
  /** Milliseconds to wait before answering a path, such as { '/v1/checkout/sessions': 3000 }. */
  delays: Record<string, number> = {};
  /** A path that answers 500 until set back to undefined (Stripe having a bad day). */
  failing?: string;
  private readonly replies = new Map<string, { body: string; reply: [number, object] }>();
  private readonly refunded = new Map<string, number>();
  private server?: Server;
  private count = 0;
  private readonly runId = Date.now();

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      void this.answer(request).then(([status, body]) => {
        response.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${this.calls.length}` });
        response.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as { port: number };
    return `http://127.0.0.1:${port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  callsTo(path: string): StandInCall[] {
    return this.calls.filter((call) => call.path === path);
  }

  /** The guest pays the session: the `checkout.session.completed` object Stripe would send. */
  pay(sessionId: string, override: Partial<StoredSession> = {}): StoredSession & { payment_intent: string } {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`No session ${sessionId}`);
    Object.assign(session, { status: 'complete', payment_status: 'paid' });
    return { ...session, ...override, payment_intent: `pi_${sessionId}` };
  }

  private async answer(request: IncomingMessage): Promise<[number, object]> {
    let raw = '';
    for await (const chunk of request) raw += chunk;
    const body = new URLSearchParams(raw);
    const path = (request.url ?? '').split('?')[0];
    const method = request.method ?? 'GET';
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    this.calls.push({ method, path, body, idempotencyKey });
    const delay = Object.entries(this.delays).find(([prefix]) => path.startsWith(prefix))?.[1];
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
    if (this.failing && path.startsWith(this.failing)) return [500, { error: { type: 'api_error', message: 'The stand-in is failing on purpose.' } }];

    if (method === 'POST' && idempotencyKey) {
      const stored = this.replies.get(idempotencyKey);
      if (stored && stored.body !== `${path}?${raw}`) {
        return [400, { error: { type: 'idempotency_error', message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}'.` } }];
      }
      if (stored) return stored.reply;
      const reply = this.route(method, path, body);
      if (reply[0] < 500) this.replies.set(idempotencyKey, { body: `${path}?${raw}`, reply });
      return reply;
    }
    return this.route(method, path, body);
  }

  private route(method: string, path: string, body: URLSearchParams): [number, object] {
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      // Unique across test files too: the sessions of every file share one test database.
      const id = `cs_test_${this.runId}${++this.count}`;
      let amount = 0;
      for (let line = 0; body.has(`line_items[${line}][quantity]`); line++) {
        amount += Number(body.get(`line_items[${line}][quantity]`)) * Number(body.get(`line_items[${line}][price_data][unit_amount]`));
      }
      const session: StoredSession = {
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/pay/${id}`,
        expires_at: Number(body.get('expires_at')),
        status: 'open',
        payment_status: 'unpaid',
        amount_total: amount,
        currency: body.get('line_items[0][price_data][currency]') ?? 'sek',
        client_reference_id: body.get('client_reference_id'),
        metadata: Object.fromEntries([...body.entries()].flatMap(([key, value]) => (/^metadata\[(\w+)\]$/.exec(key) ? [[/^metadata\[(\w+)\]$/.exec(key)![1], value]] : []))),
      };
      this.sessions.set(id, session);
      return [200, session];
    }
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (method === 'POST' && expire) {
      const session = this.sessions.get(expire[1]);
      if (!session) return [404, { error: { type: 'invalid_request_error', message: `No such checkout.session: '${expire[1]}'` } }];
      if (session.status !== 'open') return [400, { error: { type: 'invalid_request_error', message: `Only Checkout Sessions with a status of 'open' can be expired.` } }];
      session.status = 'expired';
      return [200, session];
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const paymentIntent = body.get('payment_intent') ?? '';
      const charged = this.sessions.get(paymentIntent.replace(/^pi_/, ''))?.amount_total ?? Number.MAX_SAFE_INTEGER;
      const amount = Number(body.get('amount') ?? charged);
      const already = this.refunded.get(paymentIntent) ?? 0;
      if (already + amount > charged) {
        return [400, { error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${charged - already})` } }];
      }
      this.refunded.set(paymentIntent, already + amount);
      return [200, { id: `re_test_${++this.count}`, object: 'refund', status: 'succeeded', amount, currency: 'sek', created: Math.floor(Date.now() / 1000), payment_intent: paymentIntent }];
    }
    return [404, { error: { type: 'invalid_request_error', message: `No stand-in for ${method} ${path}` } }];
  }
}

export const STRIPE_WEBHOOK_SECRET = 'whsec_test_norrsken';
const signer = new Stripe('sk_test_signer');
let eventCount = 0;

/** Posts a Stripe event to the app's webhook, signed as Stripe would sign it. */
export function sendStripeEvent(server: Parameters<typeof request>[0], type: string, object: object, id = `evt_test_${Date.now()}_${++eventCount}`): request.Test {
  const payload = JSON.stringify({ id, object: 'event', type, data: { object } });
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret: STRIPE_WEBHOOK_SECRET });
  return request(server).post('/api/payments/stripe/webhook').set('Content-Type', 'application/json').set('Stripe-Signature', signature).send(payload);
}
