// Telling a member about a change to their account's security, on the site (a notification in
// the bell) and by mail, so that a change they did not make is noticed and can be undone. The
// mail goes through the outbox, sent whatever their choice about notification mails.
import { eq } from "drizzle-orm";
import type { Writer } from "~/server/infra/change-events.server";
import { tag } from "~/server/infra/change-tags.server";
import { passkeyAddedMail } from "~/mail/account-mails";
import { queueAccountMail } from "~/server/notifications/notifications.server";
import { notifications, users } from "../../../db/schema";

export const PASSKEY_ADDED_TITLE = "A passkey was added to your account";

export async function noticePasskeyAdded({ db, changes }: Writer, input: { userId: string; passkeyName: string; siteUrl: string }) {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, input.userId));
  if (!user) return;
  const name = input.passkeyName.trim().slice(0, 50) || "Passkey";
  await changes.write(async (tx, changed) => {
    await tx.insert(notifications).values({ memberId: input.userId, kind: "passkey-added" });
    changed(tag.inbox(input.userId), tag.mail);
    await queueAccountMail(tx, {
      memberId: input.userId,
      to: user.email,
      ...passkeyAddedMail({ subject: PASSKEY_ADDED_TITLE, email: user.email, passkeyName: name, siteUrl: input.siteUrl }),
    });
  });
}
