// The parts of a city-service landing page: its header, the (sanitised) content, the
// 'Get Connected' card and the contact section.
import { BookOpen, Mail, MapPin, MessagesSquare, Phone } from "~/components/icons";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button-variants";
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";

export function PlaceHeader({ cityName, state, serviceName }: { cityName: string; state: string; serviceName: string }) {
  return (
    <header className="border-b pb-6">
      <p className="flex items-center gap-2 text-base font-medium text-muted-foreground">
        <MapPin aria-hidden="true" className="size-5 shrink-0 text-primary" />
        <span>
          {cityName}, {state}
        </span>
      </p>
      <h1 className="mt-2 text-3xl font-bold leading-tight sm:text-4xl">
        {serviceName} in {cityName}, {state}
      </h1>
    </header>
  );
}

/** HTML that the server has sanitised with the allow-list (never raw input). */
export function PlaceContent({ html }: { html: string }) {
  return <div className="prose-content mt-8" data-testid="place-content" dangerouslySetInnerHTML={{ __html: html }} />;
}

export function GetConnectedCard({ cityName }: { cityName: string }) {
  return (
    <Card className="mt-10 bg-secondary/60">
      <CardHeader>
        <CardTitle>Get Connected</CardTitle>
        <CardDescription className="text-foreground">
          Join our community to find local resources, swap practical tips and connect with people in {cityName} who understand life with rheumatoid arthritis.
        </CardDescription>
      </CardHeader>
      <CardFooter className="flex-wrap">
        <Link to="/forum" className={buttonVariants({ variant: "default" })}>
          <MessagesSquare aria-hidden="true" />
          Join Forum
        </Link>
        <Link to="/blog" className={buttonVariants({ variant: "outline" })}>
          <BookOpen aria-hidden="true" />
          Browse Articles
        </Link>
      </CardFooter>
    </Card>
  );
}

export function ContactSection({ phone, phoneTel, email }: { phone: string; phoneTel: string; email: string }) {
  return (
    <section aria-labelledby="contact-us" className="mt-10">
      <h2 id="contact-us" className="text-2xl font-bold">
        Contact Us
      </h2>
      <p className="mt-2 text-muted-foreground">Questions about local resources or our products? We are happy to help.</p>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:gap-6">
        <a
          href={`tel:${phoneTel}`}
          className="inline-flex min-h-11 items-center gap-2 rounded-md font-medium text-link underline underline-offset-4 hover:no-underline focus-ring"
        >
          <Phone aria-hidden="true" className="size-5" />
          <span>
            <span className="sr-only">Call </span>
            {phone}
          </span>
        </a>
        <a
          href={`mailto:${email}`}
          className="inline-flex min-h-11 items-center gap-2 rounded-md font-medium text-link underline underline-offset-4 break-all hover:no-underline focus-ring"
        >
          <Mail aria-hidden="true" className="size-5 shrink-0" />
          <span>
            <span className="sr-only">Email </span>
            {email}
          </span>
        </a>
      </div>
    </section>
  );
}
