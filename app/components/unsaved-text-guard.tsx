// Closing or reloading a page with text typed into a form that keeps no draft (a report's reason,
// the contact form, an editor's post) asks first, as the draft forms do for text the server has
// not confirmed (components/drafts/use-draft.ts). A form with a draft's status is left to its
// own hook, which knows whether the text is saved; a form being sent is not asked about.
import * as React from "react";

const changed = (form: HTMLFormElement) =>
  !form.querySelector("[data-draft-status]") &&
  [...form.querySelectorAll("textarea")].some((field) => field.value.trim() !== "" && field.value !== field.defaultValue);

export function UnsavedTextGuard() {
  React.useEffect(() => {
    let sending: HTMLFormElement | null = null;
    const onSubmit = (event: SubmitEvent) => {
      if (event.target instanceof HTMLFormElement) sending = event.target;
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      const forms = [...document.querySelectorAll("form")].filter((form) => form !== sending && changed(form));
      if (!forms.length) return;
      event.preventDefault();
      event.returnValue = "";
    };
    document.addEventListener("submit", onSubmit, true);
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => {
      document.removeEventListener("submit", onSubmit, true);
      window.removeEventListener("beforeunload", onBeforeUnload);
    };
  }, []);
  return null;
}
