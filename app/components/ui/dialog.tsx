import { Dialog as D } from "radix-ui";
import { X } from "~/components/icons";
import * as React from "react";
import { cn } from "~/lib/cn";

export const Dialog = D.Root;
export const DialogTrigger = D.Trigger;
export const DialogClose = D.Close;

/** A modal dialog: traps focus, restores it on close, closes with Escape. */
export function DialogContent({
  className,
  children,
  title,
  description,
  ...props
}: React.ComponentProps<typeof D.Content> & { title: string; description?: string }) {
  const close = React.useRef<HTMLButtonElement>(null);
  return (
    <D.Portal>
      <D.Overlay className="fixed inset-0 z-40 bg-black/50" />
      <D.Content
        className={cn(
          "fixed left-1/2 top-1/2 z-50 max-h-[90dvh] w-[calc(100%-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border bg-background p-6 shadow-lg focus-visible:outline-none",
          className,
        )}
        {...(description ? {} : { "aria-describedby": undefined })}
        {...props}
        onKeyDown={(event) => {
          props.onKeyDown?.(event);
          // Escape from inside the dialog always closes it. Radix gives Escape to the layer
          // opened last, which is a toast when one appeared after the dialog opened (the toast
          // leaves it alone: ui/toast-list.tsx).
          if (event.key === "Escape") close.current?.click();
        }}
      >
        <D.Title className="pr-12 text-xl font-semibold">{title}</D.Title>
        {description ? <D.Description className="mt-1 text-muted-foreground">{description}</D.Description> : null}
        {children}
        <D.Close
          ref={close}
          className="absolute right-3 top-3 inline-flex size-11 items-center justify-center rounded-md hover:bg-accent focus-ring"
          aria-label="Close"
        >
          <X aria-hidden="true" className="size-5" />
        </D.Close>
      </D.Content>
    </D.Portal>
  );
}
