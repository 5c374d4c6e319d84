// The button styles, apart from the Button component: links styled as buttons need only these,
// not Radix's Slot that Button uses for `asChild`.
import { cva } from "class-variance-authority";

// Every button is at least 44 x 44 CSS px: many of our members have painful hands. A label
// wraps between words rather than shrinking letter by letter in a tight row (page text breaks
// anywhere, so that one long address never widens a page).
export const buttonVariants = cva(
  "inline-flex min-h-11 min-w-11 wrap-break-word items-center justify-center gap-2 rounded-md px-4 py-2 text-base font-medium transition-colors focus-ring disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-5 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        default: "bg-primary text-primary-foreground hover:bg-primary/90",
        secondary: "bg-secondary text-secondary-foreground hover:bg-secondary/80",
        outline: "border-2 border-input bg-background hover:bg-accent hover:text-accent-foreground",
        ghost: "hover:bg-accent hover:text-accent-foreground",
        // Every action that deletes, hides or cannot be undone: outlined in the darker danger red,
        // so it is never the page's most prominent button nor mistaken for the brand's primary one.
        destructive: "border-2 border-destructive bg-background text-destructive hover:bg-destructive hover:text-destructive-foreground",
        link: "text-link underline underline-offset-4 hover:no-underline",
      },
      size: {
        default: "",
        sm: "px-3 text-sm",
        lg: "px-6 text-lg",
        icon: "size-11 p-0",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);
