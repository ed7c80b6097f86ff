import fs from 'node:fs';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server for the end-to-end tests: the shop under test sends its mail here (SMTP_URL), and each message
 * is kept as an .eml file in `dir` for the tests to read.
 */
export function startSmtpSink(port: number, dir: string): SMTPServer {
  fs.mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        fs.writeFileSync(path.join(dir, `${Date.now()}-${count++}.eml`), Buffer.concat(chunks));
        callback();
      });
    },
  });
  server.listen(port, '127.0.0.1');
  return server;
}

/** The messages the sink received so far, parsed. */
export async function receivedMail(dir: string): Promise<ParsedMail[]> {
  if (!fs.existsSync(dir)) return [];
  const files = fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.eml'))
    .sort();
  return Promise.all(files.map((file) => simpleParser(fs.readFileSync(path.join(dir, file)))));
}
