// Radix Tooltip (with its positioning code) for the tooltips of ui/tooltip.tsx. Loaded only
// where a tooltip is shown: the collapsed sidebar's icons.
import { Tooltip as T } from "radix-ui";
import * as React from "react";
import { TOOLTIP_DELAY_MS, TOOLTIP_SIDE_OFFSET, TOOLTIP_SKIP_DELAY_MS } from "./tooltip-timing";

// A tooltip renders only inside a loaded group: Radix's tooltip needs its provider above it.
const InGroup = React.createContext(false);

export function RadixTooltipGroup({ children }: { children: React.ReactNode }) {
  return (
    <T.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      <InGroup.Provider value={true}>{children}</InGroup.Provider>
    </T.Provider>
  );
}

export function RadixTooltip({
  content,
  children,
  side,
}: {
  content: React.ReactNode;
  children: React.ReactElement;
  side: "top" | "right" | "bottom" | "left";
}) {
  if (!React.useContext(InGroup)) return children;
  return (
    <T.Root>
      <T.Trigger asChild>{children}</T.Trigger>
      <T.Portal>
        <T.Content side={side} sideOffset={TOOLTIP_SIDE_OFFSET} className="z-50 rounded-md bg-foreground px-3 py-1.5 text-sm text-background shadow-md">
          {content}
        </T.Content>
      </T.Portal>
    </T.Root>
  );
}
