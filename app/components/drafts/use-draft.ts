// A form's draft as the member types: saved on the server two seconds after typing stops, and at
// once when the page is hidden or left; "Draft saved" only once the server said so. A save that
// fails keeps the text on this device and tries again; a save refused because another tab or
// device saved a newer text shows both, and the member chooses. Leaving with unsaved text asks.
// An edit starts from the post's own text (`original`), which is not a draft until changed.
import * as React from "react";
import { useBlocker } from "react-router";
import type { DraftKind, ShownDraft } from "~/lib/draft-kinds";
import { readLocalCopy, removeLocalCopy, writeLocalCopy } from "./local-copy";

export interface DraftText {
  title: string;
  body: string;
}

export type DraftStatus =
  { state: "idle" } | { state: "saved"; at: string } | { state: "failed" } | { state: "conflict"; mine: DraftText; theirs: ShownDraft | null };

const QUIET_MS = 2000;
const RETRY_MS = 15_000;
export const LEAVE_QUESTION = "Your text is not saved yet. Leave this page anyway?";

const same = (a: DraftText, b: DraftText) => a.title === b.title && a.body === b.body;
const EMPTY: DraftText = { title: "", body: "" };

function fieldsOf(form: HTMLFormElement): DraftText {
  const value = (name: string) => {
    const field = form.elements.namedItem(name);
    return field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement ? field.value : "";
  };
  return { title: value("title"), body: value("content") };
}

