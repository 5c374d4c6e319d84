// A toggle on one answer (Helpful, Helped me most) as a form, so it works without scripts. Its
// state is seen as well as announced: pressed, the icon fills, the button takes the accent colour
// and words beside it say so; the button's name stays the same, as a toggle's should. The form
// says which state it asks for ("want"), and with scripts a press while one is on its way is
// ignored: a quick double tap marks once, with one message.
import * as React from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { useToast } from "~/components/ui/toast";
import { cn } from "~/lib/cn";
import { useHydrated } from "~/lib/use-hydrated";

// Lucide's thumbs-up and star as plain markup: only the question page draws them, so they stay
// out of the icon module every page loads.
const ICON_PATHS = {
  helpful: [
    "M15 5.88 14 10h5.83a2 2 0 0 1 1.92 2.56l-2.33 8A2 2 0 0 1 17.5 22H4a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2h2.76a2 2 0 0 0 1.79-1.11L12 2a3.13 3.13 0 0 1 3 3.88Z",
    "M7 10v12",
  ],
  "helped-most": [
    "M11.525 2.295a.53.53 0 0 1 .95 0l2.31 4.679a2.123 2.123 0 0 0 1.595 1.16l5.166.756a.53.53 0 0 1 .294.904l-3.736 3.638a2.123 2.123 0 0 0-.611 1.878l.882 5.14a.53.53 0 0 1-.771.56l-4.618-2.428a2.122 2.122 0 0 0-1.973 0L6.396 21.01a.53.53 0 0 1-.77-.56l.881-5.139a2.122 2.122 0 0 0-.611-1.879L2.16 9.795a.53.53 0 0 1 .294-.906l5.165-.755a2.122 2.122 0 0 0 1.597-1.16z",
  ],
} as const;

function ToggleIcon({ intent, filled }: { intent: keyof typeof ICON_PATHS; filled: boolean }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={cn(filled && "fill-current")}
    >
      {ICON_PATHS[intent].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

const TOGGLES = {
  helpful: { label: "Helpful", pressedNote: "You found this helpful" },
  "helped-most": { label: "Helped me most", pressedNote: "You chose this answer" },
} as const;

type ToggleResult = { toast?: { id: string; title: string; description?: string; variant?: "destructive" } };

export function AnswerToggle({ intent, answerId, pressed: saved }: { intent: keyof typeof TOGGLES; answerId: number; pressed: boolean }) {
  const { label, pressedNote } = TOGGLES[intent];
  const fetcher = useFetcher<ToggleResult>();
  const hydrated = useHydrated();
  const show = useToast();
  React.useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.toast) show(fetcher.data.toast);
  }, [fetcher.state, fetcher.data, show]);
  // While a press is on its way the button already shows what it asked for.
  const asked = fetcher.formData?.get("want");
  const pressed = asked ? asked === "on" : saved;
  return (
    <fetcher.Form
      method="post"
      className="flex flex-wrap items-center gap-x-2"
      onSubmit={(event) => {
        if (fetcher.state !== "idle") event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="answerId" value={answerId} />
      <input type="hidden" name="want" value={pressed ? "off" : "on"} />
      {hydrated ? <input type="hidden" name="via" value="fetcher" /> : null}
      <Button type="submit" variant="outline" aria-pressed={pressed} className={cn("font-semibold", pressed && "border-foreground bg-accent")}>
        <ToggleIcon intent={intent} filled={pressed} />
        {label}
      </Button>
      {pressed ? <span className="text-sm font-medium">{pressedNote}</span> : null}
    </fetcher.Form>
  );
}
