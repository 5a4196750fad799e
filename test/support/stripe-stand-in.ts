import { createServer, type IncomingMessage, type Server } from 'node:http';

export interface StandInCall {
  path: string;
  body: URLSearchParams;
  idempotencyKey?: string;
}

/**
 * The two Stripe endpoints the app uses (Checkout Sessions and Refunds), answered locally so
 * that the real `stripe` SDK can be pointed at it with its host/port/protocol options.
 */
export class StripeStandIn {
  readonly calls: StandInCall[] = [];
  private server?: Server;
  private sessions = 0;

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

  private async answer(request: IncomingMessage): Promise<[number, object]> {
    let raw = '';
    for await (const chunk of request) raw += chunk;
    const body = new URLSearchParams(raw);
    const path = (request.url ?? '').split('?')[0];
    this.calls.push({ path, body, idempotencyKey: request.headers['idempotency-key'] as string | undefined });
    if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      const id = `cs_test_${++this.sessions}`;
      return [200, { id, object: 'checkout.session', url: `https://checkout.stripe.test/pay/${id}`, expires_at: Number(body.get('expires_at')), payment_status: 'unpaid', metadata: { reference: body.get('metadata[reference]') } }];
    }
    if (request.method === 'POST' && path === '/v1/refunds') {
      return [200, { id: `re_test_${this.calls.length}`, object: 'refund', status: 'succeeded', payment_intent: body.get('payment_intent') }];
    }
    return [404, { error: { type: 'invalid_request_error', message: `No stand-in for ${request.method} ${path}` } }];
  }
}
