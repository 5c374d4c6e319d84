import { waitingWords } from "~/lib/shell-viewer";

/**
 * "(3)" beside Admin, and "1 urgent" apart when someone may be at risk; screen readers hear
 * "Admin 3 items waiting for review, 1 urgent". Collapsed, only the number shows over the icon.
 */
export default function WaitingCount({ waiting, collapsed }: { waiting: { total: number; urgent: number }; collapsed: boolean }) {
  if (collapsed) {
    return (
      <span aria-hidden="true" className="-ml-2 self-start text-xs font-bold" data-waiting-count={waiting.total}>
        {waiting.total}
      </span>
    );
  }
  return (
    <>
      <span aria-hidden="true" data-waiting-count={waiting.total}>
        ({waiting.total})
      </span>
      {waiting.urgent > 0 ? (
        <span aria-hidden="true" className="rounded-full bg-primary px-2 text-xs font-semibold text-primary-foreground" data-waiting-urgent={waiting.urgent}>
          {waiting.urgent} urgent
        </span>
      ) : null}
      <span className="sr-only">{waitingWords(waiting)}</span>
    </>
  );
}
