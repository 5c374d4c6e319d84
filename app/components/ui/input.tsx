import type * as React from "react";
import { cn } from "~/lib/cn";

const fieldClass =
  "block w-full rounded-md border-2 border-input bg-background px-3 py-2 text-base text-foreground placeholder:text-muted-foreground focus-ring aria-[invalid=true]:border-destructive";

export function Input({ className, ...props }: React.ComponentProps<"input">) {
  return <input className={cn(fieldClass, "min-h-11", className)} {...props} />;
}
export function Textarea({ className, ...props }: React.ComponentProps<"textarea">) {
  return <textarea className={cn(fieldClass, "min-h-32", className)} {...props} />;
}
/** A native select: works without JavaScript, and phones show their own large picker. */
export function Select({ className, ...props }: React.ComponentProps<"select">) {
  return <select className={cn(fieldClass, "min-h-11", className)} {...props} />;
}
export function Label({ className, ...props }: React.ComponentProps<"label">) {
  return <label className={cn("block text-base font-medium", className)} {...props} />;
}
/** A field's error, tied to the field with aria-describedby and announced when it appears. */
export function FieldError({ id, children }: { id: string; children?: React.ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-base font-medium text-destructive">
      {children}
    </p>
  );
}
