import { SMTPServer } from 'smtp-server';

export interface SmtpSink {
  port: number;
  /** Every message received, as its raw text. */
  received: string[];
  close: () => Promise<void>;
}

/** An SMTP server on loopback that keeps every message it is given (on `port`, or any free one). */
export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const received: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        received.push(data);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
  return { port: (smtp.server.address() as { port: number }).port, received, close: () => new Promise((resolve) => smtp.close(() => resolve())) };
}
