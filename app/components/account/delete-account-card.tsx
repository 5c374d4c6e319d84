// The account page's danger zone: delete the account, keeping or deleting what it wrote.
import { Form } from "react-router";
import { DangerZone } from "~/components/danger-zone";
import { TextField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { LIMITS } from "~/lib/limits";

export function DeleteAccountCard({ errors, busy }: { errors: Record<string, string | undefined>; busy: boolean }) {
  return (
    <DangerZone id="delete-account-heading" title="Delete my account" description="This cannot be undone.">
      <div>
        <Form method="post" className="grid gap-4 sm:max-w-md">
          <input type="hidden" name="intent" value="delete-account" />
          <fieldset className="grid gap-2" aria-describedby={errors.content ? "delete-content-error" : undefined}>
            <legend className="font-medium">What should happen to your questions, answers and stories?</legend>
            <label className="flex min-h-11 items-center gap-3">
              <input type="radio" name="content" value="keep" required className="size-5" /> Keep them, shown as &lsquo;Anonymous&rsquo;
            </label>
            <label className="flex min-h-11 items-center gap-3">
              <input type="radio" name="content" value="delete" required className="size-5" /> Delete them too
            </label>
            {errors.content ? (
              <p id="delete-content-error" role="alert" className="font-medium text-destructive">
                {errors.content}
              </p>
            ) : null}
          </fieldset>
          <TextField
            id="delete-password"
            label="Your password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            maxLength={LIMITS.passwordMax}
            error={errors.password}
          />
          <Button type="submit" variant="destructive" disabled={busy}>
            {busy ? "Deleting..." : "Delete my account"}
          </Button>
        </Form>
      </div>
    </DangerZone>
  );
}
