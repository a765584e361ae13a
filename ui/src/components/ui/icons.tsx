// Line icons drawn in currentColor; each is decorative unless given a title by its parent.
import type { ReactNode } from "react";

type IconProps = { size?: number; className?: string };

function Svg({ size = 24, className: cls, children }: IconProps & { children: ReactNode }) {
  return (
    <svg
      className={cls ? `icon ${cls}` : "icon"}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

/** MenuIcon is the drawer button's three lines. */
export const MenuIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 7h16M4 12h16M4 17h16" />
  </Svg>
);

/** CloseIcon is a cross. */
export const CloseIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M6 6l12 12M18 6L6 18" />
  </Svg>
);

/** HomeIcon is a house. */
export const HomeIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M3 11l9-7 9 7" />
    <path d="M5 10v10h5v-6h4v6h5V10" />
  </Svg>
);

/** WalletIcon is a wallet. */
export const WalletIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 7h14a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H5a1 1 0 0 1-1-1V7z" />
    <path d="M4 7l11-3v3" />
    <path d="M16 13.5h2" />
  </Svg>
);

/** TradeIcon is two opposed arrows. */
export const TradeIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M7 4v14M7 18l-3-3M7 18l3-3" />
    <path d="M17 20V6M17 6l-3 3M17 6l3 3" />
  </Svg>
);

/** ListIcon is a document with lines (statement). */
export const ListIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M6 3h9l4 4v14H6z" />
    <path d="M9 11h7M9 15h7M9 7h4" />
  </Svg>
);

/** UserIcon is a person. */
export const UserIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" />
  </Svg>
);

/** SupportIcon is a headset. */
export const SupportIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 14v-2a8 8 0 0 1 16 0v2" />
    <rect x="3" y="13" width="4" height="6" rx="1.5" />
    <rect x="17" y="13" width="4" height="6" rx="1.5" />
    <path d="M19 19c0 1.5-2 2.5-5 2.5" />
  </Svg>
);

/** LogoutIcon is a door with an arrow. */
export const LogoutIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M14 4h4a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-4" />
    <path d="M10 8l-4 4 4 4M6 12h9" />
  </Svg>
);

/** LoginIcon is an arrow into a door. */
export const LoginIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M14 4h4a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-4" />
    <path d="M11 8l4 4-4 4M15 12H4" />
  </Svg>
);

/** UserPlusIcon is a person with a plus (register). */
export const UserPlusIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="10" cy="8" r="4" />
    <path d="M2 21c1.5-4 4.5-6 8-6 1.5 0 3 .4 4.2 1.1M19 14v6M16 17h6" />
  </Svg>
);

/** CrownIcon marks admin things. */
export const CrownIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M3 8l4.5 4L12 5l4.5 7L21 8l-2 11H5z" />
  </Svg>
);

/** ChevronIcon points toward the inline end (left in RTL): "go on". */
export const ChevronIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M15 6l-6 6 6 6" />
  </Svg>
);

/** ChevronStartIcon points toward the inline start (right in RTL): "previous". */
export const ChevronStartIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M9 6l6 6-6 6" />
  </Svg>
);

/** ChevronDownIcon points down; the filters button turns it over when open. */
export const ChevronDownIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M6 9l6 6 6-6" />
  </Svg>
);

/** FilterIcon is a funnel. */
export const FilterIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 5h16l-6 7.5V19l-4 1.5v-8z" />
  </Svg>
);

/** SearchIcon is a magnifier. */
export const SearchIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="M16 16l4.5 4.5" />
  </Svg>
);

/** BackIcon points toward the inline start (right in RTL): "back". */
export const BackIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M5 12h14M13 6l6 6-6 6" />
  </Svg>
);

/** CalendarIcon is a calendar page. */
export const CalendarIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="3.5" y="5" width="17" height="15" rx="2" />
    <path d="M3.5 10h17M8 3v4M16 3v4" />
  </Svg>
);

/** ShieldIcon is security. */
export const ShieldIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M12 3l8 3v6c0 4.5-3.4 8-8 9-4.6-1-8-4.5-8-9V6z" />
    <path d="M9 12l2 2 4-4" />
  </Svg>
);

/** CardIcon is a bank card, and the counter where cards are read (its menu links). */
export const CardIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="3" y="5.5" width="18" height="13" rx="2" />
    <path d="M3 10h18M7 15h4" />
  </Svg>
);

/** TrashIcon is delete. */
export const TrashIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
  </Svg>
);

/** UploadIcon is an image going up (a receipt to send). */
export const UploadIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M12 15V4M8 8l4-4 4 4" />
    <path d="M4 14v4a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-4" />
  </Svg>
);

