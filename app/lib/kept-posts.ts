// Why a member's own post cannot be deleted once others built on it, in the words the page and
// the refusal both use: what they can do instead is edit it, or ask a moderator to hide it.
export const KEPT_QUESTION =
  "This question has answers from other members, so it can't be deleted. You can edit it, or report it to ask a moderator to hide it.";
export const KEPT_ANSWER = "Other members marked this answer helpful, so it can't be deleted. You can edit it, or report it to ask a moderator to hide it.";
