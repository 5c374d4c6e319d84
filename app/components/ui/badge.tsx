import type * as React from "react";
import { cn } from "~/lib/cn";

export function Badge({
  className,
  variant = "default",
  ...props
}: React.ComponentProps<"span"> & { variant?: "default" | "secondary" | "outline" | "success" | "hidden" }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-semibold",
        // A kind of content ("Blog Post") or "New": the quiet accent, not the red of buttons and danger.
        variant === "default" && "border border-info/40 bg-info-muted text-info",
        variant === "secondary" && "bg-secondary text-secondary-foreground",
        variant === "outline" && "border border-current text-foreground",
        // A good outcome ("Published") is green, never the brand red of buttons and danger.
        variant === "success" && "border border-success bg-success/10 text-success",
        // On a post a moderator hid: grey, as the post around it is.
        variant === "hidden" && "border border-hidden-foreground bg-background text-hidden-foreground",
        className,
      )}
      {...props}
    />
  );
}