/** GiftIcon is invite friends. */
export const GiftIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="3.5" y="9" width="17" height="11.5" rx="1.5" />
    <path d="M2.5 9h19M12 9v11.5" />
    <path d="M12 9c-1-3-5-4.5-5-2s5 2 5 2zM12 9c1-3 5-4.5 5-2s-5 2-5 2z" />
  </Svg>
);

/** CopyIcon is two overlapping sheets (copy the link). */
export const CopyIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="8.5" y="8.5" width="12" height="12" rx="2" />
    <path d="M15.5 8.5V5.5a2 2 0 0 0-2-2h-8a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h3" />
  </Svg>
);

/** CheckIcon is a tick (done). */
export const CheckIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </Svg>
);

/** ShareIcon is three joined dots (share). */
export const ShareIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="17.5" cy="5.5" r="2.5" />
    <circle cx="6.5" cy="12" r="2.5" />
    <circle cx="17.5" cy="18.5" r="2.5" />
    <path d="M8.7 10.7l6.6-3.9M8.7 13.3l6.6 3.9" />
  </Svg>
);

/** DownloadIcon is an arrow into a tray (save a file). */
export const DownloadIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M12 4v11M7.5 10.5L12 15l4.5-4.5" />
    <path d="M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" />
  </Svg>
);

/** InfoIcon is about. */
export const InfoIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v6M12 7.5v.5" />
  </Svg>
);

/** GoldBarIcon is a stack of ingots (abshodeh). */
export const GoldBarIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M3 19l2-5h6l2 5zM11 19l2-5h6l2 5zM7 14l2-5h6l2 5" />
  </Svg>
);

/** ReceiptIcon is a request slip (wallet requests). */
export const ReceiptIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M6 3h12v18l-3-2-3 2-3-2-3 2z" />
    <path d="M9 8h6M9 12h6" />
  </Svg>
);

/** ChartIcon is a price chart. */
export const ChartIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 20V4M4 20h16" />
    <path d="M7 15l4-4 3 3 5-6" />
  </Svg>
);

/** UsersIcon is several people. */
export const UsersIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20c1-3.5 3.5-5.5 6.5-5.5s5.5 2 6.5 5.5" />
    <path d="M16 4.5a3.5 3.5 0 0 1 0 7M18 14.7c1.7.8 2.9 2.6 3.5 5.3" />
  </Svg>
);

/** SettingsIcon is a clock with a slider (trade hours and weights). */
export const SettingsIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 7v5l3 2" />
  </Svg>
);

/** PlusCircleIcon is a manual charge. */
export const PlusCircleIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 8v8M8 12h8" />
  </Svg>
);

/** DashboardIcon is the admin panel. */
export const DashboardIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="3.5" y="3.5" width="7" height="9" rx="1.5" />
    <rect x="13.5" y="3.5" width="7" height="5" rx="1.5" />
    <rect x="13.5" y="11.5" width="7" height="9" rx="1.5" />
    <rect x="3.5" y="15.5" width="7" height="5" rx="1.5" />
  </Svg>
);

/** LockIcon is a padlock. */
export const LockIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="5" y="10.5" width="14" height="10" rx="2" />
    <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" />
  </Svg>
);

/** ClockIcon is "coming soon". */
export const ClockIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3.5 2" />
  </Svg>
);

/** CompassIcon is "page not found". */
export const CompassIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M15.5 8.5l-2 5-5 2 2-5z" />
  </Svg>
);

/** PaperclipIcon is "attach a file". */
export const PaperclipIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M20 11.5l-7.8 7.8a5 5 0 0 1-7.1-7.1l8.2-8.2a3.4 3.4 0 0 1 4.8 4.8l-8.1 8.1a1.7 1.7 0 0 1-2.4-2.4l7.4-7.4" />
  </Svg>
);

/** SendIcon is a paper plane flying toward the inline end (left in RTL): "send". */
export const SendIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M3.5 3.5L21 10.5l-7 3-3 7z" />
    <path d="M3.5 3.5L14 13.5" />
  </Svg>
);

/** DoubleCheckIcon is two ticks: "read". */
export const DoubleCheckIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M2.5 12.5L7 17l9.5-9.5" />
    <path d="M12 16l1 1 9.5-9.5" />
  </Svg>
);

/** ChatIcon is a speech bubble. */
export const ChatIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M20 12a8 8 0 0 1-11.6 7.1L4 20.5l1.4-4.2A8 8 0 1 1 20 12z" />
    <path d="M8.5 10.5h7M8.5 13.5h4.5" />
  </Svg>
);

/** BarsStackIcon is gold bars stacked in a store (the abshodeh inventory). */
export const BarsStackIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 20l1.5-5h5L12 20z" />
    <path d="M12 20l1.5-5h5L20 20z" />
    <path d="M8 14l1.5-5h5L16 14" />
    <path d="M3 20h18" />
  </Svg>
);

