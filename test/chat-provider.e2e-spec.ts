import { createServer, type Server } from 'node:http';

import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';

import { DataSource } from 'typeorm';

import { createTestApp } from './support/app';
import { createTestDeparture, newClientAddress, staffToken } from './support/fixtures';
import { after, pause, untilClock, waitFor } from './support/time';

type StandInMessage = { role: string; content?: string | null; tool_calls?: { id: string; function: { name: string; arguments: string } }[]; tool_call_id?: string };
type ToolCall = { name: string; arguments: object };

/**
 * A small OpenAI-compatible chat API: answers, or fails when told to. Asked about seats it
 * calls the guide's tools as a model would: find_departures on the car chase, then, asked to
 * hold, hold_seats on the first departure it was shown; then it answers from what they returned.
 */
class ChatApiStandIn {
  failing = false;
  /** Fail after the first streamed piece, to test a stream that breaks. */
  breakStream = false;
  readonly calls: { authorization?: string; body: { model: string; stream?: boolean; tools?: { function: { name: string } }[]; messages: StandInMessage[] } }[] = [];
  /** While set, every call waits for it before answering. */
  held?: Promise<void>;
  /** Each call waits this long before answering (a slow provider). */
  delayMs = 0;
  /** A stream sends its first piece, then nothing more (a provider gone silent). */
  stallStream = false;
  /** The time between a streamed reply's pieces. */
  pieceMs = 30;
  /** Calls being answered now, the most there were at once, and those whose caller hung up first. */
  open = 0;
  mostOpen = 0;
  abandoned = 0;
  /** The departure days the seats questions ask find_departures about. */
  seatsDay = '';
  private server?: Server;

