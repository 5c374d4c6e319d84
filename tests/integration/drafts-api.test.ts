// The API's drafts: a member reads, saves (with the version the text was written over; another
// version is 409 and overwrites nothing) and discards their own draft of each kind, answered in
// the documented shapes; another member's token reaches only that member's own drafts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DraftDeletedSchema, DraftSchema } from "../../server/api/member-schemas";
import { ErrorSchema } from "../../server/api/schemas";
import { getDraft } from "~/server/drafts/draft-store.server";
import { postQuestion } from "~/server/forum/posting.server";
import { call, memberWithToken, startApi, valid, type Api } from "../helpers/api";
import { createTestRuntime, type TestRuntime } from "../helpers/runtime";

let rt: TestRuntime;
let api: Api;
beforeAll(async () => {
  rt = await createTestRuntime({ RATE_LIMITS: "false" });
  api = await startApi(rt);
});
afterAll(async () => {
  await api.close();
  await rt.close();
});

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const put = (path: string, token: string, body: unknown) =>
  call(api, path, { method: "PUT", headers: { ...auth(token), "Content-Type": "application/json" }, body: JSON.stringify(body) });

describe("the API's drafts", () => {
  it("read, save with the version, refuse a stale version with 409, and discard", async () => {
    const me = await memberWithToken(rt);
    const path = "/drafts/question/0";
    expect((await call(api, path, { headers: auth(me.token) })).status).toBe(404);
    const first = await put(path, me.token, { title: "Rings on swollen fingers", body: "Has anyone had a ring cut off?", version: 0 });
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("private, no-store");
    expect(valid(DraftSchema, first.body)).toMatchObject({ kind: "question", targetId: 0, version: 1, title: "Rings on swollen fingers" });
    expect(valid(DraftSchema, (await put(path, me.token, { body: "Has anyone had a ring resized?", version: 1 })).body)).toMatchObject({
      version: 2,
      title: "",
    });
    const stale = await put(path, me.token, { body: "From the other tab", version: 1 });
    expect(stale.status).toBe(409);
    expect(valid(ErrorSchema, stale.body).code).toBe("version_conflict");
    const read = await call(api, path, { headers: auth(me.token) });
    expect(valid(DraftSchema, read.body)).toMatchObject({ version: 2, body: "Has anyone had a ring resized?" });
    expect(valid(DraftDeletedSchema, (await call(api, path, { method: "DELETE", headers: auth(me.token) })).body)).toEqual({
      kind: "question",
      targetId: 0,
      deleted: true,
    });
    expect((await call(api, path, { headers: auth(me.token) })).status).toBe(404);
  });

  it("refuses what is not a draft, too long a text, and a request without a token", async () => {
    const me = await memberWithToken(rt);
    expect((await call(api, "/drafts/answer/0", { headers: auth(me.token) })).status).toBe(404);
    expect((await call(api, "/drafts/question/3", { headers: auth(me.token) })).status).toBe(404);
    expect((await call(api, "/drafts/poem/3", { headers: auth(me.token) })).status).toBe(404);
    const long = await put("/drafts/question/0", me.token, { body: "x".repeat(10_001), version: 0 });
    expect([long.status, valid(ErrorSchema, long.body).code]).toEqual([400, "validation_failed"]);
    expect((await put("/drafts/question/0", me.token, { body: "ok" })).status).toBe(400);
    expect((await call(api, "/drafts/question/0")).status).toBe(401);
  });

  it("another member cannot read, overwrite or discard my draft", async () => {
    const [me, other] = [await memberWithToken(rt), await memberWithToken(rt)];
    const asked = await postQuestion(rt, me.id, { title: "Sleeping with wrist splints", content: "Do they help at night?" });
    if (!asked.ok) throw new Error("not asked");
    const path = `/drafts/answer/${asked.id}`;
    expect((await put(path, me.token, { body: "My words about my wrists", version: 0 })).status).toBe(200);
    expect((await call(api, path, { headers: auth(other.token) })).status).toBe(404);
    expect((await put(path, other.token, { body: "Theirs", version: 1 })).status).toBe(409);
    expect(valid(DraftDeletedSchema, (await call(api, path, { method: "DELETE", headers: auth(other.token) })).body).deleted).toBe(false);
    expect(await getDraft(rt.db, me.id, { kind: "answer", targetId: asked.id })).toMatchObject({ body: "My words about my wrists", version: 1 });
  });
});
