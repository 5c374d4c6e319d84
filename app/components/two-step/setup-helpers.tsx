import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";

/** Groups a base32 key in fours so it can be read off one screen and typed on another. */
function groupInFours(key: string): string {
  return (
    key
      .replace(/\s+/g, "")
      .match(/.{1,4}/g)
      ?.join(" ") ?? ""
  );
}

/* Rendered only after hydration: without JavaScript there is no clipboard API to call, so the
   button would do nothing; the text beside it stays selectable instead. The live region says
   "Copied" so screen-reader users hear that the press worked. */
function CopyButton({ text, label }: { text: string; label: string }) {
  const [ready, setReady] = useState(false);
  const [copied, setCopied] = useState(false);
  useEffect(() => setReady(true), []);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(t);
  }, [copied]);
  if (!ready) return null;
  return (
    <span className="inline-flex items-center gap-2">
      <Button type="button" variant="outline" className="min-h-11" onClick={() => void navigator.clipboard.writeText(text).then(() => setCopied(true))}>
        {copied ? "Copied" : label}
      </Button>
      <span aria-live="polite" className="sr-only">
        {copied ? "Copied" : ""}
      </span>
    </span>
  );
}

export function AuthenticatorKey({ totpURI, secret }: { totpURI: string; secret: string }) {
  return (
    <div className="grid gap-3">
      <a
        href={totpURI}
        className="inline-flex min-h-11 w-fit items-center rounded-md border px-4 font-medium underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2"
      >
        Open in your authenticator app
      </a>
      <p className="flex flex-wrap items-center gap-2">
        Key:{" "}
        <code data-testid="totp-secret" className="select-all break-words rounded bg-muted px-2 py-1 font-mono text-lg">
          {groupInFours(secret)}
        </code>
        <CopyButton text={secret} label="Copy key" />
      </p>
    </div>
  );
}

/* The file is made in the browser from the codes already on screen, so nothing is stored on the
   server and no route can hand the codes out again later. */
function DownloadCodes({ codes }: { codes: string[] }) {
  const [href, setHref] = useState<string | null>(null);
  useEffect(() => {
    const url = URL.createObjectURL(new Blob([`Capsiva backup codes\n\n${codes.join("\n")}\n`], { type: "text/plain" }));
    setHref(url);
    return () => URL.revokeObjectURL(url);
  }, [codes]);
  if (!href) return null;
  return (
    <a
      href={href}
      download="capsiva-backup-codes.txt"
      className="inline-flex min-h-11 items-center rounded-md border px-4 font-medium focus-visible:outline-2 focus-visible:outline-offset-2"
    >
      Download codes
    </a>
  );
}

export function BackupCodes({ codes }: { codes: string[] }) {
  return (
    <div className="grid gap-2">
      <p className="font-medium">Backup codes: keep them somewhere safe. Each works once if you lose your phone.</p>
      <ul className="grid grid-cols-2 gap-2 font-mono text-lg" aria-label="Backup codes">
        {codes.map((c) => (
          <li key={c} className="rounded bg-muted px-2 py-1">
            {c}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <CopyButton text={codes.join("\n")} label="Copy codes" />
        <DownloadCodes codes={codes} />
      </div>
    </div>
  );
}
