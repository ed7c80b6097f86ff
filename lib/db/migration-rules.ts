/**
 * The expand/contract rule for migrations (docs/decisions/0021-expand-contract-migrations.md): while a release
 * rolls out, servers of the previous release run on the migrated database, so a migration may only add. A
 * statement that takes away what the previous release may still use is refused unless a marker comment right
 * before it says that the code stopped using it a release earlier:
 *
 *   -- contract: "users"."locked_until" unused since 0008_crash_recovery
 *
 * Pure functions on SQL text, no database: the Jest check reads every `drizzle/*.sql` through {@link checkMigration}.
 */

/** One statement of a migration, with the comments written between it and the statement before. */
export interface MigrationStatement {
  /** 1-based line of the statement's first word. */
  line: number;
  /** The statement as written (without its `;`), whitespace collapsed. */
  text: string;
  /** Upper-cased text with string literals as `''` and quoted identifiers as `""`: what the rules match. */
  shape: string;
  /** The comments between the previous statement and this one, without their `--` or `/* *\/`. */
  comments: string[];
}

export interface MigrationViolation {
  file: string;
  line: number;
  /** What the statement takes away, e.g. `DROP COLUMN`. */
  rule: string;
  statement: string;
  message: string;
}

/** A destructive statement of a migration that was applied before the rule existed. */
export interface GrandfatheredStatement {
  file: string;
  /** The statement, whitespace collapsed, as {@link MigrationStatement.text}. */
  statement: string;
  reason: string;
}

export const CONTRACT_MARKER = /^contract:\s*(\S.*?)\s+unused since\s+(\S+)\s*$/i;

/**
 * Splits SQL into statements at `;`, skipping `;` inside strings, quoted identifiers, dollar-quoted bodies and
 * comments. Comments are kept apart, attached to the statement that follows them.
 */
export function splitStatements(sql: string): MigrationStatement[] {
  const statements: MigrationStatement[] = [];
  let text = '';
  let shape = '';
  let comments: string[] = [];
  let line = 1;
  let startLine = 0;
  let i = 0;
  const begin = () => {
    if (!startLine) startLine = line;
  };
  const flush = () => {
    const collapsed = text.replace(/\s+/g, ' ').trim();
    if (collapsed)
      statements.push({
        line: startLine,
        text: collapsed,
        shape: shape.replace(/\s+/g, ' ').trim().toUpperCase(),
        comments,
      });
    text = '';
    shape = '';
    comments = [];
    startLine = 0;
  };
  /** Consumes up to and including `end`, counting lines; returns what was consumed. */
  const consumeUntil = (end: string, from: number) => {
    const stop = sql.indexOf(end, from);
    const to = stop === -1 ? sql.length : stop + end.length;
    const chunk = sql.slice(i, to);
    line += chunk.split('\n').length - 1;
    i = to;
    return chunk;
  };
  while (i < sql.length) {
    const char = sql[i]!;
    const next = sql[i + 1];
    if (char === '-' && next === '-') {
      const chunk = consumeUntil('\n', i);
      comments.push(chunk.replace(/^--+>?/, '').trim());
    } else if (char === '/' && next === '*') {
      const chunk = consumeUntil('*/', i + 2);
      comments.push(chunk.slice(2, -2).trim());
    } else if (char === "'") {
      begin();
      // '' inside a string is an escaped quote: the loop reads it as the end of one string and the start of the next.
      text += consumeUntil("'", i + 1);
      shape += "''";
    } else if (char === '"') {
      begin();
      text += consumeUntil('"', i + 1);
      shape += '""';
    } else if (char === '$' && /^\$[A-Za-z_]*\$/.test(sql.slice(i))) {
      begin();
      const tag = /^\$[A-Za-z_]*\$/.exec(sql.slice(i))![0];
      text += consumeUntil(tag, i + tag.length);
      shape += "''";
    } else if (char === ';') {
      i += 1;
      flush();
    } else {
      if (char === '\n') line += 1;
      else if (!/\s/.test(char)) begin();
      text += char;
      shape += char;
      i += 1;
    }
  }
  flush();
  return statements;
}

