// Toasts: `useToast()` shows one; the Toaster keeps the list. They are drawn by Radix Toast
// (ui/toast-list.tsx: announced by screen readers, dismissible by keyboard, F8 moves focus to
// them, kept on screen long enough to read), whose code loads with the first toast.
import * as React from "react";
import { ToastContext, useToast, type ShowToast } from "~/lib/toast-context";
import type { ToastMessage } from "~/lib/toast-message";
import { useHydrated } from "~/lib/use-hydrated";

export type { ToastMessage };
export { useToast };

const LazyToastList = React.lazy(() => import("./toast-list"));

/**
 * The list once `toast` is added: at most three; the same error again replaces the one shown
 * rather than stacking, and a success clears the errors before it (they are settled).
 */
export function withToast(list: ToastMessage[], toast: ToastMessage) {
  const same = (t: ToastMessage) => t.title === toast.title && t.description === toast.description;
  const rest =
    toast.variant === "destructive" ? list.filter((t) => !(t.variant === "destructive" && same(t))) : list.filter((t) => t.variant !== "destructive");
  return [...rest.slice(-2), toast];
}

export function Toaster({ children, incoming }: { children: React.ReactNode; incoming?: ToastMessage | null }) {
  const [toasts, setToasts] = React.useState<ToastMessage[]>([]);
  const seen = React.useRef(new Set<string>());

  const show = React.useCallback<ShowToast>((toast) => {
    const id = toast.id ?? `${Date.now()}-${Math.random()}`;
    if (seen.current.has(id)) return;
    seen.current.add(id);
    setToasts((list) => withToast(list, { ...toast, id }));
  }, []);

  React.useEffect(() => {
    if (incoming) show(incoming);
  }, [incoming, show]);

  const close = React.useCallback((id: string) => setToasts((list) => list.filter((x) => x.id !== id)), []);
  // Radix's toast code loads with the first toast and then stays, so later ones animate in and out.
  const [shown, setShown] = React.useState(false);
  if (toasts.length > 0 && !shown) setShown(true);

  const hydrated = useHydrated();
  return (
    <ToastContext.Provider value={show}>
      {/* Before JavaScript runs (or without it), a message from the last action still shows. */}
      {!hydrated && incoming ? <Flash toast={incoming} /> : null}
      {children}
      {shown ? (
        // While that code arrives the newest message shows plainly (Radix announces it once loaded).
        <React.Suspense fallback={toasts.length ? <Flash toast={toasts[toasts.length - 1]} hidden /> : null}>
          <LazyToastList toasts={toasts} onClose={close} />
        </React.Suspense>
      ) : null}
    </ToastContext.Provider>
  );
}

/** A message as plain text: before JavaScript runs, and while the toast code loads. */
function Flash({ toast, hidden }: { toast: Omit<ToastMessage, "id">; hidden?: boolean }) {
  // Under the menu panel (z-50), and closed by its own link (app.css hides it once targeted).
  return (
    <div
      id={hidden ? undefined : "flash"}
      role={hidden ? undefined : "status"}
      aria-hidden={hidden || undefined}
      className="fixed bottom-4 left-4 right-4 z-40 ml-auto max-w-md rounded-lg border bg-background p-4 shadow-lg wrap-anywhere"
    >
      <p className="font-semibold">{toast.title}</p>
      {toast.description ? <p>{toast.description}</p> : null}
      {hidden ? null : (
        <a href="#flash" className="mt-1 inline-flex min-h-11 items-center underline">
          Dismiss
        </a>
      )}
    </div>
  );
}