export function useDraft(options: {
  kind: DraftKind;
  targetId: number;
  /** The signed-in member (null: nothing is saved). */
  memberId: string | null;
  /** The draft the server had when the page was made. */
  saved: ShownDraft | null;
  /** Text sent back by a failed post, shown instead of the draft. */
  typed?: DraftText;
  /** An edit's text as it stands now: shown when there is no draft, and not unsaved text. */
  original?: DraftText;
}) {
  const { kind, targetId, memberId, saved } = options;
  const base = options.original ?? EMPTY;
  const text = React.useRef<DraftText>(options.typed ?? (saved ? { title: saved.title, body: saved.body } : base));
  // What the server holds (as far as this tab knows), and its version.
  const confirmed = React.useRef<DraftText>(saved ? { title: saved.title, body: saved.body } : base);
  const version = React.useRef(saved?.version ?? 0);
  const [status, setStatus] = React.useState<DraftStatus>(saved ? { state: "saved", at: saved.updatedAt } : { state: "idle" });
  const statusRef = React.useRef(status);
  statusRef.current = status;
  const [shownVersion, setShownVersion] = React.useState(version.current);
  const [hasDraft, setHasDraft] = React.useState(Boolean(saved));
  // Bumped when the form must show other text (restored, chosen, discarded): its key.
  const [generation, setGeneration] = React.useState(0);
  const timer = React.useRef<number | undefined>(undefined);
  const retry = React.useRef<number | undefined>(undefined);
  const posting = React.useRef(false);
  // Answers to requests sent before a reset or a discard are not this text's any more.
  const epoch = React.useRef(0);
  const inFlight = React.useRef<Promise<void> | null>(null);

  const dirty = () => !same(text.current, confirmed.current);
  const setVersion = (v: number) => {
    version.current = v;
    setShownVersion(v);
  };
  const keepLocally = () => {
    if (memberId) writeLocalCopy(memberId, kind, targetId, { ...text.current, base: version.current });
  };
  const stopTimers = () => {
    window.clearTimeout(timer.current);
    window.clearTimeout(retry.current);
  };

  const send = React.useCallback(
    async (keepalive = false, force = false): Promise<void> => {
      if (!memberId || posting.current || statusRef.current.state === "conflict" || (!force && !dirty())) return;
      // One save at a time: each starts from the version the one before it made.
      if (inFlight.current) {
        await inFlight.current;
        return send(keepalive, force);
      }
      const sent = { ...text.current };
      const base = version.current;
      const mine = epoch.current;
      const body = new FormData();
      for (const [name, value] of Object.entries({ intent: "save", kind, target: String(targetId), title: sent.title, body: sent.body, version: String(base) }))
        body.set(name, value);
      const request = (async () => {
        let response: Response | null;
        try {
          response = await fetch("/drafts", { method: "POST", body, keepalive, credentials: "same-origin" });
        } catch {
          response = null;
        }
        if (mine !== epoch.current) return;
        const json =
          response && (response.ok || response.status === 409) ? ((await response.json().catch(() => null)) as Record<string, unknown> | null) : null;
        if (mine !== epoch.current) return;
        if (response?.ok && json?.draft) {
          const draft = json.draft as ShownDraft;
          setVersion(draft.version);
          confirmed.current = sent;
          setHasDraft(true);
          window.clearTimeout(retry.current);
          if (!dirty()) removeLocalCopy(memberId, kind, targetId);
          setStatus({ state: "saved", at: draft.updatedAt });
          return;
        }
        if (response?.status === 409 && json) {
          keepLocally();
          setStatus({ state: "conflict", mine: { ...text.current }, theirs: (json.current as ShownDraft | null) ?? null });
          return;
        }
        keepLocally();
        setStatus({ state: "failed" });
        window.clearTimeout(retry.current);
        retry.current = window.setTimeout(() => void send(), RETRY_MS);
      })();
      inFlight.current = request;
      try {
        await request;
      } finally {
        inFlight.current = null;
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [memberId, kind, targetId],
  );

  // Text this device kept but the server never confirmed: shown again, and sent (or, when the
  // server's draft moved on meanwhile, both shown to choose from).
  React.useEffect(() => {
    if (!memberId) return;
    const local = readLocalCopy(memberId, kind, targetId);
    if (!local) return;
    const server = saved ? { title: saved.title, body: saved.body } : base;
    if (same(local, server)) {
      removeLocalCopy(memberId, kind, targetId);
      return;
    }
    text.current = { title: local.title, body: local.body };
    setGeneration((g) => g + 1);
    if (local.base === (saved?.version ?? 0)) void send();
    else setStatus({ state: "conflict", mine: { ...text.current }, theirs: saved });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [memberId, kind, targetId]);

  React.useEffect(() => {
    if (!memberId) return;
    const leaving = () => {
      if (posting.current || !dirty()) return;
      keepLocally();
      void send(true);
    };
    const onVisibility = () => document.visibilityState === "hidden" && leaving();
    // Text the server has not confirmed makes the browser ask first: a save still waiting for its
    // two seconds is sent with the page (keepalive), but may not arrive, and a refused one never will.
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (posting.current || (!dirty() && statusRef.current.state !== "conflict")) return;
      event.preventDefault();
      event.returnValue = "";
    };
    const onOnline = () => statusRef.current.state === "failed" && void send();
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("pagehide", leaving);
    window.addEventListener("beforeunload", onBeforeUnload);
    window.addEventListener("online", onOnline);
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("pagehide", leaving);
      window.removeEventListener("beforeunload", onBeforeUnload);
      window.removeEventListener("online", onOnline);
      stopTimers();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [memberId, send]);

  // Another page in the site: saved first when it can be, asked when it cannot.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      Boolean(memberId) &&
      !posting.current &&
      (dirty() || statusRef.current.state === "conflict") &&
      currentLocation.pathname + currentLocation.search !== nextLocation.pathname + nextLocation.search,
  );
  React.useEffect(() => {
    if (blocker.state !== "blocked") return;
    const ask = () => (window.confirm(LEAVE_QUESTION) ? blocker.proceed() : blocker.reset());
    if (statusRef.current.state !== "idle" && statusRef.current.state !== "saved") return ask();
    stopTimers();
    void send().then(() => (dirty() ? ask() : blocker.proceed()));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [blocker.state]);

  const clear = (theirs: ShownDraft | null) => {
    epoch.current++;
    stopTimers();
    const next = theirs ? { title: theirs.title, body: theirs.body } : base;
    text.current = next;
    confirmed.current = next;
    setVersion(theirs?.version ?? 0);
    if (memberId) removeLocalCopy(memberId, kind, targetId);
    setHasDraft(Boolean(theirs));
    setStatus(theirs ? { state: "saved", at: theirs.updatedAt } : { state: "idle" });
  };

  return {
    status,
    version: shownVersion,
    hasDraft,
    generation,
    /** What the form shows when it is (re)made: the text as last typed. */
    values: () => ({ title: text.current.title, content: text.current.body }),
    /** The form's `onInput`: remembers the text and saves once typing stops. */
    onInput: (event: React.FormEvent<HTMLFormElement>) => {
      text.current = fieldsOf(event.currentTarget);
      posting.current = false;
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => void send(), QUIET_MS);
    },
    /** The form's `onSubmitCapture`: the draft buttons are handled here; a post stops saving. */
    onSubmitCapture: (event: React.FormEvent<HTMLFormElement>) => {
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      const intent = submitter?.getAttribute("name") === "intent" ? submitter.getAttribute("value") : null;
      if (intent === "save-draft" || intent === "discard-draft") {
        event.preventDefault();
        event.stopPropagation();
        text.current = fieldsOf(event.currentTarget);
        window.clearTimeout(timer.current);
        if (intent === "save-draft") void send();
        else void discard();
        return;
      }
      posting.current = true;
      window.clearTimeout(timer.current);
    },
    /** Saves now (a dialog closing). */
    flush: () => {
      window.clearTimeout(timer.current);
      void send();
    },
    /** A post that failed: saving goes on. */
    resume: () => {
      posting.current = false;
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => void send(), QUIET_MS);
    },
    /** The text was posted: the server removed the draft with the post. */
    posted: () => clear(null),
    /** Keeps this tab's text (over the other one), or takes the other text. */
    choose: (which: "mine" | "theirs") => {
      const current = statusRef.current;
      if (current.state !== "conflict") return;
      if (which === "theirs") {
        clear(current.theirs);
        setGeneration((g) => g + 1);
        return;
      }
      confirmed.current = current.theirs ? { title: current.theirs.title, body: current.theirs.body } : base;
      setVersion(current.theirs?.version ?? 0);
      statusRef.current = { state: "idle" };
      setStatus({ state: "idle" });
      void send(false, true);
    },
  };

  async function discard() {
    const body = new FormData();
    for (const [name, value] of Object.entries({ intent: "discard", kind, target: String(targetId) })) body.set(name, value);
    const response = await fetch("/drafts", { method: "POST", body, credentials: "same-origin" }).catch(() => null);
    if (!response?.ok) {
      setStatus({ state: "failed" });
      return;
    }
    clear(null);
    setGeneration((g) => g + 1);
  }
}

export type DraftHandle = ReturnType<typeof useDraft>;
