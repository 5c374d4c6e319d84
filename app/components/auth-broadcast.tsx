// Tells the site's other open tabs when this tab signs in or out (or verifies a second factor),
// so they update without a manual reload. Events keep the names of the original product:
// SIGNED_IN, SIGNED_OUT, TOKEN_REFRESHED, MFA_CHALLENGE_VERIFIED.
import * as React from "react";
import { useRevalidator } from "react-router";

export type AuthEvent = "SIGNED_IN" | "SIGNED_OUT" | "TOKEN_REFRESHED" | "MFA_CHALLENGE_VERIFIED";
export const AUTH_CHANNEL = "capsiva-auth";

export function AuthBroadcast({
  signedInAs,
  aal,
  refreshedAt,
}: {
  signedInAs: string | null;
  aal: "aal1" | "aal2" | null;
  /** Set when the server rolled the session forward on this request. */
  refreshedAt: number | null;
}) {
  const revalidator = useRevalidator();
  const previous = React.useRef<{ user: string | null; aal: string | null } | null>(null);
  const channel = React.useRef<BroadcastChannel | null>(null);

  React.useEffect(() => {
    if (typeof BroadcastChannel === "undefined") return;
    const ch = new BroadcastChannel(AUTH_CHANNEL);
    channel.current = ch;
    ch.onmessage = (message: MessageEvent<{ event: AuthEvent }>) => {
      if (["SIGNED_IN", "SIGNED_OUT", "MFA_CHALLENGE_VERIFIED"].includes(message.data?.event)) {
        void revalidator.revalidate();
      }
    };
    return () => ch.close();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  React.useEffect(() => {
    const before = previous.current;
    previous.current = { user: signedInAs, aal };
    if (!before || !channel.current) return;
    let event: AuthEvent | null = null;
    if (before.user !== signedInAs) event = signedInAs ? "SIGNED_IN" : "SIGNED_OUT";
    else if (signedInAs && before.aal !== aal && aal === "aal2") event = "MFA_CHALLENGE_VERIFIED";
    if (event) channel.current.postMessage({ event });
  }, [signedInAs, aal]);

  React.useEffect(() => {
    if (refreshedAt && channel.current) channel.current.postMessage({ event: "TOKEN_REFRESHED" satisfies AuthEvent });
  }, [refreshedAt]);

  return null;
}
