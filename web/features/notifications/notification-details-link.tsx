import { useRouter } from '@tanstack/react-router';
import { cn } from '../../lib/cn.ts';

type NotificationDetailsLinkProps = {
  url: string;
  /** Called before following the link: opening a notification reads it. */
  onOpen: () => void;
  className?: string;
};

// payload.url comes from the server, but a javascript: or data: address must never become a link.
const SAFE_URL = /^(\/(?!\/)|https?:\/\/)/i;

/** The 'подробнее' link to payload.url (spec 000 §2); nothing for an address that is not a page. */
export function NotificationDetailsLink({ url, onOpen, className }: NotificationDetailsLinkProps) {
  const router = useRouter();
  if (!SAFE_URL.test(url)) return null;
  return (
    <a
      href={url}
      className={cn('inline-block font-medium text-primary hover:underline', className)}
      onClick={(event) => {
        onOpen();
        // In-app links navigate without reloading the SPA; external ones open normally.
        if (url.startsWith('/') && !event.metaKey && !event.ctrlKey && !event.shiftKey) {
          event.preventDefault();
          void router.navigate({ href: url });
        }
      }}
    >
      подробнее
    </a>
  );
}
