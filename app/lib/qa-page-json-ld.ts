// A forum question's structured data (schema.org QAPage), apart from json-ld.ts so that the
// guides' pages, which load that module, do not carry it.
import { absoluteUrl } from "./json-ld";

const CONTEXT = "https://schema.org";

interface QaAnswer {
  id: number;
  contentText: string;
  authorName: string;
  createdAt: string;
  helpfulCount: number;
}

/**
 * A forum question as a QAPage: the answer that helped the asker most is the accepted one, the
 * others are suggested, and each answer's helpful marks are its upvotes (there are no down-votes).
 */
export function qaPageJsonLd(
  siteUrl: string,
  q: { id: number; title: string; contentText: string; authorName: string; createdAt: string; answers: readonly QaAnswer[]; acceptedId: number | null },
) {
  const person = (name: string) => ({ "@type": "Person", name });
  const answer = (a: QaAnswer) => ({
    "@type": "Answer",
    text: a.contentText,
    datePublished: a.createdAt,
    upvoteCount: a.helpfulCount,
    url: absoluteUrl(siteUrl, `/forum/${q.id}#answer-${a.id}`),
    author: person(a.authorName),
  });
  const accepted = q.answers.find((a) => a.id === q.acceptedId);
  return {
    "@context": CONTEXT,
    "@type": "QAPage",
    mainEntity: {
      "@type": "Question",
      name: q.title,
      text: q.contentText,
      answerCount: q.answers.length,
      datePublished: q.createdAt,
      author: person(q.authorName),
      ...(accepted ? { acceptedAnswer: answer(accepted) } : {}),
      suggestedAnswer: q.answers.filter((a) => a !== accepted).map(answer),
    },
  };
}
