// The words every guide shares (the product card, the disclaimer, the introductions of further
// reading and contact) are sent with the guide's data, like its body, rather than in the page's
// script: the guides' script stays within its budget however much of this text there is.
import type { GuideCopy, ReadingLink } from "~/lib/guide-copy";

// Pages by public health bodies (and one national arthritis charity) for readers who want a second,
// independent source. Links only: their text is theirs. The addresses are the bodies' long-standing
// condition pages, and the NHS page on capsaicin cream, which every guide's product card is about.
const FURTHER_READING: readonly ReadingLink[] = [
  { href: "https://www.nhs.uk/conditions/rheumatoid-arthritis/", title: "Rheumatoid arthritis", publisher: "NHS (UK National Health Service)" },
  {
    href: "https://www.niams.nih.gov/health-topics/rheumatoid-arthritis",
    title: "Rheumatoid arthritis",
    publisher: "NIAMS (US National Institute of Arthritis and Musculoskeletal and Skin Diseases)",
  },
  {
    href: "https://www.cdc.gov/arthritis/rheumatoid-arthritis/index.html",
    title: "Rheumatoid arthritis",
    publisher: "CDC (US Centers for Disease Control and Prevention)",
  },
  {
    href: "https://www.versusarthritis.org/about-arthritis/conditions/rheumatoid-arthritis/",
    title: "Rheumatoid arthritis",
    publisher: "Versus Arthritis (UK arthritis charity)",
  },
  { href: "https://www.nhs.uk/medicines/capsaicin-cream/", title: "Capsaicin cream", publisher: "NHS (UK National Health Service)" },
];

export const GUIDE_DISCLAIMER =
  "This guide is for information only and is not medical advice. It does not replace a conversation with your doctor, rheumatologist or pharmacist. Always read the product label, and talk to a health professional before changing any treatment.";

export const GUIDE_COPY: GuideCopy = {
  cta: {
    from: "From Capsiva, the makers of this site",
    title: "Capsiva capsaicin hand cream and roll-on",
    text: "Topical capsaicin helps some people with some kinds of joint pain, especially when it is used regularly for a few weeks. Always follow the product label, and remember that a cream or roll-on is not a replacement for care from your rheumatologist.",
  },
  disclaimer: GUIDE_DISCLAIMER,
  furtherReading: {
    intro: "Independent information from public health bodies and a national arthritis charity. These links open their websites in a new tab.",
    links: FURTHER_READING,
  },
  contactIntro: "Questions about our products or this guide? We are happy to help.",
};
