// What the author of a hidden post is told: on the post itself, in the bell and by mail. The
// reason is the report reason a moderator acted on, never who reported it.
import { reasonLabel } from "./report-reasons";

export const HIDDEN_KIND = "post-hidden";
/** The category of the request an author makes for another look (not one members can choose). */
export const LOOK_AGAIN_CATEGORY = "look-again";

export const hiddenReasonText = (reason: string | null) => (reason ? `Reason: ${reasonLabel(reason)}.` : "Reason: it did not follow the community guidelines.");

export const hiddenNoticeText = (what: "question" | "answer", title: string, reason: string | null) =>
  `A moderator hid your ${what} on “${title}” from others. ${hiddenReasonText(reason)}`;

/** A new member's post held for a moderator's look (holds.server.ts). */
export const HELD_FOR_REVIEW = "Your post will appear after a quick review.";

export const LOOK_AGAIN_REFUSED = "You have already asked for another look at this post. A moderator will look at it soon.";
