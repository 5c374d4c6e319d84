// What the bell says about reports: to a reporter, that a moderator dealt with their report
// (never how, nor by whom); to every moderator, that an "at risk" report waits. Where each leads.
export const REPORT_KINDS = ["report-handled", "report-urgent"] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_NOTICES: Record<ReportKind, { text: string; link: string }> = {
  "report-handled": { text: "A moderator has looked at a post you reported. Thank you for helping keep the community safe.", link: "Back to the forum" },
  "report-urgent": { text: "Urgent: a member may be at risk of harming themselves. Please look at the report now.", link: "Open the reports" },
};

export const REPORT_PATHS: Record<ReportKind, string> = { "report-handled": "/forum", "report-urgent": "/admin/reports" };

export const isReportKind = (kind: string): kind is ReportKind => (REPORT_KINDS as readonly string[]).includes(kind);
