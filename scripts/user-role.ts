// npm run user:role -- <email> <member|moderator|admin>: grants a role.
import { eq, sql } from "drizzle-orm";
import { users } from "../db/schema";
import { ROLES } from "../app/server/auth.server";
import { CHANNEL } from "../app/server/freshness.server";
import { openConfiguredDatabase, runCli } from "./db";

await runCli(async () => {
  const [email, role] = process.argv.slice(2);
  if (!email || !role || !(ROLES as readonly string[]).includes(role)) {
    throw new Error(`Usage: npm run user:role -- <email> <${ROLES.join("|")}>`);
  }
  const database = await openConfiguredDatabase();
  try {
    const rows = await database.db
      .update(users)
      .set({ role })
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
      .returning({ email: users.email });
    if (!rows.length) throw new Error(`No account with the email ${email}`);
    // Running instances forget who this member was at once (the embedded database has none).
    await database.pool?.query("select pg_notify($1, $2)", [CHANNEL, "command-line all"]);
    console.log(`${rows[0].email} is now ${role === "admin" ? "an" : "a"} ${role}.`);
  } finally {
    await database.close();
  }
});
