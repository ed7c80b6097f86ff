import { defineConfig } from 'drizzle-kit';

// Only used by `npm run db:generate`: migrations are generated from the schema and committed.
export default defineConfig({
  dialect: 'postgresql',
  schema: './lib/db/schema.ts',
  out: './drizzle',
});
