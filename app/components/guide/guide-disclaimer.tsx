export const GUIDE_DISCLAIMER =
  "This guide is for information only and is not medical advice. It does not replace a conversation with your doctor, rheumatologist or pharmacist. Always read the product label, and talk to a health professional before changing any treatment.";

export function GuideDisclaimer() {
  return (
    <aside role="note" aria-label="Disclaimer" data-guide-disclaimer="" className="mt-10 rounded-xl border bg-muted p-5">
      <p className="font-semibold">Please note</p>
      <p className="mt-1 text-base leading-relaxed">{GUIDE_DISCLAIMER}</p>
    </aside>
  );
}
