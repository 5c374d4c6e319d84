// A post by a member the reader muted: folded, with its author's name and a Show control that
// opens it (a <details>, so it works without scripts). Only the reader's own page folds it.
import type { ReactNode } from "react";

// In a list row whose title link covers the row, `raised` keeps the summary above that link.
export function MutedFold({ muted, name, raised, children }: { muted: boolean; name: string; raised?: boolean; children: ReactNode }) {
  if (!muted) return <>{children}</>;
  return (
    <details className="group grid gap-2" data-muted-post="">
      <summary
        className={`flex min-h-11 cursor-pointer flex-wrap items-center gap-2 rounded-md text-sm text-muted-foreground focus-ring${raised ? " relative z-10" : ""}`}
      >
        <span>Hidden because you muted {name}</span>
        <span className="font-medium text-link underline underline-offset-4 group-open:hidden">Show</span>
        <span className="hidden font-medium text-link underline underline-offset-4 group-open:inline">Fold again</span>
      </summary>
      {children}
    </details>
  );
}
