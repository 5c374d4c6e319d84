// Joins class names, letting later Tailwind classes win over earlier ones: `cn("p-6 pt-0", "pt-6")`
// gives "p-6 pt-6", so a component's caller can override its defaults.
//
// This is the part of tailwind-merge that our components use, in about a kilobyte instead of
// nine: every page loads it. Classes are grouped by the CSS property they set (padding-top,
// text colour, display ...); the last class of a group wins, and a class also overrides the
// narrower groups it covers (p-* covers pt-*, size-* covers w-* and h-*). Classes it does not
// recognise are always kept, as clsx alone would.
import { clsx, type ClassValue } from "clsx";

// Lengths and positions as Tailwind writes them: 4, 0.5, px, 1/2, full, dvh, [3rem], (--x) ...
const LENGTH = String.raw`(\d+(\.\d+)?|\d+\/\d+|px|auto|full|screen|dvh|svh|lvh|dvw|svw|lvw|min|max|fit|prose|xs|sm|md|lg|\d?xl|\[.+\]|\(.+\))`;
const length = (prefixes: string) => new RegExp(`^-?(${prefixes})-${LENGTH}$`);

const TEXT_SIZE = /^text-(xs|sm|base|lg|\d?xl)(\/.+)?$/;
const FONT_WEIGHT = /^font-(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/;
const DISPLAY = /^(block|inline-block|inline|flex|inline-flex|grid|inline-grid|table|contents|flow-root|list-item|hidden)$/;
const POSITION = /^(static|fixed|absolute|relative|sticky)$/;
const BORDER_WIDTH = /^border(-(0|2|4|8|\[[\d.]+px\]))?$/;
const BORDER_SIDE_WIDTH = /^border-([xytrblse])(-(0|2|4|8|\[[\d.]+px\]))?$/;
const BORDER_STYLE = /^border-(solid|dashed|dotted|double|hidden|none)$/;

// [pattern, group]; the first match names the group of a class (without its variants). Longer
// prefixes come first in each alternation: "gap-x-2" is gap-x, not gap.
const RULES: [RegExp, string | ((m: RegExpExecArray) => string)][] = [
  [length("px|py|pt|pr|pb|pl|ps|pe|p"), (m) => m[1]],
  [length("mx|my|mt|mr|mb|ml|ms|me|m"), (m) => m[1]],
  [length("gap-x|gap-y|gap"), (m) => m[1]],
  [length("min-w|max-w|w|min-h|max-h|h|size"), (m) => m[1]],
  [length("inset-x|inset-y|inset|top|right|bottom|left|z"), (m) => m[1]],
  [DISPLAY, "display"],
  [POSITION, "position"],
  [/^text-(left|center|right|justify|start|end)$/, "text-align"],
  [/^text-(wrap|nowrap|balance|pretty)$/, "text-wrap"],
  [/^text-(ellipsis|clip)$/, "text-overflow"],
  [TEXT_SIZE, "font-size"],
  [/^text-/, "text-color"],
  [FONT_WEIGHT, "font-weight"],
  [/^leading-/, "leading"],
  [/^tracking-/, "tracking"],
  [/^bg-/, "bg-color"],
  [/^border-(collapse|separate)$/, "border-collapse"],
  [/^border-spacing(-|$)/, "border-spacing"],
  [BORDER_STYLE, "border-style"],
  [BORDER_WIDTH, "border-w"],
  [BORDER_SIDE_WIDTH, (m) => `border-w-${m[1]}`],
  [/^border-([xytrblse])-/, (m) => `border-color-${m[1]}`],
  [/^border-/, "border-color"],
  [/^rounded(-(t|r|b|l|s|e|tl|tr|br|bl|ss|se|ee|es))?(-|$)/, (m) => `rounded${m[2] ? `-${m[2]}` : ""}`],
  [/^shadow(-|$)/, "shadow"],
  [/^opacity-/, "opacity"],
  [/^line-clamp-/, "line-clamp"],
  // `col-auto` and `col-span-*` set the same property (grid-column), as tailwind-merge groups them.
  [/^(col|row)-auto$/, (m) => `${m[1]}-span`],
  [
    /^(grid-cols|grid-rows|col-span|row-span|col-start|col-end|underline-offset|accent|animate|duration|ease|transition|list|object|aspect|order|basis)(-|$)/,
    (m) => m[1],
  ],
  [/^font-(sans|serif|mono)$/, "font-family"],
  [/^outline(-(none|hidden|solid|dashed|dotted|double))?$/, "outline-style"],
  [/^outline-(\d+|\[.+\])$/, "outline-w"],
  [/^outline-offset-/, "outline-offset"],
  [/^outline-/, "outline-color"],
  [/^ring(-(\d+|\[[\d.]+px\]))?$/, "ring-w"],
  [/^ring-offset-(\d+|\[.+\])$/, "ring-offset-w"],
  [/^ring-offset-/, "ring-offset-color"],
  [/^ring-/, "ring-color"],
  [/^justify-(start|end|center|between|around|evenly|stretch|normal)$/, "justify-content"],
  [/^justify-items-/, "justify-items"],
  [/^justify-self-/, "justify-self"],
  [/^items-/, "align-items"],
  [/^self-/, "align-self"],
  [/^align-(baseline|top|middle|bottom|text-top|text-bottom|sub|super)$/, "vertical-align"],
  [/^flex-(row|row-reverse|col|col-reverse)$/, "flex-direction"],
  [/^flex-(wrap|wrap-reverse|nowrap)$/, "flex-wrap"],
  [/^flex-(1|auto|initial|none|\d+|\[.+\])$/, "flex"],
  [/^(grow|shrink)(-|$)/, (m) => m[1]],
  [/^whitespace-/, "whitespace"],
  [/^break-(normal|words|all|keep)$/, "word-break"],
  [/^wrap-(break-word|anywhere|normal)$/, "overflow-wrap"],
  [/^(overflow-x|overflow-y|overflow)-/, (m) => m[1]],
  [/^cursor-/, "cursor"],
  [/^(underline|overline|line-through|no-underline)$/, "text-decoration"],
];

// A group also settles the narrower groups it covers.
const COVERS: Record<string, string[]> = {
  p: ["px", "py", "pt", "pr", "pb", "pl", "ps", "pe"],
  px: ["pr", "pl", "ps", "pe"],
  py: ["pt", "pb"],
  m: ["mx", "my", "mt", "mr", "mb", "ml", "ms", "me"],
  mx: ["mr", "ml", "ms", "me"],
  my: ["mt", "mb"],
  gap: ["gap-x", "gap-y"],
  size: ["w", "h"],
  inset: ["inset-x", "inset-y", "top", "right", "bottom", "left"],
  "inset-x": ["right", "left"],
  "inset-y": ["top", "bottom"],
  "border-w": ["border-w-x", "border-w-y", "border-w-t", "border-w-r", "border-w-b", "border-w-l", "border-w-s", "border-w-e"],
  "border-w-x": ["border-w-r", "border-w-l"],
  "border-w-y": ["border-w-t", "border-w-b"],
  rounded: ["rounded-t", "rounded-r", "rounded-b", "rounded-l", "rounded-s", "rounded-e", "rounded-tl", "rounded-tr", "rounded-br", "rounded-bl"],
  "border-color": [
    "border-color-x",
    "border-color-y",
    "border-color-t",
    "border-color-r",
    "border-color-b",
    "border-color-l",
    "border-color-s",
    "border-color-e",
  ],
  overflow: ["overflow-x", "overflow-y"],
  // A text size sets its line height too; flex: 1 sets grow, shrink and basis.
  "font-size": ["leading"],
  flex: ["grow", "shrink", "basis"],
  // line-clamp sets display and overflow too.
  "line-clamp": ["display", "overflow"],
};

function groupOf(utility: string): string | null {
  for (const [pattern, group] of RULES) {
    const m = pattern.exec(utility);
    if (m) return typeof group === "string" ? group : group(m);
  }
  return null;
}

/** Splits "md:hover:!pt-6" into its variants ("md:hover:!") and its utility ("pt-6"). */
function split(cls: string): [string, string] {
  let depth = 0;
  let cut = 0;
  for (let i = 0; i < cls.length; i++) {
    const c = cls[i];
    if (c === "[" || c === "(") depth++;
    else if (c === "]" || c === ")") depth--;
    else if (c === ":" && depth === 0) cut = i + 1;
  }
  let utility = cls.slice(cut);
  let variants = cls.slice(0, cut);
  if (utility.startsWith("!")) {
    variants += "!";
    utility = utility.slice(1);
  }
  return [variants, utility];
}

export function mergeClasses(classes: string): string {
  const list = classes.split(/\s+/).filter(Boolean);
  const taken = new Set<string>();
  const kept: string[] = [];
  for (let i = list.length - 1; i >= 0; i--) {
    const [variants, utility] = split(list[i]);
    const group = groupOf(utility);
    if (group === null) {
      kept.push(list[i]);
      continue;
    }
    const key = `${variants}|${group}`;
    if (taken.has(key)) continue;
    taken.add(key);
    for (const covered of COVERS[group] ?? []) taken.add(`${variants}|${covered}`);
    kept.push(list[i]);
  }
  return kept.reverse().join(" ");
}

// Components pass the same few dozen class lists on every render: each is merged once.
const merged = new Map<string, string>();

export function cn(...inputs: ClassValue[]) {
  const classes = clsx(inputs);
  let result = merged.get(classes);
  if (result === undefined) {
    result = mergeClasses(classes);
    if (merged.size >= 2000) merged.clear();
    merged.set(classes, result);
  }
  return result;
}
