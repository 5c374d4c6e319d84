// The ask-a-question and answer forms: labelled fields, inline errors, the busy label, a gentle
// warning about personal details, and a fresh submission key so a double submit stores one post.
import { FORMATTING_HINT } from "~/lib/formatting-hint";
import * as React from "react";
import { FormAlert, SelectField, TextAreaField, TextField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { containsPersonalDetails, PERSONAL_DETAILS_WARNING } from "~/lib/personal-details";
import { LIMITS } from "~/lib/limits";
import { SimilarQuestions, type SimilarQuestion } from "~/components/forum/similar-questions";

/** A topic as the ask form offers it. */
export interface TopicOption {
  id: number;
  name: string;
}

/** "No topic" and then each topic, for a select that files a question. */
export function TopicOptions({ topics }: { topics: readonly TopicOption[] }) {
  return (
    <>
      <option value="">No topic</option>
      {topics.map((t) => (
        <option key={t.id} value={t.id}>
          {t.name}
        </option>
      ))}
    </>
  );
}

export interface PostFormResult {
  ok?: boolean;
  errors?: Record<string, string | undefined>;
  warning?: string;
  values?: Record<string, string>;
  /** Questions like this one, found on a first submit without scripts, and the title they are for. */
  similar?: SimilarQuestion[];
  similarFor?: string;
}

export function PostFields({
  kind,
  idPrefix,
  result,
  busy,
  submissionKey,
  busyLabel,
  submitLabel,
  topics,
  topicId,
  displayName,
}: {
  /** The member's display name now (null: none yet); the name field is left out when undefined. */
  displayName?: string | null;
  /** The topics a question may be filed under (questions only); the select is left out without. */
  topics?: readonly TopicOption[];
  /** The topic chosen at first (the list the member asks from), else "No topic". */
  topicId?: number | null;
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
      {kind === "question" ? <SimilarQuestions id={`${idPrefix}-similar`} title={text.title} initial={result?.similar} /> : null}
      {result?.similarFor ? (
        <>
          <input type="hidden" name="similarSeen" value={result.similarFor} />
          <p role="status" className="font-medium">
            Questions like yours are listed under the title. If none of them answers it, press Post Question again.
          </p>
        </>
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
      {kind === "question" && topics?.length ? (
        <SelectField
          id={`${idPrefix}-topic`}
          label="Topic"
          name="topic"
          defaultValue={result?.values?.topic ?? (topicId ? String(topicId) : "")}
          error={errors.topic}
          hint="Optional: helps others with the same question find it."
        >
          <TopicOptions topics={topics} />
        </SelectField>
      ) : null}
      {displayName !== undefined ? (
        <NameField idPrefix={idPrefix} kind={kind} current={displayName} typed={result?.values?.displayName} error={errors.displayName} />
      ) : null}
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

/**
 * The name the post will appear under, shown before it is posted and changeable right here (saved
 * as the member's display name), so that nobody is shown as 'Anonymous' without knowing it.
 */
function NameField({
  idPrefix,
  kind,
  current,
  typed,
  error,
}: {
  idPrefix: string;
  kind: "question" | "answer";
  current: string | null;
  typed?: string;
  error?: string;
}) {
  const hint = current
    ? `Your ${kind} will appear under this name. Changing it here changes it on everything you have written.`
    : `Your ${kind} will appear under this name. Leave it empty to appear as \u2018Anonymous\u2019.`;
  return (
    <TextField
      id={`${idPrefix}-display-name`}
      label="Display name"
      name="displayName"
      required={Boolean(current)}
      maxLength={LIMITS.displayNameMax}
      autoComplete="nickname"
      defaultValue={typed ?? current ?? ""}
      error={error}
      hint={hint}
    />
  );
}

export function newSubmissionKey() {
  return typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
}
