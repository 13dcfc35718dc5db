import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
  messageId: string | null;
}

export type SmtpAnswer = 'accept' | 'temporary' | 'permanent';

/**
 * A real SMTP server for tests: records what it accepts; `answer` decides per recipient whether
 * it accepts, fails for now (451) or refuses for good (550). It can stop and start on its port.
 */
export class SmtpSink {
  readonly received: ReceivedMail[] = [];
  answer: (recipient: string) => SmtpAnswer = () => 'accept';
  private server: SMTPServer | null = null;
  port = 0;

  async start(port = this.port): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo: (address, _session, callback) => {
        const verdict = this.answer(address.address);
        if (verdict === 'accept') return callback();
        const error = new Error(
          verdict === 'temporary' ? 'Try again later' : 'No such mailbox',
        ) as Error & { responseCode: number };
        error.responseCode = verdict === 'temporary' ? 451 : 550;
        callback(error);
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          this.received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            messageId: /^Message-ID:\s*(.+)$/im.exec(raw)?.[1]?.trim() ?? null,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.server.address() as AddressInfo).port;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  to(address: string): ReceivedMail[] {
    return this.received.filter(
      (m) => m.to.includes(address.toLowerCase()) || m.to.includes(address),
    );
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
