// The toasts of ui/toast.tsx on Radix Toast: announced by screen readers, dismissible by keyboard
// (F8 moves focus to them), and kept on screen long enough to read. Loaded with the first toast.
import { Toast as T } from "radix-ui";
import { X } from "~/components/icons";
import { cn } from "~/lib/cn";
import type { ToastMessage } from "~/lib/toast-message";

export default function ToastList({ toasts, onClose }: { toasts: ToastMessage[]; onClose: (id: string) => void }) {
  return (
    <T.Provider duration={7000} swipeDirection="right" label="Notification">
      {toasts.map((t) => (
        <T.Root
          key={t.id}
          type={t.variant === "destructive" ? "foreground" : "background"}
          onOpenChange={(open) => {
            if (!open) onClose(t.id);
          }}
          // Escape pressed in a dialog is the dialog's (ui/dialog.tsx), even when this toast
          // appeared after the dialog opened; Escape in the toast itself still dismisses it.
          onEscapeKeyDown={(event) => {
            if (event.target instanceof Element && event.target.closest("[role=dialog]")) event.preventDefault();
          }}
          data-variant={t.variant ?? "default"}
          className={cn(
            "relative flex w-full items-start gap-3 rounded-lg border p-4 pr-14 shadow-lg",
            t.variant === "destructive" ? "border-destructive bg-destructive text-destructive-foreground" : "bg-background text-foreground",
          )}
        >
          <div className="grid min-w-0 gap-1 wrap-anywhere">
            <T.Title className="font-semibold">{t.title}</T.Title>
            {t.description ? <T.Description>{t.description}</T.Description> : null}
          </div>
          <T.Close aria-label="Dismiss notification" className="absolute right-2 top-2 inline-flex size-11 items-center justify-center rounded-md focus-ring">
            <X aria-hidden="true" className="size-5" />
          </T.Close>
        </T.Root>
      ))}
      {/* At the top, under the top bar: the member's next control is where they just were, in a
          form lower down. Only the toasts themselves take clicks, not the space around them. */}
      <T.Viewport className="pointer-events-none fixed top-16 right-0 z-[100] flex max-h-dvh w-full flex-col gap-2 p-4 sm:max-w-md [&>li]:pointer-events-auto" />
    </T.Provider>
  );
}
