/** A page by a public health body or charity that a guide points to. */
export interface ReadingLink {
  href: string;
  title: string;
  publisher: string;
}

/** The words every guide shares, sent with the guide's data (app/server/guides/guide-copy.server.ts). */
export interface GuideCopy {
  cta: { from: string; title: string; text: string };
  disclaimer: string;
  furtherReading: { intro: string; links: readonly ReadingLink[] };
  contactIntro: string;
}
