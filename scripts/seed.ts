// npm run db:seed: loads the demo content into an empty database.
import { openConfiguredDatabase, runCli } from "./db";
import { isDatabaseEmpty, seedDemoContent } from "../app/server/seed.server";

await runCli(async () => {
  const database = await openConfiguredDatabase();
  try {
    if (!(await isDatabaseEmpty(database.db))) {
      console.log("The database already has content; demo content was not added.");
      return;
    }
    await seedDemoContent(database.db);
    console.log("Demo content loaded.");
  } finally {
    await database.close();
  }
});
