import { z } from 'zod';

/*
 * zod compiles object schemas with `new Function` where it may, and finds out by trying once. The shop's
 * Content-Security-Policy forbids eval, so in the browser that try is a policy violation in the console (Lighthouse's
 * best practices count it). There the forms' schemas run without it: they judge a handful of fields once per submit.
 * The server keeps zod's fast path. Imported first by the browser's entry to the schemas (./purchase-forms.ts), so
 * that it runs before any schema is built.
 */
if (typeof window !== 'undefined') z.config({ jitless: true });
