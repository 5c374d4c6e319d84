// npm run user:role -- <email> <member|moderator|admin>: grants a role. Running instances hear of it
// through the same change events as the site's own writes, and forget the member's sessions.
import { ROLES, type Role } from "../app/server/accounts/accounts.server";
import { setRole } from "../app/server/accounts/accounts.server";
import { commandLineWriter, openConfiguredDatabase, runCli } from "./db";

await runCli(async () => {
  const [email, role] = process.argv.slice(2);
  if (!email || !role || !(ROLES as readonly string[]).includes(role)) {
    throw new Error(`Usage: npm run user:role -- <email> <${ROLES.join("|")}>`);
  }
  const database = await openConfiguredDatabase();
  try {
    const stored = await setRole(commandLineWriter(database), email, role as Role);
    if (!stored) throw new Error(`No account with the email ${email}`);
    console.log(`${stored} is now ${role === "admin" ? "an" : "a"} ${role}.`);
  } finally {
    await database.close();
  }
});
