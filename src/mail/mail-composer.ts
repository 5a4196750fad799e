import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { receivedBytes, WorkerLane } from '../common/workers/worker-lane';
import { composeMail, type MailToCompose, type Newline } from './mail-compose';

/** The built composeMail a worker can load: there in a build (dist), not when the app runs from its TypeScript (tests). */
const BUILT_MODULE = join(__dirname, 'mail-compose.js');

/** The worker's work: composeMail, its bytes handed back in an ArrayBuffer of their own. */
const WORKER_SETUP = `
const { composeMail } = require(workerData.module);
async function work({ mail, newline }) {
  const message = new Uint8Array(await composeMail(mail, newline));
  return { output: message, transfer: [message.buffer] };
}
`;

/**
 * Composes outgoing mail (the HTML part rendered with React, the MIME message built by
 * nodemailer) in a worker thread, off the event loop: a booking's two mails cost the main thread
 * some 4 % of its time under load when they were made there. Past `maxInFlight` waiting mails,
 * while the worker is down, or without a build to load in it, a mail is composed here.
 */
export class MailComposer {
  private readonly lane?: WorkerLane<{ mail: MailToCompose; newline: Newline }, Buffer>;

  constructor(workerModule: string | null = existsSync(BUILT_MODULE) ? BUILT_MODULE : null, maxInFlight = 16) {
    if (!workerModule) return;
    this.lane = new WorkerLane({
      name: 'The mail composer',
      setup: WORKER_SETUP,
      workerData: { module: workerModule },
      // React, nodemailer and a few mails at once: a cap if something leaks.
      resourceLimits: { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16 },
      maxInFlight,
      inPlace: ({ mail, newline }) => composeMail(mail, newline),
      received: (message) => receivedBytes(message as Uint8Array),
    });
  }

  compose(mail: MailToCompose, newline: Newline): Promise<Buffer> {
    return this.lane ? this.lane.run({ mail, newline }) : composeMail(mail, newline);
  }

  /** Ends the worker once the mails in it are composed; later ones are composed here. */
  async close(): Promise<void> {
    await this.lane?.close();
  }
}
