// A password field with a Show button beside it: a toggle (its name stays "Show password", its
// pressed state says whether the password is shown), 44 px, for members whose stiff fingers
// mistype. It needs scripts, so without them there is no button that would do nothing.
import * as React from "react";
import { TextField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/lib/use-hydrated";

export function PasswordField(props: Omit<React.ComponentProps<typeof TextField>, "type" | "after">) {
  const hydrated = useHydrated();
  const [shown, setShown] = React.useState(false);
  const toggle = hydrated ? (
    <Button type="button" variant="outline" aria-pressed={shown} onClick={() => setShown((s) => !s)} className="shrink-0">
      Show<span className="sr-only">{` ${props.label.toLowerCase()}`}</span>
    </Button>
  ) : null;
  return <TextField {...props} type={shown ? "text" : "password"} after={toggle} />;
}
