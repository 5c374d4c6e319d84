// Up to five questions like the one being asked, under the ask form's title: with scripts they
// follow the title as it is typed (after a pause); without, they come back with the form after a
// first submit. Each opens in a new tab, so the form and what was typed stay as they are.
import * as React from "react";
import { useFetcher } from "react-router";
import { useHydrated } from "~/lib/use-hydrated";

export interface SimilarQuestion {
  id: number;
  title: string;
}

export function SimilarQuestions({ id, title, initial }: { id: string; title: string; initial?: SimilarQuestion[] }) {
  const fetcher = useFetcher<{ questions: SimilarQuestion[] }>();
  const hydrated = useHydrated();
  const typed = title.trim();
  const { load } = fetcher;
  React.useEffect(() => {
    if (!hydrated || typed.length < 3) return;
    const timer = setTimeout(() => void load(`/forum/similar?title=${encodeURIComponent(typed)}`), 400);
    return () => clearTimeout(timer);
  }, [hydrated, typed, load]);
  const questions = (typed.length >= 3 ? fetcher.data?.questions : undefined) ?? initial ?? [];
  return (
    <div id={id} aria-live="polite">
      {questions.length ? (
        <div className="grid gap-1 rounded-md border-2 border-info/40 bg-info-muted p-3">
          <p className="font-medium">Similar questions already asked</p>
          <ul className="grid">
            {questions.map((q) => (
              <li key={q.id}>
                <a
                  href={`/forum/${q.id}`}
                  target="_blank"
                  rel="noopener"
                  className="inline-flex min-h-11 items-center py-1 text-link underline underline-offset-4"
                >
                  {q.title}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
