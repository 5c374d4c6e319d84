import { Tooltip as T } from "radix-ui";
import type * as React from "react";

// Spec constants: open delay 700 ms, skip delay 300 ms, side offset 4.
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;
export const TOOLTIP_SIDE_OFFSET = 4;

export function TooltipProvider({ children }: { children: React.ReactNode }) {
  return (
    <T.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      {children}
    </T.Provider>
  );
}

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
    <T.Root>
      <T.Trigger asChild>{children}</T.Trigger>
      <T.Portal>
        <T.Content
          side={side}
          sideOffset={TOOLTIP_SIDE_OFFSET}
          className="z-50 rounded-md bg-foreground px-3 py-1.5 text-sm text-background shadow-md"
        >
          {content}
        </T.Content>
      </T.Portal>
    </T.Root>
  );
}
