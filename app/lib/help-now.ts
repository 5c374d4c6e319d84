// Where the site points anyone who may be in danger now: a page of its own, linked near every
// place members write, in the footer, and shown after an "at risk" report.
export const HELP_NOW_PATH = "/help-now";
export const HELP_NOW_LABEL = "Need help now?";
