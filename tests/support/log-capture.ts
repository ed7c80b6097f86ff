import { Writable } from 'node:stream';
import pino from 'pino';
import { LOGGER_OPTIONS } from '@/lib/log/logger';

/** A logger configured as the shop's (redaction, error serializer), writing to a string instead of stdout. */
export function captureLog() {
  let written = '';
  const sink = new Writable({
    write(chunk, _encoding, done) {
      written += chunk;
      done();
    },
  });
  return { log: pino({ ...LOGGER_OPTIONS, level: 'info' }, sink), text: () => written };
}
