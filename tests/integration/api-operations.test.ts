// Every operation of the served OpenAPI document, driven as a validating proxy would: a valid request
// and the bad inputs the document lets us derive (missing and invalid tokens, malformed and unknown
// path ids, bad query values, bodies of the wrong shape, type or length, a method the path does not
// allow). Each answer must be documented for its operation: status, media type, body schema, headers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerQuestion, askQuestion } from "~/server/forum/forum.server";
import { saveDraft } from "~/server/drafts/draft-store.server";
import { blogPosts, cities, services } from "../../db/schema";
import { memberWithToken, startApi, type Api } from "../helpers/api";
import { casesFor, operationsOf, schemaValidator, violations, type Document, type Valid } from "../helpers/contract";
import { createTestRuntime, type TestRuntime } from "../helpers/runtime";

let rt: TestRuntime;
let api: Api;
let doc: Document;
let valid: Record<string, Valid>;

beforeAll(async () => {
  rt = await createTestRuntime({ RATE_LIMITS: "false" });
  api = await startApi(rt);
  doc = (await (await fetch(`${api.base}/openapi.json`)).json()) as Document;

  const asker = await memberWithToken(rt, { displayName: "Asker" });
  const answerer = await memberWithToken(rt, { displayName: "Answerer" });
  await rt.db.insert(blogPosts).values({ title: "Hello", slug: "hello", content: "First post.", authorId: asker.id, published: true, publishedAt: new Date() });
  await rt.db.insert(cities).values({ slug: "austin", name: "Austin", state: "TX" });
  await rt.db.insert(services).values({ slug: "support-groups", name: "Support Groups" });
  const question = await askQuestion(rt, { authorId: asker.id, title: "Contract question", content: "Does every answer agree with the document?" });
  const answer = await answerQuestion(rt, { questionId: question.id, authorId: answerer.id, content: "It should." });
  // A draft of an edit to read and discard (an answer's draft would go when the asker answers
  // below); a new one (version 0) is saved for an edit of the question.
  await saveDraft(rt, answerer.id, { kind: "edit-answer", targetId: answer.id }, { title: "", body: "Still typing", baseVersion: 0 });
  const asDraft = { params: { kind: "edit-answer", targetId: answer.id }, token: answerer.token };

  // The valid request of each operation; its bad inputs are derived from the document. The asker
  // acts everywhere: marking the answerer's answer helpful and choosing it as the one that helped.
  const asQuestion = { params: { id: question.id }, token: asker.token };
  valid = {
    getStats: {},
    getHome: {},
    listPosts: {},
    getPost: { params: { slug: "hello" } },
    listQuestions: {},
    createQuestion: { token: asker.token, body: { title: "Asked through the API", content: "Is this stored?", topicSlug: "diet" } },
    getQuestion: { params: { id: question.id } },
    createAnswer: { ...asQuestion, body: { content: "Answered through the API." } },
    listTopics: {},
    getTopic: { params: { topicSlug: "diet" } },
    getPlacePage: { params: { citySlug: "austin", serviceSlug: "support-groups" } },
    getOpenApiDocument: {},
    listNotifications: { token: asker.token },
    markAllNotificationsRead: { token: asker.token, body: {} },
    followQuestion: asQuestion,
    unfollowQuestion: asQuestion,
    markAnswerHelpful: { params: { id: answer.id }, token: asker.token },
    unmarkAnswerHelpful: { params: { id: answer.id }, token: asker.token },
    chooseHelpedMost: { ...asQuestion, body: { answerId: answer.id } },
    clearHelpedMost: asQuestion,
    getDraft: asDraft,
    saveDraft: { params: { kind: "edit-question", targetId: question.id }, token: asker.token, body: { body: "A question half edited", version: 0 } },
    deleteDraft: asDraft,
    followTopic: { params: { topicSlug: "diet" }, token: asker.token },
    unfollowTopic: { params: { topicSlug: "diet" }, token: asker.token },
    listFollowedTopics: { token: asker.token },
  };
});

afterAll(async () => {
  await api?.close();
  await rt?.close();
});

describe("every operation of the OpenAPI document", () => {
  it("answers valid and bad requests only as the document says", async () => {
    const validate = schemaValidator(doc);
    const found: string[] = [];
    const operations = operationsOf(doc);
    let sent = 0;
    for (const { path, method, op } of operations) {
      const fixture = valid[op.operationId];
      if (!fixture) {
        found.push(`${method} ${path} (${op.operationId}): no valid request is written for this operation`);
        continue;
      }
      // The valid body must be one the document describes, or the accepted answer proves nothing.
      const bodySchema = op.requestBody?.content["application/json"].schema;
      const bodyError = bodySchema && fixture.body !== undefined ? validate(bodySchema, fixture.body) : null;
      if (bodyError) found.push(`${method} ${path}: the valid body does not match the documented request body: ${bodyError}`);
      for (const c of casesFor(doc, path, method, op, fixture)) {
        const url = `${api.base}${c.path}${c.query ? `?${c.query}` : ""}`;
        const res = await fetch(url, { method: c.method, headers: c.headers, body: c.body });
        found.push(...violations(op, c, { status: res.status, headers: res.headers, text: await res.text() }, validate));
        sent++;
      }
    }
    expect(found, `${found.length} contract violation(s) in ${sent} requests:\n${found.join("\n")}`).toEqual([]);
    // Every operation was driven, with its bad inputs as well as its valid request.
    expect(operations.length).toBeGreaterThanOrEqual(20);
    expect(sent).toBeGreaterThan(operations.length * 5);
  });
});
