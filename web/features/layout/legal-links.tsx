import { Link } from '@tanstack/react-router';
import { cn } from '../../lib/cn.ts';

// The published documents (web/features/legal), the ones registration asks consent to.
const legalLinks = [
  { label: 'Политика конфиденциальности', href: '/privacy-policy' },
  { label: 'Публичная оферта', href: '/offer' },
] as const;

/** Privacy policy and public offer, shared by both footers and the callback form's consent text. */
export function LegalLinks({ className }: { className?: string }) {
  return (
    <ul className={cn('flex flex-wrap gap-x-5 gap-y-2', className)}>
      {legalLinks.map((link) => (
        <li key={link.href}>
          <Link to={link.href} className="hover:underline">
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export const privacyPolicyHref = legalLinks[0]!.href;
