// The off-canvas drawer of ui/sidebar.tsx on Radix Dialog: a modal that traps focus, closes
// with Escape and hands focus back to the button that opened it. Loaded when first opened.
import { Dialog as D } from "radix-ui";
import type * as React from "react";
import { SIDEBAR_WIDTH_MOBILE, useSidebar } from "./sidebar-context";

export default function SidebarDrawerDialog({ children, label }: { children: React.ReactNode; label: string }) {
  const { mobileOpen, setMobileOpen, triggerRef } = useSidebar();
  return (
    <D.Root open={mobileOpen} onOpenChange={setMobileOpen}>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-40 bg-black/50 md:hidden" />
        <D.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            // Focus goes back to the button that opened the drawer.
            if (triggerRef.current && window.getComputedStyle(triggerRef.current).display !== "none") {
              event.preventDefault();
              triggerRef.current.focus();
            }
          }}
          className="fixed inset-y-0 left-0 z-50 flex flex-col overflow-y-auto border-r bg-sidebar text-sidebar-foreground shadow-lg focus-visible:outline-none md:hidden"
          style={{ width: SIDEBAR_WIDTH_MOBILE, maxWidth: "85vw" }}
        >
          <D.Title className="sr-only">{label}</D.Title>
          {children}
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}
