// A typed client for the Capsiva RA Community API: openapi-fetch's createClient with the types
// generated from the OpenAPI document (./api-schema.d.ts, `npm run api:types`). Paths, parameters,
// bodies and answers are all checked by the compiler, with no casts and no hand-written types;
// a test compiles this file and runs it against the API.
import createClient from "openapi-fetch";
import type { paths } from "./api-schema";

/** Lists questions, asks one, answers it, follows it, then reads and clears the notifications. */
export async function tour(baseUrl: string, token: string) {
  const api = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${token}` } });

  const list = await api.GET("/questions", { params: { query: { sort: "active", page: 1 } } });
  if (!list.data) throw new Error(`Listing failed: ${list.error.message}`);
  const titles = list.data.questions.map((q) => q.title);

  const asked = await api.POST("/questions", { body: { title: "Warm water in the morning?", content: "Does a warm shower ease your stiffness?" } });
  if (!asked.data) throw new Error(`Asking failed: ${asked.error.code}`);
  const id = asked.data.id; // A number, as every id in a path is.

  const answered = await api.POST("/questions/{id}/answers", { params: { path: { id } }, body: { content: "It does for me, about ten minutes." } });
  if (!answered.data) throw new Error(`Answering failed: ${answered.error.code}`);

  const followed = await api.PUT("/questions/{id}/follow", { params: { path: { id } } });
  if (!followed.data) throw new Error(`Following failed: ${followed.error.code}`);

  const notifications = await api.GET("/notifications", { params: { query: { page: 1 } } });
  if (!notifications.data) throw new Error(`Reading notifications failed: ${notifications.error.code}`);
  const read = await api.POST("/notifications/read", { body: {} });
  if (!read.data) throw new Error(`Marking read failed: ${read.error.code}`);

  return {
    titles,
    questionId: id,
    answerId: answered.data.id,
    following: followed.data.following,
    unread: notifications.data.unread,
    newest: notifications.data.notifications[0]?.questionTitle ?? null,
    marked: read.data.marked,
  };
}