  /** What the model does next: a tool call, or its answer's pieces. */
  private next(messages: StandInMessage[]): ToolCall | string[] {
    const asked = [...messages].reverse().find((message) => message.role === 'user')?.content ?? '';
    const results = messages.filter((message) => message.role === 'tool').map((message) => JSON.parse(message.content ?? '{}') as Record<string, unknown>);
    const found = results.find((result) => 'departures' in result) as { departures: { departure_id: number; seats_left: number }[] } | undefined;
    const held = results.find((result) => 'held' in result) as { held: boolean; reference?: string; pay_link?: string; reason?: string } | undefined;
    if (/seats|hold/i.test(asked)) {
      if (!found) return { name: 'find_departures', arguments: { tour_slug: 'northern-lights-car-chase-kiruna', from_date: this.seatsDay, to_date: this.seatsDay } };
      // A departure it was shown, or else one the guest named (which the tool must refuse).
      const departureId = found.departures[0]?.departure_id ?? Number(/departure (\d+)/.exec(asked)?.[1]);
      if (/hold/i.test(asked) && !held) return { name: 'hold_seats', arguments: { departure_id: departureId, guests: 2, name: 'Anna Svensson', email: 'anna.model@example.com' } };
      if (held) return held.held ? ['From the model: ', `held ${held.reference}, pay at ${held.pay_link}`] : ['From the model: ', `no hold (${held.reason})`];
      return ['From the model: ', `${found.departures[0]?.seats_left ?? 0} seats left`];
    }
    return ['From the model: ', 'the car chase ', 'is a fine choice.'];
  }

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
        if (this.delayMs) await new Promise<void>((resolve) => after(this.delayMs, resolve));
        if (res.destroyed) return;
        if (this.failing || req.url !== '/v1/chat/completions') {
          res.writeHead(500).end('{"error":"down"}');
          return;
        }
        const body = JSON.parse(raw) as { stream?: boolean; model: string; messages: StandInMessage[] };
        const next = this.next(body.messages);
        const chunk = (delta: object, finish: string | null = null) => `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 0, model: body.model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
        if (!Array.isArray(next)) {
          const call = { id: `call_${this.calls.length}`, type: 'function', function: { name: next.name, arguments: JSON.stringify(next.arguments) } };
          if (body.stream) {
            res.writeHead(200, { 'Content-Type': 'text/event-stream' });
            res.write(chunk({ role: 'assistant', content: null, tool_calls: [{ index: 0, ...call }] }));
            res.end(`${chunk({}, 'tool_calls')}data: [DONE]\n\n`);
          } else {
            res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion', created: 0, model: body.model, choices: [{ index: 0, message: { role: 'assistant', content: null, tool_calls: [call] }, finish_reason: 'tool_calls' }] }));
          }
          return;
        }
        if (body.stream) {
          res.writeHead(200, { 'Content-Type': 'text/event-stream' });
          const send = (index: number) => {
            if (index === next.length) return void res.end(`${chunk({}, 'stop')}data: [DONE]\n\n`);
            // A broken stream: the first piece arrives, then the connection drops.
            if (this.breakStream && index === 1) return void res.destroy();
            // A silent one: the first piece arrives, then nothing, the connection kept open.
            if (this.stallStream && index === 1) return;
            res.write(chunk({ role: 'assistant', content: next[index] }));
            after(this.pieceMs, () => send(index + 1));
          };
          send(0);
          return;
        }
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion', created: 0, model: body.model, choices: [{ index: 0, message: { role: 'assistant', content: next.join('') }, finish_reason: 'stop' }] }));
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
    // The budget is tried below, with an app of its own; here it never runs out.
    process.env.AI_CALLS_PER_MINUTE = '100000';
    app = await createTestApp();
  });

  afterAll(async () => {
    delete process.env.AI_API_URL;
    delete process.env.AI_API_KEY;
    delete process.env.AI_MODEL;
    delete process.env.AI_CALLS_PER_MINUTE;
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
    expect(call.body.messages[0].content).toContain('Northern Lights Car Chase from Kiruna | slug northern-lights-car-chase-kiruna | Adult (13+) 1895 SEK, Child (4-12) 950 SEK');
    // Where each tour collects guests and the age children come from: what guests ask and the model must not guess.
    expect(call.body.messages[0].content).toContain('| pickup: Kiruna city centre (Scandic Ferrum); Kiruna bus station; Your hotel in Kiruna on request | /tours/northern-lights-car-chase-kiruna/');
    // ...and what its booking asks (a driver's licence), which stands between the two.
    expect(call.body.messages[0].content).toMatch(/Snowmobile Northern Lights Safari \| [^\n]* \| from age 6 \| booking asks: Every driver holds a valid car driving licence[^\n|]*\| pickup: /);
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
      // Until all sixteen are with the model (a fixed pause was too short on a busy machine).
      await waitFor(() => standIn.open >= 16, { what: 'sixteen questions with the model' });
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
        const asked = standIn.calls.length;
        void call.then(
          () => undefined,
          () => undefined,
        );
        // The guest leaves once the question is with the model (not after a fixed pause, which a busy machine outlasts).
        await waitFor(() => standIn.calls.length > asked, { what: 'the question with the model' });
        call.abort();
      }
      for (let wait = 0; wait < 50 && standIn.abandoned < before + 2; wait++) await pause(100);
      expect(standIn.abandoned - before).toBe(2);
    } finally {
      release();
    }
  });

  it('Lets the model read live seats and hold them with its tools; the hold is a real booking, and staff see the conversation led to it', async () => {
    const dataSource = app.get(DataSource);
    const departure = await createTestDeparture(dataSource, 'northern-lights-car-chase-kiruna', { daysAhead: 360, evening: true });
    standIn.seatsDay = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(departure.startsAt);
    const ip = newClientAddress();
    const chat = (body: object) => request(app.getHttpServer()).post('/api/chat').set('X-Forwarded-For', ip).send(body).expect(200);

    const seats = await chat({ message: 'How many seats are left on the car chase that day?' });
    expect(seats.body.reply).toBe('From the model: 8 seats left');
    const [asked, answered] = standIn.calls.slice(-2);
    expect(asked.body.tools!.map((tool) => tool.function.name)).toEqual(['sky_outlook', 'find_departures', 'hold_seats']);
    const toolResult = answered.body.messages.find((message) => message.role === 'tool')!;
    expect(JSON.parse(toolResult.content!)).toMatchObject({ tour_slug: 'northern-lights-car-chase-kiruna', departures: [{ departure_id: departure.id, seats_left: 8 }] });

    const held = await chat({ message: 'Please hold 2 seats for Anna Svensson, anna.model@example.com', conversationId: seats.body.conversationId });
    const reference = /booking=(NAT-[A-Z0-9-]+)/.exec(held.body.action.href)![1];
    expect(held.body.reply).toBe(`From the model: held ${reference}, pay at /checkout/?booking=${reference}`);
    expect(held.body.action).toEqual({ href: `/checkout/?booking=${reference}`, label: 'Finish your booking' });
    expect((await request(app.getHttpServer()).get(`/api/bookings/${reference}`).expect(200)).body).toMatchObject({ status: 'held', guests: 2, departure: { id: departure.id } });

    const token = await staffToken(dataSource, app.getHttpServer());
    const log = await request(app.getHttpServer()).get('/api/admin/chat-logs?booked=true').set('Authorization', `Bearer ${token}`).expect(200);
    expect(log.body.data.find((row: { id: string }) => row.id === seats.body.conversationId)).toMatchObject({ language: 'en', booking: { reference, status: 'held' } });
    const transcript = await request(app.getHttpServer()).get(`/api/admin/chat-logs/${seats.body.conversationId}`).set('Authorization', `Bearer ${token}`).expect(200);
    expect(transcript.body.booking).toEqual({ reference, status: 'held' });
  });

  it('Never lets the model hold a departure it was not shown', async () => {
    const departure = await createTestDeparture(app.get(DataSource), 'northern-lights-car-chase-kiruna', { daysAhead: 361, evening: true });
    standIn.seatsDay = '2020-01-01';
    const held = await request(app.getHttpServer()).post('/api/chat').set('X-Forwarded-For', newClientAddress()).send({ message: `Hold 2 seats on departure ${departure.id} for Anna Svensson, anna.model@example.com` }).expect(200);
    expect(held.body.action).toBeUndefined();
    expect(held.body.reply).toBe('From the model: no hold (call find_departures first and use one of its departure_id values)');
    expect(Number((await app.get(DataSource).query('SELECT COUNT(*) AS held FROM bookings WHERE departure_id = ?', [departure.id]))[0].held)).toBe(0);
  });
});

describe("The AI guide's budget: one deadline per answer, one for a silent stream, calls per minute over every replica (MySQL, stand-in)", () => {
  const standIn = new ChatApiStandIn();
  let app: NestExpressApplication;
  const SETTINGS = { AI_ANSWER_SECONDS: '2', AI_STREAM_IDLE_SECONDS: '1', AI_CALLS_PER_MINUTE: '12' };

  beforeAll(async () => {
    Object.assign(process.env, { AI_API_URL: await standIn.start(), AI_API_KEY: 'test-key', AI_MODEL: 'tiny-guide', ...SETTINGS });
    app = await createTestApp();
  });
  beforeEach(() => app.get(DataSource).query('DELETE FROM guide_spend'));
  afterAll(async () => {
    for (const name of ['AI_API_URL', 'AI_API_KEY', 'AI_MODEL', ...Object.keys(SETTINGS)]) delete process.env[name];
    await app.close();
    await standIn.stop();
  });

  it('Gives up a slow model after the whole answer\'s deadline, though it never falls silent, and lets the built-in guide finish', async () => {
    // A piece every 0.9 s (never a second's silence), the reply done after 2.7 s: past the answer's 2 s.
    standIn.pieceMs = 900;
    try {
      const started = Date.now();
      const response = await request(app.getHttpServer()).post('/api/chat/stream').set('X-Forwarded-For', newClientAddress()).send({ message: 'What should I wear?' }).expect(200);
      expect(Date.now() - started).toBeLessThan(2_600);
      const done = parseEvents(response.text).at(-1)!;
      // What the model streamed stays, and the built-in answer follows it.
      expect(done.reply).toMatch(/^From the model: [^]*layers/);
    } finally {
      standIn.pieceMs = 30;
    }
  });

  it('Gives up a provider that does not answer within a silent stream\'s deadline', async () => {
    standIn.delayMs = 1_500;
    try {
      const started = Date.now();
      const answer = await request(app.getHttpServer()).post('/api/chat').set('X-Forwarded-For', newClientAddress()).send({ message: 'When is the best time to see the northern lights?' }).expect(200);
      expect(Date.now() - started).toBeLessThan(1_400);
      expect(answer.body.reply).toContain('September to April');
    } finally {
      standIn.delayMs = 0;
    }
  });

  it('Gives up a stream gone silent after its own deadline, and finishes with the built-in answer', async () => {
    standIn.stallStream = true;
    try {
      const started = Date.now();
      const response = await request(app.getHttpServer()).post('/api/chat/stream').set('X-Forwarded-For', newClientAddress()).send({ message: 'What should I wear?' }).expect(200);
      expect(Date.now() - started).toBeLessThan(1_900);
      const done = parseEvents(response.text).at(-1)!;
      expect(done).toMatchObject({ type: 'done', reply: expect.stringContaining('From the model: ') });
      expect(done.reply).toContain('layers');
    } finally {
      standIn.stallStream = false;
    }
  });

  it('Makes no more model calls in a minute than the budget, however many questions come at once, and shows staff the spend', async () => {
    // All in one minute of the budget: not in the last twenty seconds before the next one (a busy machine takes seconds over thirty questions).
    if (new Date().getSeconds() >= 40) await untilClock(Math.ceil(Date.now() / 60_000) * 60_000);
    const before = standIn.calls.length;
    const from = newClientAddress();
    const answers = await Promise.all(Array.from({ length: 30 }, () => request(app.getHttpServer()).post('/api/chat').set('X-Forwarded-For', from).send({ message: 'Which tour for a family?' })));
    expect(answers.every((answer) => answer.status === 200 || answer.status === 429)).toBe(true);
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThan(12);
    expect(standIn.calls.length - before).toBeLessThanOrEqual(12);
    const token = await staffToken(app.get(DataSource), app.getHttpServer());
    const spend = (await request(app.getHttpServer()).get('/api/admin/chat-logs/spend').set('Authorization', `Bearer ${token}`).expect(200)).body;
    expect(spend.limits).toMatchObject({ callsPerMinute: 12 });
    expect(spend.thisMinute.calls).toBe(standIn.calls.length - before);
    expect(spend.days[0].calls).toBeGreaterThanOrEqual(spend.thisMinute.calls);
  });
});
