// How any component or hook shows a toast: `useToast()` gives the function the Toaster
// (components/ui/toast.tsx) provides. Here, below the components, so that hooks in lib can show
// toasts without importing a component.
import * as React from "react";
import type { ToastMessage } from "./toast-message";

export type ShowToast = (toast: Omit<ToastMessage, "id"> & { id?: string }) => void;

export const ToastContext = React.createContext<ShowToast>(() => {});

export function useToast() {
  return React.useContext(ToastContext);
}
