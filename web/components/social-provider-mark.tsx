import type { ReactNode } from 'react';
import { Send } from 'lucide-react';
import { cn } from '../lib/cn.ts';
import type { SocialProviderId } from '../../worker/auth/social.schemas.ts';

export type SocialProvider = SocialProviderId;

/**
 * The sign-in providers of decision 025, in the order the screens show them (spec 001's VK, Telegram, Google, then
 * Yandex). A list of its own rather than the API schema's: route configs read it, and they stay free of zod.
 */
export const SOCIAL_PROVIDERS = ['vk', 'telegram', 'google', 'yandex'] as const satisfies readonly SocialProvider[];

/** How people call each provider (in «Не удалось войти через VK», on the buttons, in the settings). */
export const SOCIAL_PROVIDER_NAMES: Record<SocialProvider, string> = { vk: 'VK', yandex: 'Яндекс', telegram: 'Telegram', google: 'Google' };

export function isSocialProvider(value: unknown): value is SocialProvider {
  return SOCIAL_PROVIDERS.includes(value as SocialProvider);
}

// Brand marks as simple glyphs: the icon set has no logos, and four SVG files are not worth a request.
const MARKS: Record<SocialProvider, { mark: ReactNode; className: string }> = {
  vk: { mark: <span className="text-[11px] font-bold">VK</span>, className: 'bg-[#0077ff] text-white' },
  yandex: { mark: <span className="text-sm font-bold">Я</span>, className: 'bg-[#fc3f1d] text-white' },
  telegram: { mark: <Send aria-hidden className="size-3.5 -translate-x-px" />, className: 'bg-[#27a7e7] text-white' },
  google: { mark: <span className="text-sm font-bold text-[#4285f4]">G</span>, className: 'bg-card border' },
};

/** The provider's round brand mark; decorative, the name beside it (or an aria-label) says which one. */
export function SocialProviderMark({ provider, className }: { provider: SocialProvider; className?: string }) {
  const { mark, className: markClass } = MARKS[provider];
  return (
    <span aria-hidden className={cn('grid size-6 shrink-0 place-content-center rounded-full', markClass, className)}>
      {mark}
    </span>
  );
}
