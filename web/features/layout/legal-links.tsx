import { cn } from '../../lib/cn.ts';

// The documents are not published yet; the links are placeholders the spec asks for.
const legalLinks = [
  { label: 'Политика конфиденциальности', href: '#privacy-policy' },
  { label: 'Публичная оферта', href: '#public-offer' },
];

/** Privacy policy and public offer, shared by both footers and the callback form's consent text. */
export function LegalLinks({ className }: { className?: string }) {
  return (
    <ul className={cn('flex flex-wrap gap-x-5 gap-y-2', className)}>
      {legalLinks.map((link) => (
        <li key={link.href}>
          <a href={link.href} className="hover:underline">
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  );
}

export const privacyPolicyHref = legalLinks[0]!.href;
