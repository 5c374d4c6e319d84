import * as React from "react";
import { useToast, type ToastMessage } from "~/components/ui/toast";

/** Shows the toast an action returned (once per result). */
export function useActionToast(result: { toast?: ToastMessage } | undefined | null) {
  const show = useToast();
  React.useEffect(() => {
    if (result?.toast) show(result.toast);
  }, [result, show]);
}
