import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on a random local port. `failNext` makes the next n deliveries fail
 * with a temporary error, to exercise the worker's retries.
 */
export async function startSmtpSink() {
  const received: ReceivedMail[] = [];
  let failures = 0;
  let connections = 0;
  const server = new SMTPServer({
    authOptional: true,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (failures > 0) {
          failures -= 1;
          const error = Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 });
          return callback(error);
        }
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** SMTP connections opened to this server so far. */
    connections: () => connections,
    failNext(n: number) {
      failures = n;
    },
    async waitFor(predicate: (m: ReceivedMail) => boolean, timeoutMs = 10_000): Promise<ReceivedMail> {
      const start = Date.now();
      for (;;) {
        const found = received.find(predicate);
        if (found) return found;
        if (Date.now() - start > timeoutMs) throw new Error(`no matching mail after ${timeoutMs} ms (got ${received.length})`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The text of a MIME message with quoted-printable soft breaks and escapes undone. */
export function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}
