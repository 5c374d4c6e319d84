import * as React from "react";
import { useToast } from "./toast-context";
import type { ToastMessage } from "./toast-message";

/** Shows the toast an action returned (once per result). */
export function useActionToast(result: { toast?: ToastMessage } | undefined | null) {
  const show = useToast();
  React.useEffect(() => {
    if (result?.toast) show(result.toast);
  }, [result, show]);
}
