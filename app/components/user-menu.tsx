// The signed-in member's menu in the top bar: their email, Account and Sign out. Loaded only
// for members (app-shell.tsx), so readers never download Radix's menu code.
import { LogOut, Settings, UserRound } from "~/components/icons";
import { Link, useSubmit } from "react-router";
import type { ShellViewer } from "~/lib/shell-viewer";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from "./ui/dropdown-menu";

export default function UserMenu({ viewer }: { viewer: ShellViewer }) {
  const submit = useSubmit();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-accent focus-ring"
        aria-label={`Account menu for ${viewer.email}`}
      >
        <UserRound aria-hidden="true" className="size-5" />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>{viewer.email}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/account">
            <Settings aria-hidden="true" className="size-5" /> Account
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => submit(null, { method: "post", action: "/auth/sign-out" })}>
          <LogOut aria-hidden="true" className="size-5" /> Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
