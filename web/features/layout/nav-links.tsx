import { Link } from '@tanstack/react-router';
import { cn } from '../../lib/cn.ts';
import { isNavItemActive, navItems } from './nav-items.ts';
import { usePathname } from './use-pathname.ts';

type NavLinksProps = {
  className: string;
  linkClassName: (active: boolean) => string;
  iconClassName: string;
};

/** The five main destinations, shared by the desktop sidebar and the mobile bottom bar (they differ only in look). */
export function NavLinks({ className, linkClassName, iconClassName }: NavLinksProps) {
  const pathname = usePathname();
  return (
    <ul className={className}>
      {navItems.map((item) => {
        const active = isNavItemActive(item, pathname);
        return (
          <li key={item.to}>
            <Link to={item.to} aria-current={active ? 'page' : undefined} className={cn('transition-colors outline-none', linkClassName(active))}>
              <item.icon aria-hidden className={iconClassName} strokeWidth={active ? 2.25 : 1.75} />
              {item.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
