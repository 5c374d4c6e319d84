// The rules every cache follows: an entry is current until one of the tags it depends on changes
// after it began; a change event is stored with the write that made it, in commit order, and a
// write that changed nothing leaves none; listeners hear every change applied here.
import { describe, expect, it } from "vitest";
import { createTagClock } from "~/server/infra/cache/tags.server";
import { createFreshness } from "~/server/infra/freshness.server";
import { parsePayload, payloadOf } from "~/server/infra/change-events.server";
import { createMember, createTestRuntime, recordChanges } from "../helpers/runtime";

describe("the tag clock", () => {
  it("keeps an entry current until one of its tags changes after it began", () => {
    const clock = createTagClock();
    const at = clock.now();
    expect(clock.fresh(["question:1", "forum"], at)).toBe(true);
    clock.change(["question:2"]);
    expect(clock.fresh(["question:1", "forum"], at)).toBe(true);
    clock.change(["forum"]);
    expect(clock.fresh(["question:1", "forum"], at)).toBe(false);
    // An entry begun after the change is current.
    expect(clock.fresh(["question:1", "forum"], clock.now())).toBe(true);
  });

  it("makes everything stale at once, and counts an entry it can no longer judge as stale", () => {
    const clock = createTagClock({ maxRemembered: 2 });
    const old = clock.now();
    clock.change(["a"]);
    clock.change(["b"]);
    clock.change(["c"]);
    // "a" was forgotten: an entry from before it may depend on it, so it is read again.
    expect(clock.fresh(["z"], old)).toBe(false);
    const recent = clock.now();
    expect(clock.fresh(["z"], recent)).toBe(true);
    clock.changeAll();
    expect(clock.fresh(["z"], recent)).toBe(false);
  });
});

describe("change events", () => {
  it("a write stores one event with its tags, in order; a write that changed nothing stores none", async () => {
    const rt = await createTestRuntime();
    try {
      const heard = recordChanges(rt);
      const before = await rt.changes.latest();
      await rt.changes.write(async (_tx, changed) => changed("question:7", "forum", false, null));
      await rt.changes.write(async () => "nothing changed");
      await rt.changes.write(async (_tx, changed) => changed("inbox:someone"));
      const events = await rt.changes.since(before);
      expect(events?.map((e) => e.tags)).toEqual([["question:7", "forum"], ["inbox:someone"]]);
      expect(events![1].id).toBeGreaterThan(events![0].id);
      expect(heard.events).toEqual([["question:7", "forum"], ["inbox:someone"]]);
      expect(await rt.changes.since(events![1].id)).toEqual([]);
    } finally {
      await rt.close();
    }
  });

  it("a write that fails leaves no event and makes nothing stale", async () => {
    const rt = await createTestRuntime();
    try {
      const heard = recordChanges(rt);
      const before = await rt.changes.latest();
      await expect(
        rt.changes.write(async (_tx, changed) => {
          changed("question:8");
          throw new Error("refused");
        }),
      ).rejects.toThrow("refused");
      expect(await rt.changes.since(before)).toEqual([]);
      expect(heard.events).toEqual([]);
    } finally {
      await rt.close();
    }
  });

  it("a remembered session is forgotten when its member's account changes, and kept for anyone else's", async () => {
    const rt = await createTestRuntime();
    try {
      const [m, other] = await Promise.all([createMember(rt), createMember(rt)]);
      rt.viewers.set("cookie", m, Date.now() + 60_000, rt.freshness.clock.now());
      await rt.changes.record([`account:${other.id}`, "forum"]);
      expect(rt.viewers.get("cookie")).toBeDefined();
      await rt.changes.record([`account:${m.id}`]);
      expect(rt.viewers.get("cookie")).toBeUndefined();
    } finally {
      await rt.close();
    }
  });

  it("a message carries its tags, or only its id when they would not fit", () => {
    const small = payloadOf("abc", { id: 12, tags: ["question:1", "forum"] });
    expect(parsePayload(small)).toEqual({ instance: "abc", id: 12, tags: ["question:1", "forum"] });
    const many = Array.from({ length: 2000 }, (_, i) => `question:${i}`);
    const big = payloadOf("abc", { id: 13, tags: many });
    expect(Buffer.byteLength(big)).toBeLessThan(8000);
    expect(parsePayload(big)).toEqual({ instance: "abc", id: 13, tags: null });
    expect(parsePayload("garbage")).toBeNull();
  });
});

describe("listening", () => {
  it("tells listeners of each change applied here, and needs no database on the embedded one", async () => {
    const freshness = createFreshness();
    const heard: string[][] = [];
    freshness.onChange((h) => heard.push(h === "all" ? ["all"] : [...h.tags]));
    freshness.apply({ id: 1, tags: ["forum"] });
    expect(heard).toEqual([["forum"]]);
    expect(freshness.healthy()).toBe(true);
    await freshness.start();
    await freshness.stop();
  });
});
