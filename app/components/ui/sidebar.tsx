// The collapsible side navigation: 16rem expanded, 3rem collapsed to icons, an 18rem off-canvas
// drawer under 768px. Ctrl+B / Cmd+B toggles it. Its state is kept in the cookie
// `sidebar:state` for 7 days and read on the server, so the first paint is already right.
import * as React from "react";
import { cn } from "~/lib/cn";
import { useHydrated } from "~/lib/use-hydrated";

import {
  MOBILE_BREAKPOINT,
  SIDEBAR_COOKIE_MAX_AGE,
  SIDEBAR_COOKIE_NAME,
  SIDEBAR_KEYBOARD_SHORTCUT,
  SIDEBAR_WIDTH,
  SIDEBAR_WIDTH_ICON,
  SIDEBAR_WIDTH_MOBILE,
  SidebarContext,
  useSidebar,
} from "./sidebar-context";

export {
  MOBILE_BREAKPOINT,
  SIDEBAR_COOKIE_MAX_AGE,
  SIDEBAR_COOKIE_NAME,
  SIDEBAR_KEYBOARD_SHORTCUT,
  SIDEBAR_WIDTH,
  SIDEBAR_WIDTH_ICON,
  SIDEBAR_WIDTH_MOBILE,
  useSidebar,
};

/** Reads `sidebar:state` from a Cookie header; the sidebar is open unless it says false. */

function isTypingTarget(target: EventTarget | null) {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

export function SidebarProvider({ defaultOpen, children }: { defaultOpen: boolean; children: React.ReactNode }) {
  const [open, setOpenState] = React.useState(defaultOpen);
  const [mobileOpen, setMobileOpen] = React.useState(false);
  const triggerRef = React.useRef<HTMLButtonElement>(null);

  const setOpen = React.useCallback((value: boolean) => {
    setOpenState(value);
    document.cookie = `${SIDEBAR_COOKIE_NAME}=${value}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; samesite=lax`;
  }, []);

  const toggle = React.useCallback(() => {
    if (window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT - 1}px)`).matches) setMobileOpen((v) => !v);
    else setOpen(!open);
  }, [open, setOpen]);

  React.useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== SIDEBAR_KEYBOARD_SHORTCUT || !(event.ctrlKey || event.metaKey)) return;
      if (event.altKey || event.shiftKey || isTypingTarget(event.target)) return;
      event.preventDefault();
      toggle();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [toggle]);

  const value = React.useMemo(() => ({ open, setOpen, mobileOpen, setMobileOpen, toggle, triggerRef }), [open, setOpen, mobileOpen, toggle]);
  return <SidebarContext.Provider value={value}>{children}</SidebarContext.Provider>;
}

const SIDEBAR_ID = "site-sidebar";

/** The desktop sidebar (768px and wider), and the phone's menu before scripts run. */
export function Sidebar({ children, label }: { children: (collapsed: boolean) => React.ReactNode; label: string }) {
  const { open } = useSidebar();
  return (
    // Its id is what the menu link points to before scripts run: app.css shows the targeted
    // sidebar as a panel on phones, with a link that closes it.
    <aside
      id={SIDEBAR_ID}
      aria-label={label}
      data-state={open ? "expanded" : "collapsed"}
      className="sticky top-0 hidden h-dvh shrink-0 flex-col overflow-y-auto overflow-x-hidden border-r bg-sidebar text-sidebar-foreground transition-[width] duration-200 motion-reduce:transition-none md:flex"
      style={{ width: open ? SIDEBAR_WIDTH : SIDEBAR_WIDTH_ICON }}
    >
      <a href="#main" className="sidebar-close">
        Close menu
      </a>
      {children(!open)}
    </aside>
  );
}

const loadDrawer = () => import("./sidebar-drawer");
const LazyDrawer = React.lazy(loadDrawer);

/**
 * The drawer used under 768px; a modal dialog that traps focus and closes with Escape. Its
 * code (Radix Dialog) loads when the menu button is first pressed, not with every page.
 */
export function SidebarDrawer({ children, label }: { children: React.ReactNode; label: string }) {
  const { mobileOpen } = useSidebar();
  const [used, setUsed] = React.useState(mobileOpen);
  if (mobileOpen && !used) setUsed(true);
  if (!used) return null;
  return (
    <React.Suspense fallback={null}>
      <LazyDrawer label={label}>{children}</LazyDrawer>
    </React.Suspense>
  );
}

export function SidebarTrigger({ className, children }: { className?: string; children: React.ReactNode }) {
  const { open, mobileOpen, toggle, triggerRef } = useSidebar();
  const hydrated = useHydrated();
  const look = cn("inline-flex size-11 items-center justify-center rounded-md hover:bg-accent focus-ring", className);
  // Until scripts run (or without them) the button could do nothing: a link opens the sidebar.
  if (!hydrated) {
    return (
      <a href={`#${SIDEBAR_ID}`} aria-label="Menu" className={look}>
        {children}
      </a>
    );
  }
  return (
    <button
      ref={triggerRef}
      type="button"
      onClick={toggle}
      onPointerDown={() => void loadDrawer()}
      aria-label="Menu"
      aria-keyshortcuts="Control+B Meta+B"
      data-sidebar-open={open}
      data-drawer-open={mobileOpen}
      className={look}
    >
      {children}
    </button>
  );
}
