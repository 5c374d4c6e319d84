import { Accordion, AccordionItem } from "~/components/ui/accordion";

/** The guide's questions as an accordion: one open at a time, the open one can be closed. */
export function GuideFaq({ items }: { items: readonly { q: string; a: string }[] }) {
  return (
    <section aria-labelledby="guide-faq-heading" data-guide-faq="" className="mt-10">
      <h2 id="guide-faq-heading" className="text-2xl font-bold">
        Frequently asked questions
      </h2>
      <Accordion className="mt-4 border-t">
        {items.map((item) => (
          <AccordionItem key={item.q} group="guide-faq" question={item.q}>
            <p>{item.a}</p>
          </AccordionItem>
        ))}
      </Accordion>
    </section>
  );
}
