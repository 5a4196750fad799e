import { createServer } from 'node:net';

/** A TCP port nothing listens on right now, on loopback. */
export const freePort = () =>
  new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
