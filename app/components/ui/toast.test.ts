import { describe, expect, it } from "vitest";
import { withToast, type ToastMessage } from "./toast";

const error = (id: string, title = "Failed to post your answer"): ToastMessage => ({ id, title, description: "Content is required", variant: "destructive" });
const success = (id: string): ToastMessage => ({ id, title: "Answer posted!" });

describe("the toast list", () => {
  it("shows the same error once however often it comes", () => {
    let list: ToastMessage[] = [];
    for (const id of ["1", "2", "3"]) list = withToast(list, error(id));
    expect(list.map((t) => t.title)).toEqual(["Failed to post your answer"]);
  });

  it("keeps different errors, at most three", () => {
    let list: ToastMessage[] = [];
    for (const id of ["1", "2", "3", "4"]) list = withToast(list, error(id, `Error ${id}`));
    expect(list.map((t) => t.title)).toEqual(["Error 2", "Error 3", "Error 4"]);
  });

  it("takes the errors away when a success follows", () => {
    let list = withToast([], error("1"));
    list = withToast(list, { id: "2", title: "Display name saved" });
    list = withToast(list, error("3", "Please slow down"));
    list = withToast(list, success("4"));
    expect(list.map((t) => t.title)).toEqual(["Display name saved", "Answer posted!"]);
  });
});
