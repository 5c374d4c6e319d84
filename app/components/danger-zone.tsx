// A clearly marked area for actions that cannot be undone (deleting an account, turning off
// two-step verification): its own heading and a red frame, apart from the page's other forms.
import type * as React from "react";
import { TriangleAlert } from "./icons";

export function DangerZone({ id, title, description, children }: { id: string; title: string; description: React.ReactNode; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-4 rounded-xl border-2 border-destructive bg-destructive/5 p-6">
      <div className="grid gap-1">
        <p className="text-sm font-semibold text-destructive">Danger zone</p>
        <h2 id={id} className="flex items-center gap-2 text-xl font-semibold">
          <TriangleAlert aria-hidden="true" className="size-5 shrink-0 text-destructive" />
          {title}
        </h2>
        <div className="text-muted-foreground">{description}</div>
      </div>
      {children}
    </section>
  );
}
