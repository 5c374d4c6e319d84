// Labelled form fields for the places administration. An error is tied to its field
// (aria-describedby, aria-invalid) and announced when it appears.
import type * as React from "react";
import { FieldError, Input, Label, Textarea } from "~/components/ui/input";
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

function describedBy(...ids: (string | false | undefined)[]) {
  const list = ids.filter(Boolean).join(" ");
  return list || undefined;
}

export function TextField({
  name,
  label,
  hint,
  error,
  idPrefix,
  className,
  ...input
}: FieldProps & Omit<React.ComponentProps<"input">, "name" | "id">) {
  const id = `${idPrefix}-${name}`;
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <Input
        id={id}
        name={name}
        className="mt-1"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && `${id}-hint`, error && `${id}-error`)}
        {...input}
      />
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

export function TextAreaField({
  name,
  label,
  hint,
  error,
  idPrefix,
  className,
  ...textarea
}: FieldProps & Omit<React.ComponentProps<"textarea">, "name" | "id">) {
  const id = `${idPrefix}-${name}`;
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <Textarea
        id={id}
        name={name}
        className="mt-1"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && `${id}-hint`, error && `${id}-error`)}
        {...textarea}
      />
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

export function CheckboxField({
  name,
  label,
  error,
  idPrefix,
  className,
  defaultChecked,
}: FieldProps & { defaultChecked?: boolean }) {
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
          className="size-6 accent-primary focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
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
