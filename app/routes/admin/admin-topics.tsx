// /admin/topics: the forum's topics, for admins: add one, rename it or change its slug and
// description, move it up or down the list, delete it (its questions stay, without a topic).
// Every form posts here with an `intent`; a bad field answers 400 with its message and changes nothing.
import { data, Form, Link, useActionData } from "react-router";
import { FormAlert, TextAreaField, TextField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { TOPIC_SLUG_MAX } from "~/lib/forum-list";
import { LIMITS } from "~/lib/limits";
import { seo, siteUrlFrom } from "~/lib/seo";
import { fieldErrors, rowIdField, topicSchema, type FieldErrors } from "~/lib/validation";
import { runtimeContext } from "~/server/context";
import { requireRole } from "~/server/accounts/accounts.server";
import { redirectWithToast } from "~/server/infra/toast.server";
import {
  createTopic,
  deleteTopic,
  listTopicsWithCounts,
  moveTopic,
  TopicNotFoundError,
  TopicSlugMissingError,
  TopicSlugTakenError,
  updateTopic,
} from "~/server/forum/forum.server";
import type { Route } from "./+types/admin-topics";
import { AdminHeading } from "~/components/admin/admin-heading";

export const meta: Route.MetaFunction = ({ matches }) => seo(siteUrlFrom(matches), { title: "Forum topics", noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  requireRole(request, context, "admin");
  return { topics: await listTopicsWithCounts(context.get(runtimeContext).db) };
}

type Values = { name: string; slug: string; description: string };

const SLUG_TAKEN = "That slug is already used by another topic";
const SLUG_MISSING = "Enter a slug: the name has no letters or digits to make one from";
const GONE = "That topic no longer exists.";

export async function action({ request, context }: Route.ActionArgs) {
  requireRole(request, context, "admin");
  const runtime = context.get(runtimeContext);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const rawId = form.get("id");
  const id = rawId === null ? undefined : rowIdField.safeParse(rawId).data;
  const failed = (status: number, errors: FieldErrors, values?: Values) => data({ intent, id: id ?? null, errors, values: values ?? null }, { status });
  if (intent !== "create" && id === undefined) return failed(400, { form: GONE });
  try {
    switch (intent) {
      case "create":
      case "update": {
        const values: Values = {
          name: String(form.get("name") ?? "").slice(0, 1000),
          slug: String(form.get("slug") ?? "").slice(0, 1000),
          description: String(form.get("description") ?? "").slice(0, 5000),
        };
        const parsed = topicSchema.safeParse(values);
        if (!parsed.success) return failed(400, fieldErrors(parsed.error), values);
        try {
          const topic = intent === "create" ? await createTopic(runtime, parsed.data) : await updateTopic(runtime, id!, parsed.data);
          return redirectWithToast("/admin/topics", {
            title: intent === "create" ? "Topic added" : "Topic saved",
            description: `${topic.name}: /forum/topics/${topic.slug}`,
          });
        } catch (error) {
          if (error instanceof TopicSlugTakenError) return failed(400, { slug: SLUG_TAKEN }, values);
          if (error instanceof TopicSlugMissingError) return failed(400, { slug: SLUG_MISSING }, values);
          throw error;
        }
      }
      case "move-up":
      case "move-down": {
        const moved = await moveTopic(runtime, id!, intent === "move-up" ? "up" : "down");
        return redirectWithToast("/admin/topics", moved ? { title: "Topic moved" } : { title: intent === "move-up" ? "Already first" : "Already last" });
      }
      case "delete": {
        await deleteTopic(runtime, id!);
        return redirectWithToast("/admin/topics", { title: "Topic deleted", description: "Its questions stay in the forum, without a topic." });
      }
      default:
        return failed(400, { form: "Unknown action" });
    }
  } catch (error) {
    if (error instanceof TopicNotFoundError) return failed(404, { form: GONE });
    throw error;
  }
}

type Result = ReturnType<typeof useActionData<typeof action>>;

function TopicFields({ idPrefix, values, errors }: { idPrefix: string; values?: Partial<Values> | null; errors?: FieldErrors }) {
  return (
    <>
      <TextField id={`${idPrefix}-name`} label="Name" name="name" required maxLength={LIMITS.topicNameMax} defaultValue={values?.name} error={errors?.name} />
      <TextField
        id={`${idPrefix}-slug`}
        label="Slug"
        name="slug"
        maxLength={TOPIC_SLUG_MAX}
        defaultValue={values?.slug}
        error={errors?.slug}
        hint="The end of the topic's address, /forum/topics/<slug>: lowercase letters, digits and hyphens. Left empty, it is made from the name."
        autoComplete="off"
        spellCheck={false}
      />
      <TextAreaField
        id={`${idPrefix}-description`}
        label="Description"
        name="description"
        maxLength={LIMITS.topicDescriptionMax}
        rows={3}
        defaultValue={values?.description}
        error={errors?.description}
        hint={`One or two sentences shown on the topic's page and to search engines; at most ${LIMITS.topicDescriptionMax} characters.`}
      />
    </>
  );
}

type Topic = Route.ComponentProps["loaderData"]["topics"][number];

function TopicItem({ topic, first, last, result }: { topic: Topic; first: boolean; last: boolean; result: Result }) {
  const mine = result && result.id === topic.id ? result : undefined;
  const editing = mine?.intent === "update";
  return (
    <li>
      <Card>
        <CardContent className="grid gap-3 pt-6">
          <div className="grid gap-1">
            <h3 className="text-xl font-semibold wrap-anywhere">{topic.name}</h3>
            <p className="text-sm text-muted-foreground wrap-anywhere">
              <Link to={`/forum/topics/${topic.slug}`} className="inline-flex min-h-11 items-center underline">
                /forum/topics/{topic.slug}
              </Link>
              {` · ${topic.questions} ${topic.questions === 1 ? "question" : "questions"}`}
            </p>
            {topic.description ? <p className="wrap-anywhere">{topic.description}</p> : <p className="text-muted-foreground">No description.</p>}
          </div>
          {mine?.errors?.form ? <FormAlert title="Error">{mine.errors.form}</FormAlert> : null}
          <div className="flex flex-wrap items-start gap-2">
            <Form method="post">
              <input type="hidden" name="intent" value="move-up" />
              <input type="hidden" name="id" value={topic.id} />
              <Button type="submit" variant="outline" size="sm" disabled={first}>
                Move up
                <span className="sr-only">{` ${topic.name}`}</span>
              </Button>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value="move-down" />
              <input type="hidden" name="id" value={topic.id} />
              <Button type="submit" variant="outline" size="sm" disabled={last}>
                Move down
                <span className="sr-only">{` ${topic.name}`}</span>
              </Button>
            </Form>
            {/* Delete before Edit: an opened form takes a full-width line of its own below the
                buttons, so opening Edit moves nothing beside it. */}
            <details className="open:basis-full">
              <summary className="inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center rounded-md px-2 underline">
                Delete<span className="sr-only">{` ${topic.name}`}</span>
              </summary>
              <Form method="post" className="mt-2 flex flex-wrap items-center gap-2">
                <input type="hidden" name="intent" value="delete" />
                <input type="hidden" name="id" value={topic.id} />
                <span>{`Delete this topic? Its ${topic.questions === 1 ? "question stays" : "questions stay"} in the forum, without a topic.`}</span>
                <Button type="submit" variant="destructive" size="sm">
                  Yes, delete
                </Button>
              </Form>
            </details>
            <details open={editing} className="open:basis-full">
              <summary className="inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center rounded-md px-2 underline">
                Edit<span className="sr-only">{` ${topic.name}`}</span>
              </summary>
              <Form method="post" className="mt-2 grid w-full gap-3">
                <input type="hidden" name="intent" value="update" />
                <input type="hidden" name="id" value={topic.id} />
                <TopicFields
                  idPrefix={`topic-${topic.id}`}
                  values={editing && mine?.values ? mine.values : topic}
                  errors={editing ? mine?.errors : undefined}
                />
                <Button type="submit" className="w-fit">
                  Save topic
                </Button>
              </Form>
            </details>
          </div>
        </CardContent>
      </Card>
    </li>
  );
}

export default function AdminTopics({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const { topics } = loaderData;
  const adding = result?.intent === "create" ? result : undefined;
  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-4 py-8">
      <AdminHeading>Forum topics</AdminHeading>
      <p className="text-muted-foreground">Members choose one of these when they ask; the forum lists them in this order.</p>
      {result?.errors?.form && !topics.some((t) => t.id === result.id) ? <FormAlert title="Error">{result.errors.form}</FormAlert> : null}
      <section aria-labelledby="all-topics" className="grid gap-3">
        <h2 id="all-topics" className="text-2xl font-semibold">
          {`Topics (${topics.length})`}
        </h2>
        {topics.length === 0 ? <p>No topics yet: add the first one below.</p> : null}
        <ol className="grid gap-3">
          {topics.map((t, i) => (
            <TopicItem key={t.id} topic={t} first={i === 0} last={i === topics.length - 1} result={result} />
          ))}
        </ol>
      </section>
      <Card>
        <CardHeader>
          <CardTitle>Add a topic</CardTitle>
        </CardHeader>
        <CardContent>
          <Form method="post" className="grid max-w-xl gap-3">
            <input type="hidden" name="intent" value="create" />
            <TopicFields idPrefix="new-topic" values={adding?.values} errors={adding?.errors} />
            <Button type="submit">Add topic</Button>
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}