/** An ALTER TABLE's actions: the statement split at the commas outside parentheses (`numeric(10,2)` stays whole). */
function topLevelParts(shape: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of shape) {
    if (char === '(') depth += 1;
    else if (char === ')') depth -= 1;
    if (char === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else current += char;
  }
  parts.push(current.trim());
  return parts;
}

interface Rule {
  rule: string;
  matches(statement: MigrationStatement, all: MigrationStatement[]): boolean;
}

const IDENT = '(?:""|[A-Z_][A-Z0-9_$]*)';

/** The table an `ALTER TABLE` acts on, as written. */
const alteredTable = (statement: MigrationStatement) =>
  /^ALTER TABLE\s+(?:IF EXISTS\s+)?(?:ONLY\s+)?("[^"]*"(?:\."[^"]*")?|[\w.]+)/i.exec(statement.text)?.[1];

/** The columns given a default by `ALTER TABLE t ALTER COLUMN c SET DEFAULT` in these statements, as `table|column`. */
function columnsGivenDefaults(all: MigrationStatement[]): Set<string> {
  const columns = new Set<string>();
  for (const statement of all) {
    const table = alteredTable(statement);
    if (!table) continue;
    for (const match of statement.text.matchAll(/ALTER\s+(?:COLUMN\s+)?("[^"]*"|\w+)\s+SET\s+DEFAULT\b/gi))
      columns.add(`${table}|${match[1]}`);
  }
  return columns;
}

/**
 * What a migration may not do while the previous release still runs (the decision record gives each reason). A
 * `DROP ... NOT NULL` loosens a column and stays allowed; every other DROP takes something away.
 */
const RULES: Rule[] = [
  { rule: 'DROP TABLE', matches: ({ shape }) => /\bDROP TABLE\b/.test(shape) },
  {
    rule: 'DROP COLUMN',
    // `DROP COLUMN c`, or the short `DROP c` (COLUMN is optional in ALTER TABLE).
    matches: ({ shape }) =>
      /^ALTER TABLE\b/.test(shape) &&
      (/\bDROP COLUMN\b/.test(shape) ||
        new RegExp(
          `\\bDROP (?:IF EXISTS )?(?!(?:DEFAULT|NOT|CONSTRAINT|IDENTITY|EXPRESSION)\\b)${IDENT}(?: (?:CASCADE|RESTRICT))?(?:,|$)`,
        ).test(shape)),
  },
  { rule: 'RENAME', matches: ({ shape }) => /\bRENAME\b/.test(shape) },
  {
    rule: 'SET NOT NULL without a default',
    matches: (statement, all) => {
      const table = alteredTable(statement);
      if (!table) return false;
      const defaults = columnsGivenDefaults(all);
      return [...statement.text.matchAll(/ALTER\s+(?:COLUMN\s+)?("[^"]*"|\w+)\s+SET\s+NOT\s+NULL\b/gi)].some(
        (match) => !defaults.has(`${table}|${match[1]}`),
      );
    },
  },
  {
    rule: 'ADD COLUMN NOT NULL without a default',
    // The previous release inserts rows without the new column.
    matches: ({ shape }) =>
      /^ALTER TABLE\b/.test(shape) &&
      topLevelParts(shape).some((part) => {
        const added =
          /^(?:ALTER TABLE .*? )?ADD (?!CONSTRAINT\b|PRIMARY\b|UNIQUE\b|FOREIGN\b|CHECK\b|EXCLUDE\b)(.*)$/.exec(
            part,
          );
        return (
          added !== null && /\bNOT NULL\b/.test(added[1]!) && !/\bDEFAULT\b|\bGENERATED\b/.test(added[1]!)
        );
      }),
  },
  {
    rule: 'column type change',
    matches: ({ shape }) => new RegExp(`\\bALTER (?:COLUMN )?${IDENT} (?:SET DATA )?TYPE\\b`).test(shape),
  },
  { rule: 'DROP DEFAULT', matches: ({ shape }) => /\bDROP DEFAULT\b/.test(shape) },
  { rule: 'DROP CONSTRAINT', matches: ({ shape }) => /\bDROP CONSTRAINT\b/.test(shape) },
  { rule: 'DROP INDEX', matches: ({ shape }) => /^DROP INDEX\b/.test(shape) },
  { rule: 'DROP TYPE', matches: ({ shape }) => /^DROP TYPE\b/.test(shape) },
  {
    rule: 'DROP',
    // Views, functions, sequences, schemas, triggers...: whatever else the previous release may call.
    matches: ({ shape }) => /^DROP\b/.test(shape) && !/^DROP (?:TABLE|INDEX|TYPE)\b/.test(shape),
  },
  { rule: 'TRUNCATE', matches: ({ shape }) => /^TRUNCATE\b/.test(shape) },
];

/** The marker comment that makes a destructive statement a contract step, or undefined. */
export function contractMarker(statement: MigrationStatement): { what: string; since: string } | undefined {
  for (const comment of statement.comments) {
    const match = CONTRACT_MARKER.exec(comment);
    if (match) return { what: match[1]!, since: match[2]! };
  }
  return undefined;
}

/**
 * The destructive statements of one migration file that carry no contract marker and are not grandfathered.
 * `file` names the file in the messages (e.g. `drizzle/0016_x.sql`).
 */
export function checkMigration(
  file: string,
  sql: string,
  grandfathered: readonly GrandfatheredStatement[] = [],
): MigrationViolation[] {
  const statements = splitStatements(sql);
  const base = file.split('/').pop();
  const violations: MigrationViolation[] = [];
  for (const statement of statements) {
    const broken = RULES.find((rule) => rule.matches(statement, statements));
    if (!broken || contractMarker(statement)) continue;
    if (grandfathered.some((entry) => entry.file === base && entry.statement === statement.text)) continue;
    violations.push({
      file,
      line: statement.line,
      rule: broken.rule,
      statement: statement.text,
      message:
        `${file}:${statement.line}: ${broken.rule} breaks the release still running during a rolling deploy: ` +
        `${statement.text}\n  Add instead (expand), and take away only in a later release, with a comment right ` +
        `before the statement: -- contract: <table or column> unused since <migration tag> ` +
        `(docs/decisions/0021-expand-contract-migrations.md).`,
    });
  }
  return violations;
}

/**
 * Destructive statements of migrations applied before the rule existed: they ran on every database already, and
 * rewriting an applied migration would change its hash. The rule stays whole; each entry says why it is kept.
 */
export const GRANDFATHERED_STATEMENTS: readonly GrandfatheredStatement[] = [
  {
    file: '0007_security.sql',
    statement: 'ALTER TABLE "login_throttle" ALTER COLUMN "failures" SET DATA TYPE double precision',
    reason: 'applied already; integer to double precision, which the previous release still read as a number',
  },
  {
    file: '0007_security.sql',
    statement: 'ALTER TABLE "login_throttle" DROP COLUMN "blocked_until"',
    reason:
      'applied already; dropped in the release that stopped using it, which broke the release before it',
  },
  {
    file: '0009_sign_in_waits_from_throttle.sql',
    statement: 'ALTER TABLE "users" DROP COLUMN "failed_logins"',
    reason:
      'applied already; dropped in the release that stopped using it, which broke the release before it',
  },
  {
    file: '0009_sign_in_waits_from_throttle.sql',
    statement: 'ALTER TABLE "users" DROP COLUMN "locked_until"',
    reason:
      'applied already; dropped in the release that stopped using it, which broke the release before it',
  },
];
