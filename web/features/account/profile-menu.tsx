import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { ChartNoAxesColumn, ChevronsUpDown, Gavel, GraduationCap, Headset, LifeBuoy, LogOut, PhoneCall, ReceiptText, Settings, ShieldCheck, UserRoundCheck, UsersRound } from 'lucide-react';
import { Avatar } from '../../components/ui/avatar.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu.tsx';
import { cn } from '../../lib/cn.ts';
import { displayName, roleLabels } from './display-name.ts';
import type { Me } from '../../lib/session/session.api.ts';
import { useLogout } from './use-logout.ts';

type ProfileMenuProps = {
  user: Me;
  /** 'sidebar': avatar with the name (desktop sidebar); 'compact': the avatar alone (mobile header). */
  variant?: 'sidebar' | 'compact';
};

/** The avatar menu of spec 000 §2 "Layout and navigation". */
export function ProfileMenu({ user, variant = 'compact' }: ProfileMenuProps) {
  const logout = useLogout();
  const name = displayName(user);
  const isMentor = user.user_role === 'mentor';

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label="Меню профиля"
        className={cn(
          'flex items-center gap-3 rounded-xl text-left outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring',
          variant === 'sidebar' ? 'w-full p-2 hover:bg-accent data-[state=open]:bg-accent' : 'rounded-full',
        )}
      >
        <Avatar src={user.mentor_avatar_url} name={name} className="size-9" />
        {variant === 'sidebar' ? (
          <>
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm font-medium">{name}</span>
              <span className="block truncate text-xs text-muted-foreground">{roleLabels[user.user_role]}</span>
            </span>
            <ChevronsUpDown aria-hidden className="size-4 shrink-0 text-muted-foreground" />
          </>
        ) : null}
      </DropdownMenuTrigger>
      <DropdownMenuContent align={variant === 'sidebar' ? 'start' : 'end'} side={variant === 'sidebar' ? 'top' : 'bottom'} className="w-64">
        <div className="flex items-center gap-3 px-2.5 py-2">
          <Avatar src={user.mentor_avatar_url} name={name} className="size-10" />
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold">{name}</p>
            <DropdownMenuItem asChild className="p-0 text-xs font-medium text-primary data-[highlighted]:bg-transparent data-[highlighted]:text-primary data-[highlighted]:underline">
              <Link to="/ProfileSettings">Показать профиль</Link>
            </DropdownMenuItem>
          </div>
        </div>
        <DropdownMenuSeparator />
        <DropdownMenuGroup>
          {/* a mentor already is one (issue 35) */}
          {user.user_role === 'mentee' ? <MenuLink to="/become-mentor" icon={<GraduationCap />} label="Стать наставником" /> : null}
          {isMentor ? <MenuLink to="/MyMentee" icon={<UsersRound />} label="Мои ученики" /> : null}
          {isMentor ? <MenuLink to="/Statistics" icon={<ChartNoAxesColumn />} label="Аналитика и доходы" /> : null}
          <MenuLink to="/MyMentorsPage" icon={<UserRoundCheck />} label="Мои наставники" />
          <MenuLink to="/ProfileSettings" icon={<Settings />} label="Настройки" />
          <MenuLink to="/Support" icon={<LifeBuoy />} label="Задать вопрос в поддержку" />
          {user.user_role === 'admin' ? (
            <>
              <MenuLink to="/admin/mentor-applications" icon={<ShieldCheck />} label="Модерация заявок" />
              <MenuLink to="/admin/disputes" icon={<Gavel />} label="Диспуты" />
              <MenuLink to="/admin/support" icon={<Headset />} label="Обращения в поддержку" />
              <MenuLink to="/admin/callbacks" icon={<PhoneCall />} label="Заявки на звонок" />
              <MenuLink to="/admin/receipts" icon={<ReceiptText />} label="Чеки" />
            </>
          ) : null}
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" disabled={logout.isPending} onSelect={() => logout.mutate()}>
          <LogOut />
          Выйти из аккаунта
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

type MenuLinkProps = {
  to: '/become-mentor' | '/MyMentee' | '/Statistics' | '/MyMentorsPage' | '/ProfileSettings' | '/Support' | '/admin/mentor-applications' | '/admin/disputes' | '/admin/support' | '/admin/callbacks' | '/admin/receipts';
  icon: ReactNode;
  label: string;
};

function MenuLink({ to, icon, label }: MenuLinkProps) {
  return (
    <DropdownMenuItem asChild>
      <Link to={to}>
        {icon}
        {label}
      </Link>
    </DropdownMenuItem>
  );
}
