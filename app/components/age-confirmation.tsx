// The sign-up form's required "I am 16 or older" (the age is MINIMUM_AGE, stated on /terms). The
// server checks it too: without it nothing is created.
import { Link } from "react-router";

export function AgeConfirmation({ age, error }: { age: number; error?: string }) {
  return (
    <div className="grid gap-1">
      <label htmlFor="signup-age" className="flex min-h-11 items-center gap-3">
        <input
          id="signup-age"
          type="checkbox"
          name="ageConfirmed"
          value="yes"
          required
          className="size-5 shrink-0 focus-ring"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "signup-age-error" : undefined}
        />
        <span>I am {age} or older</span>
      </label>
      <p className="text-sm text-muted-foreground">
        The community is for people aged {age} and over, as the{" "}
        <Link to="/terms" className="underline">
          terms of use
        </Link>{" "}
        say.
      </p>
      {error ? (
        <p id="signup-age-error" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
