// The one-click unsubscribe link in notification mails works without signing in, so the link
// itself must prove whose mails it stops: the member's id with an HMAC of it under a key derived
// from the site's secret. It never expires (an old mail's link must still work) and can do
// nothing but turn that member's notification mails off.
import crypto from "node:crypto";

export interface UnsubscribeTokens {
  sign(memberId: string): string;
  /** The member a token was made for, or null when it was not made by this site. */
  verify(token: string): string | null;
}

export function createUnsubscribeTokens(secret: string): UnsubscribeTokens {
  const key = crypto.createHmac("sha256", secret).update("capsiva email unsubscribe key v1").digest();
  const mac = (memberId: string) => crypto.createHmac("sha256", key).update(memberId).digest();
  return {
    sign(memberId) {
      return `${Buffer.from(memberId).toString("base64url")}.${mac(memberId).toString("base64url")}`;
    },
    verify(token) {
      const match = /^([A-Za-z0-9_-]{1,200})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match) return null;
      // Compared as text, not as decoded bytes: the last base64url character carries two unused
      // bits, so four spellings decode alike, and only the one this site writes is accepted.
      const memberId = Buffer.from(match[1], "base64url").toString("utf8");
      const given = Buffer.from(token);
      const expected = Buffer.from(`${Buffer.from(memberId).toString("base64url")}.${mac(memberId).toString("base64url")}`);
      return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? memberId : null;
    },
  };
}
