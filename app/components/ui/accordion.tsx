import { ChevronDown } from "~/components/icons";
import type * as React from "react";

// Built on <details name="...">: the browser keeps one item of a group open at a time, the open
// one can be closed, Enter and Space toggle it, the text is in the page for search engines and
// find-in-page, and it all works before (or without) JavaScript.

export function Accordion({ children, className }: { children: React.ReactNode; className?: string }) {
  return <div className={className}>{children}</div>;
}

export function AccordionItem({ group, question, children }: { group: string; question: string; children: React.ReactNode }) {
  return (
    <details name={group} className="group border-b">
      <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-4 py-4 text-left text-lg font-medium hover:underline focus-ring [&::-webkit-details-marker]:hidden">
        <h3 className="text-lg font-medium">{question}</h3>
        <ChevronDown aria-hidden="true" className="size-5 shrink-0 transition-transform group-open:rotate-180 motion-reduce:transition-none" />
      </summary>
      <div className="pb-4 text-base leading-relaxed">{children}</div>
    </details>
  );
}
