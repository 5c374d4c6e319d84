import { Mail, MapPin, Phone } from "~/components/icons";

export interface ContactDetails {
  postalAddress: string;
  supportPhone: string;
  supportPhoneTel: string;
  supportEmail: string;
}

const linkClass = "inline-flex min-h-11 items-center font-medium text-link underline underline-offset-4 hover:no-underline focus-ring";

export function GuideContact({ contact, intro }: { contact: ContactDetails; intro: string }) {
  return (
    <section aria-labelledby="guide-contact-heading" className="mt-10 rounded-xl border bg-card p-6">
      <h2 id="guide-contact-heading" className="text-2xl font-bold">
        Contact us
      </h2>
      <p className="mt-2 text-muted-foreground">{intro}</p>
      <address className="mt-4 grid gap-2 not-italic">
        <p className="flex items-start gap-3">
          <MapPin aria-hidden="true" className="mt-1 size-5 shrink-0" />
          <span>{contact.postalAddress}</span>
        </p>
        <p className="flex items-center gap-3">
          <Phone aria-hidden="true" className="size-5 shrink-0" />
          <a href={`tel:${contact.supportPhoneTel}`} className={linkClass}>
            {contact.supportPhone}
          </a>
        </p>
        <p className="flex items-center gap-3">
          <Mail aria-hidden="true" className="size-5 shrink-0" />
          <a href={`mailto:${contact.supportEmail}`} className={`${linkClass} break-all`}>
            {contact.supportEmail}
          </a>
        </p>
      </address>
    </section>
  );
}
