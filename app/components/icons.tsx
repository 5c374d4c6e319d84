// The Lucide icons the site shows, drawn from the `lucide` package's shape data by one small
// component instead of lucide-react's runtime (providers, size and stroke options, class and
// accessibility handling we do not use): every page loads the shell's icons.
//
// Icons are decorative: each is hidden from assistive technology, and the control around it
// carries the accessible name.
import {
  Bell as BellNode,
  BookOpen as BookOpenNode,
  ChevronDown as ChevronDownNode,
  ChevronRight as ChevronRightNode,
  ExternalLink as ExternalLinkNode,
  House as HouseNode,
  LogOut as LogOutNode,
  Mail as MailNode,
  MapPin as MapPinNode,
  Menu as MenuNode,
  MessageCircle as MessageCircleNode,
  MessagesSquare as MessagesSquareNode,
  Phone as PhoneNode,
  Plus as PlusNode,
  Search as SearchNode,
  Settings as SettingsNode,
  Shield as ShieldNode,
  TriangleAlert as TriangleAlertNode,
  UserRound as UserRoundNode,
  Users as UsersNode,
  X as XNode,
  type IconNode,
} from "lucide";
import { createElement } from "react";

export interface IconProps {
  className?: string;
  "aria-hidden"?: boolean | "true";
}
export type Icon = (props: IconProps) => React.JSX.Element;

function icon(node: IconNode): Icon {
  return function LucideIcon({ className }: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width="24"
        height="24"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        className={className}
      >
        {node.map(([tag, attrs], i) => createElement(tag, { key: i, ...attrs }))}
      </svg>
    );
  };
}

export const Bell = icon(BellNode);
export const BookOpen = icon(BookOpenNode);
export const ChevronDown = icon(ChevronDownNode);
export const ChevronRight = icon(ChevronRightNode);
export const ExternalLink = icon(ExternalLinkNode);
export const Home = icon(HouseNode);
export const LogOut = icon(LogOutNode);
export const Mail = icon(MailNode);
export const MapPin = icon(MapPinNode);
export const Menu = icon(MenuNode);
export const MessageCircle = icon(MessageCircleNode);
export const MessagesSquare = icon(MessagesSquareNode);
export const Phone = icon(PhoneNode);
export const Plus = icon(PlusNode);
export const Search = icon(SearchNode);
export const Settings = icon(SettingsNode);
export const Shield = icon(ShieldNode);
export const TriangleAlert = icon(TriangleAlertNode);
export const UserRound = icon(UserRoundNode);
export const Users = icon(UsersNode);
export const X = icon(XNode);
