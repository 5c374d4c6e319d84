// The layout around every page: skip link, side navigation (sidebar or drawer), top bar with the
// site title, search, and the sign-in link or the member's menu.
import { Bell, BookOpen, Home, LogOut, Menu, MessagesSquare, Search, Settings, Shield, UserRound } from "~/components/icons";
import * as React from "react";
import { Link, NavLink, useLocation, useNavigation } from "react-router";
import { cn } from "~/lib/cn";
import { SITE_NAME } from "~/lib/seo";
import { waitingWords, type ShellViewer } from "~/lib/shell-viewer";
import { PendingView } from "./pending-view";
import { SITE_PAGES } from "~/lib/site-pages";
import { buttonVariants } from "./ui/button-variants";
import { Sidebar, SidebarDrawer, SidebarProvider, SidebarTrigger, useSidebar } from "./ui/sidebar";
import { Tooltip, TooltipGroup } from "./ui/tooltip";

const NAV = [
  { to: "/", label: "Home", icon: Home, end: true },
  { to: "/blog", label: "Blog", icon: BookOpen, end: false },
  { to: "/forum", label: "Forum", icon: MessagesSquare, end: false },
];

function NavItems({ collapsed, viewer, onNavigate }: { collapsed: boolean; viewer: ShellViewer | null; onNavigate?: () => void }) {
  const items = [...NAV];
  if (viewer) items.push({ to: "/account", label: "Account", icon: Settings, end: false });
  if (viewer && viewer.role !== "member") items.push({ to: "/admin", label: "Admin", icon: Shield, end: false });
  const waiting = viewer?.waiting;
  const list = (
    <ul className="flex flex-col gap-1 p-1.5">
      {items.map((item) => (
        <li key={item.to}>
          <Tooltip content={item.label} disabled={!collapsed}>
            <NavLink
              to={item.to}
              end={item.end}
              onClick={onNavigate}
              aria-label={collapsed ? (item.to === "/admin" && waiting?.total ? `${item.label} ${waitingWords(waiting)}` : item.label) : undefined}
              className={({ isActive }) =>
                cn(
                  "flex min-h-11 items-center gap-3 rounded-md px-2.5 text-base font-medium hover:bg-accent focus-ring",
                  isActive && "bg-accent text-accent-foreground",
                  collapsed && "justify-center px-0",
                )
              }
            >
              <item.icon aria-hidden="true" className="size-5 shrink-0" />
              {collapsed ? null : <span>{item.label}</span>}
              {item.to === "/admin" && waiting && waiting.total > 0 ? (
                <React.Suspense>
                  <WaitingCount waiting={waiting} collapsed={collapsed} />
                </React.Suspense>
              ) : null}
            </NavLink>
          </Tooltip>
        </li>
      ))}
    </ul>
  );
  // Icons alone need their names in tooltips; the expanded sidebar shows the names instead.
  return collapsed ? <TooltipGroup>{list}</TooltipGroup> : list;
}

// Only moderators and admins see it: its code comes with their first page, not everyone's.
const WaitingCount = React.lazy(() => import("./admin/waiting-count"));

function SidebarBody({ collapsed, viewer, onNavigate }: { collapsed: boolean; viewer: ShellViewer | null; onNavigate?: () => void }) {
  return (
    <>
      <div className={cn("flex min-h-14 items-center border-b px-3", collapsed && "justify-center px-0")}>
        <Link to="/" onClick={onNavigate} className="flex min-h-11 items-center gap-2 font-bold focus-ring" aria-label={collapsed ? SITE_NAME : undefined}>
          <img src="/favicon.svg" alt="" width="28" height="28" />
          {collapsed ? null : <span>Capsiva</span>}
        </Link>
      </div>
      <nav aria-label="Main">
        <NavItems collapsed={collapsed} viewer={viewer} onNavigate={onNavigate} />
      </nav>
      {viewer && !collapsed ? (
        // Greeted by the name they chose; the address they signed in with stays below it. CSS
        // lets a long address wrap rather than widen the sidebar.
        <p className="mx-3 mt-auto mb-2 rounded-md bg-accent p-3 text-sm wrap-break-word">
          Welcome, <strong>{viewer.displayName ?? viewer.email}</strong>
          {viewer.displayName ? <span className="block text-muted-foreground">{viewer.email}</span> : null}
        </p>
      ) : null}
      {viewer && !collapsed ? <SignOutForm /> : null}
    </>
  );
}

/**
 * Sign out as a plain form in the expanded side navigation (always expanded without JavaScript,
 * and the phone's menu panel), so it works before or without scripts; the account menu needs them.
 */
function SignOutForm() {
  return (
    <form method="post" action="/auth/sign-out" className="mx-3 mb-4">
      <button type="submit" className="flex min-h-11 w-full items-center gap-3 rounded-md px-2.5 font-medium hover:bg-accent focus-ring">
        <LogOut aria-hidden="true" className="size-5" />
        Sign out
      </button>
    </form>
  );
}

function MobileDrawer({ viewer }: { viewer: ShellViewer | null }) {
  const { setMobileOpen } = useSidebar();
  return (
    <SidebarDrawer label="Navigation">
      <SidebarBody collapsed={false} viewer={viewer} onNavigate={() => setMobileOpen(false)} />
    </SidebarDrawer>
  );
}

// The member's menu (Radix DropdownMenu) loads only for signed-in members.
const UserMenu = React.lazy(() => import("./user-menu"));

function UserMenuButton({ viewer }: { viewer: ShellViewer }) {
  // The same button while the menu's code loads (after signing in without a page load).
  const fallback = (
    <button
      type="button"
      disabled
      className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-accent"
      aria-label={`Account menu for ${viewer.email}`}
    >
      <UserRound aria-hidden="true" className="size-5" />
    </button>
  );
  return (
    <React.Suspense fallback={fallback}>
      <UserMenu viewer={viewer} />
    </React.Suspense>
  );
}

