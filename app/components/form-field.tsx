// A labelled field with its error tied to it (aria-invalid + aria-describedby), so screen readers
// announce what is wrong and where.
import * as React from "react";
import { FieldError, Input, Label, Select, Textarea } from "./ui/input";

type Common = { id: string; label: string; error?: string; hint?: React.ReactNode };

/**
 * Label, hint and error around one control, with the ARIA that ties them together. An error
 * goes as soon as the member changes the field (it may be right now), and can come back from
 * the next submit; without JavaScript the server's error simply shows until then.
 */
function Field({
  id,
  label,
  error: given,
  hint,
  children,
}: Common & { children: (aria: { "aria-invalid"?: true; "aria-describedby"?: string }) => React.ReactNode }) {
  const [edited, setEdited] = React.useState(false);
  const ref = React.useRef<HTMLDivElement>(null);
  React.useEffect(() => {
    const form = ref.current?.closest("form");
    const submitted = () => setEdited(false);
    form?.addEventListener("submit", submitted);
    return () => form?.removeEventListener("submit", submitted);
  }, []);
  const error = edited ? undefined : given;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  const onEdit = given && !edited ? () => setEdited(true) : undefined;
  return (
    <div ref={ref} className="grid gap-1.5" onInput={onEdit} onChange={onEdit}>
      <Label htmlFor={id}>{label}</Label>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {children({ "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

/** `after`: a control beside the field on its row (a password's Show button). */
export function TextField({ id, label, error, hint, after, ...props }: Common & React.ComponentProps<"input"> & { after?: React.ReactNode }) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      {(aria) =>
        after ? (
          <div className="flex gap-2">
            <Input id={id} {...aria} {...props} />
            {after}
          </div>
        ) : (
          <Input id={id} {...aria} {...props} />
        )
      }
    </Field>
  );
}

export function TextAreaField({ id, label, error, hint, ...props }: Common & React.ComponentProps<"textarea">) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      {(aria) => <Textarea id={id} {...aria} {...props} />}
    </Field>
  );
}

export function SelectField({ id, label, error, hint, ...props }: Common & React.ComponentProps<"select">) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      {(aria) => <Select id={id} {...aria} {...props} />}
    </Field>
  );
}

/** A form-level message (e.g. the destructive 'Error' notice), announced when it appears. */
export function FormAlert({ title, children, variant = "destructive" }: { title: string; children?: React.ReactNode; variant?: "destructive" | "success" }) {
  return (
    <div
      role={variant === "destructive" ? "alert" : "status"}
      className={
        variant === "destructive"
          ? "rounded-md border-2 border-destructive bg-destructive/5 p-3 text-destructive"
          : "rounded-md border-2 border-success bg-success/5 p-3 text-success"
      }
    >
      <p className="font-semibold">{title}</p>
      {children ? <p>{children}</p> : null}
    </div>
  );
}
