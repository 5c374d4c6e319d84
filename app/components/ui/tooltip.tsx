// Tooltips on Radix Tooltip, whose code (with floating-ui for positioning) loads only where a
// tooltip group is on the page: readers on phones never need it.
import * as React from "react";

import { TOOLTIP_DELAY_MS, TOOLTIP_SIDE_OFFSET, TOOLTIP_SKIP_DELAY_MS } from "./tooltip-timing";

export { TOOLTIP_DELAY_MS, TOOLTIP_SIDE_OFFSET, TOOLTIP_SKIP_DELAY_MS };

const load = () => import("./tooltip-radix");
const LazyGroup = React.lazy(() => load().then((m) => ({ default: m.RadixTooltipGroup })));
const LazyTooltip = React.lazy(() => load().then((m) => ({ default: m.RadixTooltip })));

/** Tooltips inside share the open delay and skip delay (moving from one to the next is instant). */
export function TooltipGroup({ children }: { children: React.ReactNode }) {
  return (
    <React.Suspense fallback={children}>
      <LazyGroup>{children}</LazyGroup>
    </React.Suspense>
  );
}

/** Shows `content` next to the element on hover and focus, inside a TooltipGroup. */
export function Tooltip({
  content,
  children,
  disabled,
  side = "right",
}: {
  content: React.ReactNode;
  children: React.ReactElement;
  disabled?: boolean;
  side?: "top" | "right" | "bottom" | "left";
}) {
  if (disabled) return children;
  return (
    <React.Suspense fallback={children}>
      <LazyTooltip content={content} side={side}>
        {children}
      </LazyTooltip>
    </React.Suspense>
  );
}
