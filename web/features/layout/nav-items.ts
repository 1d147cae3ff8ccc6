import { CalendarDays, House, MessageCircle, Search, SquarePlus, type LucideIcon } from 'lucide-react';

export type NavItem = {
  label: string;
  to: '/AllMentors' | '/CalendarPage' | '/ChatsPage' | '/CreateEntityPage' | '/Home';
  icon: LucideIcon;
  /** Paths that also light this item up: search covers both the mentor and the event list. */
  activeOn: string[];
};

/** The five main destinations (spec 000 §2), shared by the desktop sidebar and the mobile bottom bar. */
export const navItems: NavItem[] = [
  { label: 'Поиск', to: '/AllMentors', icon: Search, activeOn: ['/AllMentors', '/AllEvents'] },
  { label: 'Календарь', to: '/CalendarPage', icon: CalendarDays, activeOn: ['/CalendarPage'] },
  { label: 'Чаты', to: '/ChatsPage', icon: MessageCircle, activeOn: ['/ChatsPage'] },
  { label: 'Создать', to: '/CreateEntityPage', icon: SquarePlus, activeOn: ['/CreateEntityPage', '/become-mentor'] },
  { label: 'Домой', to: '/Home', icon: House, activeOn: ['/Home'] },
];

export function isNavItemActive(item: NavItem, pathname: string): boolean {
  return item.activeOn.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}
