// Keyboard help on a question page: a link straight to the answer box, and focus moved to the
// post an address points at (#question after asking, #answer-12 after answering or from a
// notification), so that the next Tab continues from what was posted, not from the page's top.
import * as React from "react";
import { useLocation } from "react-router";

export function FocusOnArrival() {
  const { hash, key } = useLocation();
  React.useEffect(() => {
    if (!/^#(question|answer-\d+)$/.test(hash)) return;
    document.getElementById(hash.slice(1))?.focus();
  }, [hash, key]);
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
