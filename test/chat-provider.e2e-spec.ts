import { createServer, type Server } from 'node:http';

import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';

import { createTestApp } from './support/app';
import { newClientAddress } from './support/fixtures';

/** A small OpenAI-compatible chat API: answers, or fails when told to. */
class ChatApiStandIn {
  failing = false;
  /** Fail after the first streamed piece, to test a stream that breaks. */
  breakStream = false;
  readonly calls: { authorization?: string; body: { model: string; messages: { role: string; content: string }[] } }[] = [];
  /** While set, every call waits for it before answering. */
  held?: Promise<void>;
  /** Calls being answered now, the most there were at once, and those whose caller hung up first. */
  open = 0;
  mostOpen = 0;
  abandoned = 0;
  private server?: Server;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', async () => {
        this.calls.push({ authorization: req.headers.authorization, body: JSON.parse(raw) });
        this.open++;
        this.mostOpen = Math.max(this.mostOpen, this.open);
        res.once('close', () => {
          this.open--;
          if (!res.writableFinished) this.abandoned++;
        });
        await this.held;
        if (res.destroyed) return;
        if (this.failing || req.url !== '/v1/chat/completions') {
          res.writeHead(500).end('{"error":"down"}');
          return;
        }
        const body = JSON.parse(raw) as { stream?: boolean };
        if (body.stream) {
          res.writeHead(200, { 'Content-Type': 'text/event-stream' });
          const pieces = ['From the model: ', 'the car chase ', 'is a fine choice.'];
          const send = (index: number) => {
            if (index === pieces.length) return void res.end('data: [DONE]\n\n');
            // A broken stream: the first piece arrives, then the connection drops.
            if (this.breakStream && index === 1) return void res.destroy();
            res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: pieces[index] } }] })}\n\n`);
            setTimeout(() => send(index + 1), 30);
          };
          send(0);
          return;
        }
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: 'From the model: the car chase is a fine choice.' } }] }));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as { port: number }).port}/v1`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}

function parseEvents(text: string): Record<string, unknown>[] {
  return text
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice(6)) as Record<string, unknown>);
}

describe('AI guide with an OpenAI-compatible API (MySQL, stand-in)', () => {
  const standIn = new ChatApiStandIn();
  let app: NestExpressApplication;
  const ask = (body: object) => request(app.getHttpServer()).post('/api/chat').set('X-Forwarded-For', newClientAddress()).send(body);

  beforeAll(async () => {
    process.env.AI_API_URL = await standIn.start();
    process.env.AI_API_KEY = 'test-key';
    process.env.AI_MODEL = 'tiny-guide';
    app = await createTestApp();
  });

  afterAll(async () => {
    delete process.env.AI_API_URL;
    delete process.env.AI_API_KEY;
    delete process.env.AI_MODEL;
    await app.close();
    await standIn.stop();
  });

  it('Lets the model write the reply, grounded in the catalogue, with the real tour cards', async () => {
    const response = await ask({ message: 'Northern lights tours under 1,900 SEK in Kiruna' }).expect(200);
    expect(response.body.reply).toBe('From the model: the car chase is a fine choice.');
    expect(response.body.tours.map((tour: { slug: string }) => tour.slug)).toContain('northern-lights-car-chase-kiruna');
    const call = standIn.calls.at(-1)!;
    expect(call.authorization).toBe('Bearer test-key');
    expect(call.body.model).toBe('tiny-guide');
    expect(call.body.messages[0].role).toBe('system');
    expect(call.body.messages[0].content).toContain('Northern Lights Car Chase from Kiruna | Adult (13+) 1895 SEK, Child (4-12) 950 SEK');
    expect(call.body.messages.at(-1)).toEqual({ role: 'user', content: 'Northern lights tours under 1,900 SEK in Kiruna' });

    const followUp = await ask({ message: 'And what should I wear?', conversationId: response.body.conversationId }).expect(200);
    expect(followUp.body.conversationId).toBe(response.body.conversationId);
    expect(standIn.calls.at(-1)!.body.messages.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'user']);
  });

  it('Streams the model\'s reply piece by piece, then the stored answer with real tour cards', async () => {
    const response = await request(app.getHttpServer())
      .post('/api/chat/stream')
      .set('X-Forwarded-For', newClientAddress())
      .send({ message: 'Northern lights tours under 1,900 SEK in Kiruna' })
      .expect(200)
      .expect('Content-Type', /text\/event-stream/);
    const events = parseEvents(response.text);
    expect(events.filter((event) => event.type === 'text').map((event) => event.text)).toEqual(['From the model: ', 'the car chase ', 'is a fine choice.']);
    const done = events.at(-1)!;
    expect(done).toMatchObject({ type: 'done', reply: 'From the model: the car chase is a fine choice.', conversationId: expect.any(String) });
    expect((done.tours as { slug: string }[]).map((tour) => tour.slug)).toContain('northern-lights-car-chase-kiruna');
    expect(standIn.calls.at(-1)!.body).toMatchObject({ stream: true });
  });

  it('Finishes with the built-in answer when the model\'s stream breaks', async () => {
    standIn.breakStream = true;
    try {
      const response = await request(app.getHttpServer()).post('/api/chat/stream').set('X-Forwarded-For', newClientAddress()).send({ message: 'What should I wear?' }).expect(200);
      const done = parseEvents(response.text).at(-1)!;
      expect(done.type).toBe('done');
      expect(done.reply).toContain('From the model: ');
      expect(done.reply).toContain('layers');
    } finally {
      standIn.breakStream = false;
    }
  });

  it('Falls back to the built-in guide when the API fails', async () => {
    standIn.failing = true;
    try {
      const response = await ask({ message: 'When is the best time to see the northern lights?' }).expect(200);
      expect(response.body.reply).toContain('September to April');
    } finally {
      standIn.failing = false;
    }
  });

  /** Holds the stand-in's answers until the returned function is called. */
  const holdAnswers = (): (() => void) => {
    let release!: () => void;
    standIn.held = new Promise((resolve) => (release = resolve));
    standIn.mostOpen = standIn.open;
    return () => {
      standIn.held = undefined;
      release();
    };
  };

  it('Makes at most 16 model calls at once; past that the built-in guide answers at once', async () => {
    const release = holdAnswers();
    try {
      const waiting = Array.from({ length: 16 }, () => ask({ message: 'Which tour for a family?' }).then((answer) => answer));
      await new Promise((resolve) => setTimeout(resolve, 500));
      const more = await Promise.all(Array.from({ length: 4 }, () => ask({ message: 'When is the best time to see the northern lights?' }).expect(200)));
      for (const answer of more) expect(answer.body.reply).toContain('September to April');
      expect(standIn.mostOpen).toBe(16);
      release();
      for (const answer of await Promise.all(waiting)) expect(answer.body.reply).toBe('From the model: the car chase is a fine choice.');
    } finally {
      release();
    }
  });

  it("Ends the model's call when the guest leaves before the answer", async () => {
    const release = holdAnswers();
    const before = standIn.abandoned;
    try {
      for (const path of ['/api/chat', '/api/chat/stream']) {
        const call = request(app.getHttpServer()).post(path).set('X-Forwarded-For', newClientAddress()).send({ message: 'What should I wear?' });
        void call.then(
          () => undefined,
          () => undefined,
        );
        await new Promise((resolve) => setTimeout(resolve, 300));
        call.abort();
      }
      for (let wait = 0; wait < 50 && standIn.abandoned < before + 2; wait++) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(standIn.abandoned - before).toBe(2);
    } finally {
      release();
    }
  });
});
