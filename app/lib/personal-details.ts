// People share too much in health forums. Before a post goes out we gently point out an email
// address or phone number in it (the browser warns as they type; the server asks once more).
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/;
const PHONE = /(?:\+?\d[\s().-]*){10,}/;

export function containsPersonalDetails(...texts: (string | null | undefined)[]) {
  return texts.some((t) => Boolean(t) && (EMAIL.test(t!) || PHONE.test(t!)));
}

export const PERSONAL_DETAILS_WARNING =
  "It looks like your post includes an email address or phone number. Posts here are public: are you sure you want to share it?";
