// The ask-a-question and answer forms: labelled fields, inline errors, the busy label, a gentle
// warning about personal details, and a fresh submission key so a double submit stores one post.
import { FORMATTING_HINT } from "~/lib/formatting-hint";
import * as React from "react";
import { FormAlert, TextAreaField, TextField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { containsPersonalDetails, PERSONAL_DETAILS_WARNING } from "~/lib/personal-details";
import { LIMITS } from "~/lib/limits";

export interface PostFormResult {
  ok?: boolean;
  errors?: Record<string, string | undefined>;
  warning?: string;
  values?: Record<string, string>;
}

export function PostFields({
  kind,
  idPrefix,
  result,
  busy,
  submissionKey,
  busyLabel,
  submitLabel,
}: {
  kind: "question" | "answer";
  idPrefix: string;
  result?: PostFormResult;
  busy: boolean;
  submissionKey: string;
  busyLabel: string;
  submitLabel: string;
}) {
  const [text, setText] = React.useState({ title: result?.values?.title ?? "", content: result?.values?.content ?? "" });
  const personal = containsPersonalDetails(text.title, text.content) || Boolean(result?.warning);
  const errors = result?.ok ? {} : (result?.errors ?? {});
  return (
    <>
      <input type="hidden" name="submissionKey" value={submissionKey} />
      {errors.form ? <FormAlert title="Error">{errors.form}</FormAlert> : null}
      {kind === "question" ? (
        <TextField
          id={`${idPrefix}-title`}
          label="Title"
          name="title"
          required
          maxLength={LIMITS.titleMax}
          defaultValue={result?.values?.title}
          onChange={(e) => setText((t) => ({ ...t, title: e.target.value }))}
          error={errors.title}
          hint="A short summary of your question."
        />
      ) : null}
      <TextAreaField
        id={`${idPrefix}-content`}
        label={kind === "question" ? "Content" : "Your answer"}
        name="content"
        required
        maxLength={LIMITS.contentMax}
        rows={kind === "question" ? 6 : 4}
        defaultValue={result?.values?.content}
        onChange={(e) => setText((t) => ({ ...t, content: e.target.value }))}
        error={errors.content}
        hint={FORMATTING_HINT}
      />
      {personal ? (
        <div role="status" className="rounded-md border-2 border-amber-700 bg-amber-50 p-3 text-amber-900">
          <p>{PERSONAL_DETAILS_WARNING}</p>
          <label className="mt-2 flex min-h-11 items-center gap-3 font-medium">
            <input type="checkbox" name="acknowledgePersonal" value="1" className="size-5" /> Yes, post it anyway
          </label>
        </div>
      ) : null}
      <Button type="submit" disabled={busy}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </>
  );
}

export function newSubmissionKey() {
  return typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
}
