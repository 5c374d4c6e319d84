// npm run db:seed -- --scale: loads the performance data set (2,000 members, 50,000 questions,
// 150,000 answers, 2,000 published stories, 300 cities x 8 services, and the follows, helpful
// marks and notifications of the community loop) into an empty database: DATABASE_URL, or the
// embedded database in DATA_DIR (which no running server may be using).
// `npm run db:seed` without --scale runs the demo seeder, scripts/seed.ts.
import { openConfiguredDatabase, runCli } from "./db";
import { seedScaleContent } from "./lib/seed-scale";

if (!process.argv.includes("--scale")) {
  await import("./seed");
} else {
  await runCli(async () => {
    const started = performance.now();
    const database = await openConfiguredDatabase();
    try {
      console.log(`Loading the scaled data set into ${database.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : "the embedded database (PGlite)"}:`);
      await seedScaleContent(database.db, undefined, (line) => console.log(line));
    } finally {
      await database.close();
    }
    console.log(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  });
}
