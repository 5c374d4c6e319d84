// The sidebar's sizes, cookie and shared state, apart from sidebar.tsx so that its lazily loaded
// drawer (sidebar-drawer.tsx) can use them without importing the module that loads it.
import * as React from "react";

export { SIDEBAR_COOKIE_NAME } from "~/lib/sidebar-cookie";
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
export const SIDEBAR_WIDTH = "16rem";
export const SIDEBAR_WIDTH_MOBILE = "18rem";
export const SIDEBAR_WIDTH_ICON = "3rem";
export const MOBILE_BREAKPOINT = 768;
export const SIDEBAR_KEYBOARD_SHORTCUT = "b";

export interface SidebarState {
  open: boolean;
  setOpen(open: boolean): void;
  mobileOpen: boolean;
  setMobileOpen(open: boolean): void;
  toggle(): void;
  triggerRef: React.RefObject<HTMLButtonElement | null>;
}

export const SidebarContext = React.createContext<SidebarState | null>(null);

export function useSidebar() {
  const ctx = React.useContext(SidebarContext);
  if (!ctx) throw new Error("useSidebar must be used inside SidebarProvider");
  return ctx;
}
