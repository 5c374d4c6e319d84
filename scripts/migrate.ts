// npm run db:migrate: applies the SQL migrations in db/migrations (a no-op when up to date).
import { openConfiguredDatabase, runCli } from "./db";

await runCli(async () => {
  const database = await openConfiguredDatabase();
  console.log(`Migrations applied (${database.kind}).`);
  await database.close();
});
