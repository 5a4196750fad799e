import { connect, createServer, type Server, type Socket } from 'node:net';

import { freePort } from './app-process';

/**
 * A TCP relay between an app process and a server it depends on (MariaDB, Redis) that a test can
 * cut as a restart or a network failure cuts it: open connections are dropped and new ones
 * refused, until it is opened again on the same port.
 */
export class TcpLine {
  private server?: Server;
  private readonly sockets = new Set<Socket>();

  private constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  /** An open line to `target` on a free port of loopback. */
  static async to(target: { host: string; port: number }): Promise<TcpLine> {
    const line = new TcpLine(await freePort(), target);
    await line.open();
    return line;
  }

  /** `url` (mysql://…, redis://…) with its host and port replaced by this line's. */
  through(url: string): string {
    const relayed = new URL(url);
    relayed.hostname = '127.0.0.1';
    relayed.port = String(this.port);
    return relayed.href;
  }

  async open(): Promise<void> {
    this.server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }
}

/** Resolves once `condition` holds, asking every 100 ms for up to `seconds`. */
export async function until(condition: () => Promise<boolean>, what: string, seconds = 10): Promise<void> {
  for (const deadline = Date.now() + seconds * 1000; Date.now() < deadline; ) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Timed out waiting until ${what}`);
}
