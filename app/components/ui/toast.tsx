// Toasts on Radix Toast: announced by screen readers, dismissible by keyboard (F8 moves focus to
// them), and kept on screen long enough to read.
import { Toast as T } from "radix-ui";
import { X } from "lucide-react";
import * as React from "react";
import { cn } from "~/lib/cn";
import { useHydrated } from "~/lib/use-hydrated";

export interface ToastMessage {
  id: string;
  title: string;
  description?: string;
  variant?: "default" | "destructive";
}

const ToastContext = React.createContext<(toast: Omit<ToastMessage, "id"> & { id?: string }) => void>(() => {});

export function useToast() {
  return React.useContext(ToastContext);
}

export function Toaster({ children, incoming }: { children: React.ReactNode; incoming?: ToastMessage | null }) {
  const [toasts, setToasts] = React.useState<ToastMessage[]>([]);
  const seen = React.useRef(new Set<string>());

  const show = React.useCallback((toast: Omit<ToastMessage, "id"> & { id?: string }) => {
    const id = toast.id ?? `${Date.now()}-${Math.random()}`;
    if (seen.current.has(id)) return;
    seen.current.add(id);
    setToasts((list) => [...list.slice(-2), { ...toast, id }]);
  }, []);

  React.useEffect(() => {
    if (incoming) show(incoming);
  }, [incoming, show]);

  const hydrated = useHydrated();
  return (
    <ToastContext.Provider value={show}>
      {/* Before JavaScript runs (or without it), a message from the last action still shows. */}
      {!hydrated && incoming ? (
        <div role="status" className="fixed bottom-4 right-4 z-[100] max-w-md rounded-lg border bg-background p-4 shadow-lg">
          <p className="font-semibold">{incoming.title}</p>
          {incoming.description ? <p>{incoming.description}</p> : null}
        </div>
      ) : null}
      <T.Provider duration={7000} swipeDirection="right" label="Notification">
        {children}
        {toasts.map((t) => (
          <T.Root
            key={t.id}
            type={t.variant === "destructive" ? "foreground" : "background"}
            onOpenChange={(open) => {
              if (!open) setToasts((list) => list.filter((x) => x.id !== t.id));
            }}
            data-variant={t.variant ?? "default"}
            className={cn(
              "relative flex w-full items-start gap-3 rounded-lg border p-4 pr-14 shadow-lg",
              t.variant === "destructive" ? "border-destructive bg-destructive text-destructive-foreground" : "bg-background text-foreground",
            )}
          >
            <div className="grid gap-1">
              <T.Title className="font-semibold">{t.title}</T.Title>
              {t.description ? <T.Description>{t.description}</T.Description> : null}
            </div>
            <T.Close
              aria-label="Dismiss notification"
              className="absolute right-2 top-2 inline-flex size-11 items-center justify-center rounded-md focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
            >
              <X aria-hidden="true" className="size-5" />
            </T.Close>
          </T.Root>
        ))}
        <T.Viewport className="fixed bottom-0 right-0 z-[100] flex max-h-dvh w-full flex-col gap-2 p-4 sm:max-w-md" />
      </T.Provider>
    </ToastContext.Provider>
  );
}
