// Spec constants: open delay 700 ms, skip delay 300 ms, side offset 4. Apart from tooltip.tsx so
// that the lazily loaded tooltip-radix.tsx reads them without importing the module that loads it.
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;
export const TOOLTIP_SIDE_OFFSET = 4;
