// Keyboard help on a question page: a link straight to the answer box, and focus moved to what
// the member arrived for. After a form or a link (a client-side navigation, which leaves focus
// nowhere), focus goes to the question, or to the answer an address points at (#answer-12 from
// a notification), so the next Tab continues from there rather than from the page's top. A
// page's first load keeps the browser's own start, where the skip link is.
import * as React from "react";
import { useLocation, useNavigationType } from "react-router";

export function FocusOnArrival() {
  const { hash, key } = useLocation();
  const type = useNavigationType();
  React.useEffect(() => {
    if (type === "POP") return;
    const target = /^#answer-\d+$/.test(hash) ? document.getElementById(hash.slice(1)) : null;
    if (target) target.focus();
    else if (!document.activeElement || document.activeElement === document.body) document.getElementById("question-title")?.focus();
  }, [hash, key, type]);
  return null;
}

export function ToAnswerBox({ signedIn }: { signedIn: boolean }) {
  return (
    <p>
      <a
        href="#your-answer"
        className="inline-flex min-h-11 items-center font-medium text-link underline underline-offset-4"
        onClick={(event) => {
          const box = document.getElementById("answer-content");
          if (!box) return;
          event.preventDefault();
          box.focus();
        }}
      >
        {signedIn ? "Write an answer" : "Answer this question"}
      </a>
    </p>
  );
}