/** The member's notifications, with the unread count in its name ("Notifications, 2 unread"). */
function NotificationsLink({ unread }: { unread: number }) {
  return (
    <Link to="/notifications" className="relative inline-flex size-11 shrink-0 items-center justify-center rounded-md hover:bg-accent focus-ring">
      <Bell aria-hidden="true" className="size-5" />
      <span className="sr-only">{`Notifications, ${unread} unread`}</span>
      {unread > 0 ? (
        <span
          aria-hidden="true"
          data-count={unread}
          className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-info px-1 text-center text-xs/normal font-bold text-info-foreground"
        >
          {unread}
        </span>
      ) : null}
    </Link>
  );
}

function TopBar({ viewer, unread }: { viewer: ShellViewer | null; unread: number | null }) {
  // Signing in from a page comes back to it (from the home page and the sign-in page, home).
  const { pathname, search } = useLocation();
  const back = pathname === "/" || pathname.startsWith("/auth") ? "" : `?redirectTo=${encodeURIComponent(pathname + search)}`;
  return (
    <header className="sticky top-0 z-30 flex min-h-14 flex-wrap items-center gap-2 border-b bg-background/95 px-2 backdrop-blur sm:px-4">
      <SidebarTrigger className="shrink-0">
        <Menu aria-hidden="true" className="size-5" />
      </SidebarTrigger>
      {/* On a phone app.css lets the name wrap onto two smaller lines instead of cutting it short. */}
      <p className="flex min-w-0 grow basis-24 text-base font-semibold sm:text-lg">
        <Link to="/" className="truncate py-2.5 leading-normal focus-ring">
          {SITE_NAME}
        </Link>
      </p>
      {/* When the title (at least 6rem of it) and the controls do not fit one row, as at a large
          text size, the controls move to a row of their own, and wrap again if need be: no
          control shrinks under another or leaves the window. */}
      <div className="ml-auto flex flex-wrap items-center justify-end gap-2">
        <form action="/search" method="get" role="search" className="hidden items-center sm:flex">
          <label htmlFor="site-search" className="sr-only">
            Search the site
          </label>
          <input
            id="site-search"
            name="q"
            type="search"
            maxLength={200}
            placeholder="Search"
            className="min-h-11 w-40 rounded-l-md border-2 border-input bg-background px-3 text-base focus-ring lg:w-56"
          />
          <button
            type="submit"
            aria-label="Search"
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-r-md border-2 border-l-0 border-input hover:bg-accent focus-ring"
          >
            <Search aria-hidden="true" className="size-5" />
          </button>
        </form>
        <Link to="/search" aria-label="Search" className="inline-flex size-11 shrink-0 items-center justify-center rounded-md hover:bg-accent sm:hidden">
          <Search aria-hidden="true" className="size-5" />
        </Link>
        {viewer && unread !== null ? <NotificationsLink unread={unread} /> : null}
        {viewer ? (
          <UserMenuButton viewer={viewer} />
        ) : (
          <Link to={`/auth${back}`} className={buttonVariants({ variant: "default", className: "shrink-0 whitespace-nowrap" })}>
            Sign In
          </Link>
        )}
      </div>
    </header>
  );
}

function NavigationProgress() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <div aria-hidden="true" className={cn("fixed inset-x-0 top-0 z-50 h-1 bg-primary transition-opacity", busy ? "opacity-100 animate-pulse" : "opacity-0")} />
  );
}

export function AppShell({
  viewer,
  unread = null,
  sidebarOpen,
  children,
}: {
  viewer: ShellViewer | null;
  /** The member's unread notifications count (null when signed out). */
  unread?: number | null;
  sidebarOpen: boolean;
  children: React.ReactNode;
}) {
  return (
    <SidebarProvider defaultOpen={sidebarOpen}>
      <a
        href="#main"
        className="sr-only z-[100] rounded-md bg-background px-4 py-3 font-medium focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:inline-flex focus:min-h-11 focus:items-center focus:px-4 focus:ring-4 focus:ring-ring"
      >
        Skip to content
      </a>
      <NavigationProgress />
      <div className="flex min-h-dvh">
        <Sidebar label="Site">{(collapsed) => <SidebarBody collapsed={collapsed} viewer={viewer} />}</Sidebar>
        <MobileDrawer viewer={viewer} />
        <div className="flex min-w-0 flex-1 flex-col">
          <TopBar viewer={viewer} unread={unread} />
          {/* What members write may hold one very long word (a web address): it breaks anywhere
              rather than widening the page. */}
          <main id="main" tabIndex={-1} className="min-w-0 flex-1 wrap-anywhere focus-visible:outline-none">
            <PendingView>{children}</PendingView>
          </main>
          <footer className="border-t px-4 py-6 text-sm text-muted-foreground">
            <nav aria-label="About this site" className="mb-2">
              <ul className="flex flex-wrap gap-x-4">
                {SITE_PAGES.map((p) => (
                  <li key={p.path}>
                    <Link to={p.path} className="inline-flex min-h-11 min-w-11 items-center underline underline-offset-4 hover:no-underline">
                      {p.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
            <p>
              {SITE_NAME} is run by Capsiva, a maker of topical capsaicin pain-relief products. Information on this site is not medical advice.{" "}
              <Link to="/community-guidelines" className="inline-flex min-h-11 items-center underline underline-offset-4 hover:no-underline">
                Community guidelines
              </Link>
            </p>
          </footer>
        </div>
      </div>
    </SidebarProvider>
  );
}