/** ClipboardCheckIcon is a clipboard with a tick (requests to review). */
export const ClipboardCheckIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M9 4h6v3H9z" />
    <path d="M9 5.5H6v15h12v-15h-3" />
    <path d="M9 13l2 2 4-4" />
  </Svg>
);

/** InboxIcon is a tray with an arrow coming in (money requests waiting). */
export const InboxIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 13l2.5-7h11l2.5 7v6H4z" />
    <path d="M4 13h4.5l1 2h5l1-2H20" />
    <path d="M12 3v6M9.5 6.5L12 9l2.5-2.5" />
  </Svg>
);

/** CoinsIcon is a pile of coins (everyone's balances). */
export const CoinsIcon = (p: IconProps) => (
  <Svg {...p}>
    <ellipse cx="9" cy="6.5" rx="5" ry="2.5" />
    <path d="M4 6.5v4c0 1.4 2.2 2.5 5 2.5s5-1.1 5-2.5v-4" />
    <path d="M10 15.5c0 1.4 2.2 2.5 5 2.5s5-1.1 5-2.5v-4c0-1.4-2.2-2.5-5-2.5" />
    <path d="M10 15.5v3c0 1.4 2.2 2.5 5 2.5s5-1.1 5-2.5v-3" />
  </Svg>
);

/** BookIcon is an open ledger book (the record of trades). */
export const BookIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M12 6c-2-1.5-5-2-8-2v14c3 0 6 .5 8 2 2-1.5 5-2 8-2V4c-3 0-6 .5-8 2z" />
    <path d="M12 6v14" />
  </Svg>
);


/** StoreIcon is a shop front with an awning (the shop's own settings). */
export const StoreIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 9.5l1.5-5h13L20 9.5" />
    <path d="M4 9.5a2.7 2.7 0 0 0 5.3 0 2.7 2.7 0 0 0 5.4 0 2.7 2.7 0 0 0 5.3 0" />
    <path d="M5.5 12v8.5h13V12" />
    <path d="M10 20.5v-5h4v5" />
  </Svg>
);

/** IdBadgeIcon is a staff badge on a lanyard (the shop's people). */
export const IdBadgeIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="5" y="5.5" width="14" height="15" rx="2" />
    <path d="M10 3h4v4.5h-4z" />
    <circle cx="12" cy="12" r="2.2" />
    <path d="M8.5 17.5c.6-1.6 1.9-2.5 3.5-2.5s2.9.9 3.5 2.5" />
  </Svg>
);

/** HistoryIcon is a clock turning back (the log of changes). */
export const HistoryIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4.5 12a7.5 7.5 0 1 0 2.2-5.3L4 9.4" />
    <path d="M4 4.5v4.9h4.9" />
    <path d="M12 8v4.3l2.8 1.7" />
  </Svg>
);

/** DatabaseIcon is a stack of disks (the shop's data and its backups). */
export const DatabaseIcon = (p: IconProps) => (
  <Svg {...p}>
    <ellipse cx="12" cy="5.5" rx="7" ry="2.5" />
    <path d="M5 5.5v13c0 1.4 3.1 2.5 7 2.5s7-1.1 7-2.5v-13" />
    <path d="M5 12c0 1.4 3.1 2.5 7 2.5s7-1.1 7-2.5" />
  </Svg>
);

/** AlertIcon is a warning triangle. */
export const AlertIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M12 4l9 16H3z" />
    <path d="M12 10v4.5M12 17.2v.1" />
  </Svg>
);

/** BellIcon is a bell: notifications and price alerts. */
export const BellIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15z" />
    <path d="M10 20a2 2 0 0 0 4 0" />
  </Svg>
);

/** SafariShareIcon is Safari's share button: a box with an arrow out of it (the install guide draws it). */
export const SafariShareIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M12 3v12M8 7l4-4 4 4" />
    <path d="M7 10H5v11h14V10h-2" />
  </Svg>
);

/** AddSquareIcon is a plus in a rounded square: Safari's «add to home screen». */
export const AddSquareIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="4" y="4" width="16" height="16" rx="4" />
    <path d="M12 8v8M8 12h8" />
  </Svg>
);

/** PhoneIcon is a phone: the app on the home screen. */
export const PhoneIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="6.5" y="2.5" width="11" height="19" rx="2.5" />
    <path d="M10.5 18.5h3" />
  </Svg>
);

/** InvoiceIcon is a sheet with its lines and total: the counter's invoices. */
export const InvoiceIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M6 3h9l4 4v14H6zM15 3v4h4M9 11h7M9 14h7M9 17.5h4" />
  </Svg>
);
