// A member's choice of notification mails, as set on /account or by an unsubscribe link.
import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "~/server/infra/db.server";
import { scheduleMailsForMember } from "./outbox.server";

/** How each choice on /account maps to the notifications it mails. */
export const EMAIL_CHOICES = ["own", "instant", "daily", "never"] as const;
export type EmailChoice = (typeof EMAIL_CHOICES)[number];

export async function emailChoice(db: Db, memberId: string): Promise<EmailChoice> {
  const [row] = rowsOf<{ choice: string }>(await db.execute(sql`select email_notifications as choice from profiles where id = ${memberId}`));
  return (EMAIL_CHOICES as readonly string[]).includes(row?.choice ?? "") ? (row!.choice as EmailChoice) : "own";
}

/** The address a member's mails go to (null for an account that is gone). */
export async function emailAddressOf(db: Db, memberId: string): Promise<string | null> {
  const [row] = rowsOf<{ email: string }>(await db.execute(sql`select email from users where id = ${memberId}`));
  return row?.email ?? null;
}

/** Sets a member's choice; mails already waiting follow it (they are gathered again by it). */
export async function setEmailChoice(db: Db, memberId: string, choice: EmailChoice) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`update profiles set email_notifications = ${choice} where id = ${memberId}`);
    await tx.execute(
      sql`update mail_outbox set state = 'skipped', locked_until = null where member_id = ${memberId} and state = 'pending' and (locked_until is null or locked_until < now())`,
    );
    await scheduleMailsForMember(tx, memberId);
  });
}
