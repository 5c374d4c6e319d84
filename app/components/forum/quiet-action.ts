// The quieter actions on a post (Report, Edit, Delete, Change topic, Hide): small plain underlined
// words after the row's main action, still 44 x 44 px targets, so Helpful is what the eye meets.
export const QUIET_ACTION =
  "inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center rounded-md px-2 text-sm font-normal text-muted-foreground underline hover:bg-accent hover:text-accent-foreground focus-ring";

/** A thin line between a row's main actions and its quieter ones; decorative only. */
export const ACTION_SEPARATOR = "h-6 w-px shrink-0 self-center bg-muted-foreground/40";
