export function GuideDisclaimer({ text }: { text: string }) {
  return (
    <aside role="note" aria-label="Disclaimer" data-guide-disclaimer="" className="mt-10 rounded-xl border bg-muted p-5">
      <p className="font-semibold">Please note</p>
      <p className="mt-1 text-base leading-relaxed">{text}</p>
    </aside>
  );
}
