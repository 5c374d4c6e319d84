import { DropdownMenu as M } from "radix-ui";
import type * as React from "react";
import { cn } from "~/lib/cn";

/** Non-modal: the rest of the page is not hidden from assistive technology while it is open. */
export function DropdownMenu(props: React.ComponentProps<typeof M.Root>) {
  return <M.Root modal={false} {...props} />;
}
export const DropdownMenuTrigger = M.Trigger;

export function DropdownMenuContent({ className, ...props }: React.ComponentProps<typeof M.Content>) {
  return (
    <M.Portal>
      <M.Content
        align="end"
        sideOffset={4}
        className={cn("z-50 min-w-56 rounded-md border bg-background p-1 text-foreground shadow-md", className)}
        {...props}
      />
    </M.Portal>
  );
}
export function DropdownMenuLabel({ className, ...props }: React.ComponentProps<typeof M.Label>) {
  return <M.Label className={cn("wrap-anywhere px-3 py-2 text-sm text-muted-foreground", className)} {...props} />;
}
export function DropdownMenuItem({ className, ...props }: React.ComponentProps<typeof M.Item>) {
  return (
    <M.Item
      className={cn(
        "flex min-h-11 w-full cursor-pointer select-none items-center gap-2 rounded-sm px-3 text-base outline-none data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground",
        className,
      )}
      {...props}
    />
  );
}
export const DropdownMenuSeparator = (props: React.ComponentProps<typeof M.Separator>) => <M.Separator className="my-1 h-px bg-border" {...props} />;
