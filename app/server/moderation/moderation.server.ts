// Moderation: reports, the report cards and what waits for moderators and editors.
// The one module the rest of the app imports from this area; its other modules are internal.
export { openReportCards, type ReportCard } from "./report-cards.server";
export { countOpenReports, dismissReport, hideContent, listReports, reportContent, type ReportView, restoreContent } from "./reports.server";
export { waitingFor } from "./waiting.server";
