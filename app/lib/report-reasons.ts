// The reasons a member can give for a report, in the order the form lists them. "At risk" is the
// urgent one: it goes to the top of the moderators' queue, every moderator is told at once, and
// the reporter is shown where to find help now.
export const REPORT_REASONS = [
  { value: "spam", label: "Spam or advertising" },
  { value: "harassment", label: "Harassment" },
  { value: "at-risk", label: "May be at risk of harming themselves" },
  { value: "medical", label: "Medical misinformation, or advice to start, stop or change a medicine" },
  { value: "personal", label: "Personal details" },
  { value: "underage", label: "Under the minimum age" },
  { value: "other", label: "Something else" },
] as const;

export type ReportCategory = (typeof REPORT_REASONS)[number]["value"];
export const REPORT_CATEGORIES = REPORT_REASONS.map((r) => r.value) as [ReportCategory, ...ReportCategory[]];
export const URGENT_CATEGORY: ReportCategory = "at-risk";

// "look-again" is not a member's reason: it is a hidden post's author asking for another look.
export const reasonLabel = (value: string) =>
  value === "look-again" ? "Its author asks for another look" : (REPORT_REASONS.find((r) => r.value === value)?.label ?? "Something else");
