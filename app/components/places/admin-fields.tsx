// Labelled form fields for the places administration. An error is tied to its field
// (aria-describedby, aria-invalid) and announced when it appears.
import type * as React from "react";
import { TextAreaField as BaseTextAreaField, TextField as BaseTextField } from "~/components/form-field";
import { FieldError } from "~/components/ui/input";
import { cn } from "~/lib/cn";

interface FieldProps {
  name: string;
  label: string;
  hint?: string;
  error?: string;
  /** Prefix for element ids, so two forms on one page never share an id. */
  idPrefix: string;
  className?: string;
}

/** The shared labelled fields, with ids made from the form's prefix and the field's name. */
export function TextField({ name, idPrefix, className, ...rest }: FieldProps & Omit<React.ComponentProps<"input">, "name" | "id">) {
  return (
    <div className={className}>
      <BaseTextField id={`${idPrefix}-${name}`} name={name} {...rest} />
    </div>
  );
}

export function TextAreaField({ name, idPrefix, className, ...rest }: FieldProps & Omit<React.ComponentProps<"textarea">, "name" | "id">) {
  return (
    <div className={className}>
      <BaseTextAreaField id={`${idPrefix}-${name}`} name={name} {...rest} />
    </div>
  );
}

export function CheckboxField({ name, label, error, idPrefix, className, defaultChecked }: FieldProps & { defaultChecked?: boolean }) {
  const id = `${idPrefix}-${name}`;
  return (
    <div className={cn("flex flex-col", className)}>
      <label htmlFor={id} className="inline-flex min-h-11 w-fit cursor-pointer items-center gap-3 text-base font-medium">
        <input
          id={id}
          name={name}
          type="checkbox"
          value="true"
          defaultChecked={defaultChecked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="size-6 accent-primary focus-ring"
        />
        {label}
      </label>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

/** A message about the whole form (not one field). */
export function FormError({ children }: { children?: React.ReactNode }) {
  if (!children) return null;
  return (
    <p role="alert" className="rounded-md border-2 border-destructive bg-destructive/5 p-3 font-medium text-destructive">
      {children}
    </p>
  );
}
