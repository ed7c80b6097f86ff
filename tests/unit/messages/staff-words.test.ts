import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { DELIVERY_ERRORS, REFUND_ANSWERS } from '@/lib/admin-client/provider-answers';
import { AUDIT_ACTIONS } from '@/lib/auth/audit-actions';
import { locales } from '@/lib/i18n/routing';
import { ORDER_EVENT_ACTORS, ORDER_EVENT_CODES } from '@/lib/orders/event-codes';
import { DECLINE_REASONS } from '@/lib/payment-provider/decline-reasons';
import de from '@/messages/de.json';
import en from '@/messages/en.json';
import hu from '@/messages/hu.json';
import ro from '@/messages/ro.json';

/*
 * Every code the back-office receives and shows to staff has its words in every language: an audit action, an order
 * event, who recorded an event, each provider answer the screens know. A kind added to its list without its texts
 * fails here; `recordAudit` takes only the listed actions (a type check), and the actors written in lib/ are read from
 * the source below.
 */
const MESSAGES = { ro, en, de, hu };

/** The text at a dotted path, or undefined. */
function textAt(messages: object, dotted: string): unknown {
  let node: unknown = messages;
  for (const part of dotted.split('.')) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

const expectText = (messages: object, dotted: string) =>
  expect([dotted, typeof textAt(messages, dotted)]).toEqual([dotted, 'string']);

describe.each(locales)('the back-office in %s has words for', (locale) => {
  const admin = MESSAGES[locale].Admin;

  it.each(AUDIT_ACTIONS)('the audit action %s: its name and its sentence', (action) => {
    expectText(admin, `audit.actions.${action}`);
    expectText(admin, `audit.sentences.${action}`);
  });

  it('an audit action it does not know', () => expectText(admin, 'audit.sentences.unknown'));

  it.each(ORDER_EVENT_CODES)('the order event %s', (code) => expectText(admin, `events.${code}`));

  it('an order event it cannot describe', () => expectText(admin, 'events.unknown'));

  it.each(Object.keys(ORDER_EVENT_ACTORS))('the actor %s, after an event and as a name', (actor) => {
    expectText(admin, `details.actors.${actor}`);
    expectText(admin, `details.actorNames.${actor}`);
  });

  it.each([...DECLINE_REASONS, 'unknown'])('the payment provider’s refusal %s', (reason) =>
    expectText(admin, `providerAnswers.payment.${reason}`),
  );

  it.each(REFUND_ANSWERS)('the payment provider’s refund answer %s', (answer) =>
    expectText(admin, `providerAnswers.refund.${answer}`),
  );

  it.each(DELIVERY_ERRORS)('the issuer’s or top-up provider’s answer %s', (error) =>
    expectText(admin, `providerAnswers.delivery.${error}`),
  );

  it.each(locales)('the buyer’s language %s', (language) => expectText(admin, `languages.${language}`));
});

/** Every .ts file under a folder. */
const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return file.endsWith('.ts') ? [file] : [];
  });

describe('the actors lib/ writes into an order’s history', () => {
  it('are each one of ORDER_EVENT_ACTORS (a staff member’s event carries a user name, not a literal)', () => {
    const known = new Set<string>(Object.values(ORDER_EVENT_ACTORS));
    const found = new Map<string, string>();
    for (const file of sources(path.join(process.cwd(), 'lib'))) {
      const text = readFileSync(file, 'utf8');
      // `actor: 'buyer'`, `actor: kind === 'TOPUP' ? 'top-up provider' : 'issuer'`, markNeedsReview(…, 'reconciler').
      const expressions = [
        // (A call, as the schema's `actor: text('actor')`, is not a value.)
        ...[...text.matchAll(/\bactor:\s*([^,\n}(]+)(?=[,\n}])/g)].map((match) => match[1]!),
        ...[...text.matchAll(/markNeedsReview\(([^)]*)\)/gs)].map((match) => match[1]!.split(',')[3] ?? ''),
      ];
      for (const expression of expressions) {
        // In a ternary the condition's literals are not actors: only the branches are.
        const branches = expression.includes('?') ? expression.split('?').slice(1).join('?') : expression;
        for (const [, literal] of branches.matchAll(/'([^']+)'/g))
          found.set(literal!, path.relative(process.cwd(), file));
      }
    }
    // The reading itself finds what the shop writes today.
    expect([...found.keys()]).toEqual(
      expect.arrayContaining(['buyer', 'provider', 'issuer', 'top-up provider', 'reconciler']),
    );
    expect([...found].filter(([literal]) => !known.has(literal))).toEqual([]);
  });
});
