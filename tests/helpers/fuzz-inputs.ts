// The generated input of the fuzz tests: HTML and script payloads (each marked, to be spotted
// on a page), nasty strings, control characters, ids that are not ids, and whole form bodies
// with missing, repeated and unexpected fields.
import fc from "fast-check";

/** Every HTML payload carries this, so a page that lets one through as markup is easy to spot. */
export const MARK = "fzx";
export const HTML_PAYLOADS = [
  `<script>${MARK}()</script>`,
  `<img src=x onerror="${MARK}()">`,
  `"><svg onload=${MARK}()>`,
  `<a href="javascript:${MARK}()">link</a>`,
  `</textarea><script>${MARK}</script>`,
  `</script><script>${MARK}</script>`,
  `<iframe srcdoc="${MARK}"></iframe>`,
  `<b data-${MARK}>bold</b>`,
  `<style>body{background:url(${MARK})}</style>`,
  `<!--${MARK}-->`,
];
export const NASTY = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "%00",
  "\uD800",
  "\uDFFFx",
  "\u202Eevil\u202C",
  "e\u0301te",
  "\uFEFFbom",
  "\u200B",
  "\r\n\r\n",
  "\t",
  "NaN",
  "Infinity",
  "-1",
  "0",
  "1e309",
  "99999999999999999999",
  "2147483648",
  "-2147483649",
  "1.5",
  "null",
  "undefined",
  "true",
  "[]",
  "{}",
  "__proto__",
  "constructor",
  "../../etc/passwd",
  "' OR 1=1 --",
  "'; drop table users; --",
  "{{7*7}}",
  "${7*7}",
  "javascript:alert(1)",
  "//evil.example",
  "https://evil.example/",
  "member@example.com",
  "a@b",
];

export const controlChars = fc.string({ unit: fc.integer({ min: 0, max: 0x9f }).map((c) => String.fromCharCode(c)), maxLength: 30 });
export const text: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: "binary", maxLength: 60 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  { weight: 2, arbitrary: controlChars },
  {
    weight: 4,
    arbitrary: fc.tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...HTML_PAYLOADS), fc.string({ maxLength: 8 })).map(([a, b, c]) => `${a}${b}${c}`),
  },
  { weight: 3, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 60_000 }).map((n) => "x".repeat(n)) },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.bigInt()).map(String) },
  { weight: 1, arbitrary: fc.emailAddress() },
);

/** Values that are almost ids: the edges of PostgreSQL's integer, and numbers written oddly. */
export const idLike = fc.oneof(
  fc.constantFrom("1", "2147483647", "2147483648", "4294967296", "9007199254740993", "0", "-1", "1.0", "1e3", " 7 ", "0x10", "NaN", "Infinity"),
  fc.integer({ min: 1, max: 50 }).map(String),
  text,
);
/** Fields whose value is one of a few words (a valid one usually, so the code behind it runs). */
export const CHOICES: Record<string, string[]> = {
  active: ["true", "false"],
  is_active: ["true", "false", "on", ""],
  targetType: ["question", "answer"],
  method: ["totp", "backup"],
  kind: ["cities", "services", "pages"],
  content: ["keep", "delete"],
  via: ["dialog", "fetcher"],
  acknowledgePersonal: ["1"],
  state: ["TX", "CA"],
};
export const ID_FIELDS = new Set(["id", "answerId", "targetId", "reportId", "city_id", "service_id", "page_id"]);

/** A field: missing (undefined), or sent once or several times. */
export const valuesOf = (value: fc.Arbitrary<string>) => fc.option(fc.array(value, { minLength: 1, maxLength: 3 }), { nil: undefined, freq: 4 });
export function field(name: string) {
  if (ID_FIELDS.has(name)) return valuesOf(idLike);
  const choices = CHOICES[name];
  return valuesOf(choices ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...choices) }, { weight: 1, arbitrary: text }) : text);
}

export type Fields = Record<string, string[] | undefined>;

/** A form with these fields (each possibly missing or repeated), a likely or random intent, and junk fields. */
export function formOf(names: string[], intents?: string[]) {
  return fc
    .record({
      fields: fc.record(Object.fromEntries(names.map((n) => [n, field(n)]))) as fc.Arbitrary<Fields>,
      intent: intents ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...intents) }, { weight: 1, arbitrary: text }) : fc.constant(undefined),
      junk: fc.array(fc.tuple(text, text), { maxLength: 2 }),
    })
    .map(({ fields, intent, junk }) => {
      const body = new URLSearchParams();
      if (intent !== undefined) body.append("intent", intent);
      for (const [name, values] of Object.entries(fields)) for (const v of values ?? []) body.append(name, v);
      for (const [name, value] of junk) body.append(name, value);
      return body;
    });
}

/** A route parameter: usually the real id, sometimes anything. */
export const param = (real: () => string) => fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: text }).map((v) => v ?? real());
