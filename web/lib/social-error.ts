import { SOCIAL_PROVIDER_NAMES, type SocialProvider } from '../components/social-provider-mark.tsx';

// What each `?social_error=` code of decision 025 means for the person; an unknown code gets the general words.
const REASONS: Record<string, string> = {
  state_invalid: 'ссылка для входа устарела или открыта в другом браузере. Начните вход ещё раз',
  login_expired: 'время на вход вышло. Начните вход ещё раз',
  denied: 'вход отменён на стороне сервиса',
  token_failed: 'сервис не подтвердил вход. Попробуйте ещё раз',
  id_token_invalid: 'ответ сервиса не прошёл проверку. Попробуйте ещё раз',
  hash_invalid: 'ответ сервиса не прошёл проверку. Попробуйте ещё раз',
  provider_error: 'сервис сейчас не отвечает. Попробуйте позже или войдите по почте',
  not_offered: 'этот способ входа сейчас недоступен',
  already_linked: 'этот аккаунт уже привязан к другому профилю Формы',
  provider_taken: 'к вашему профилю уже привязан другой аккаунт этого сервиса',
  rate_limited: 'слишком много попыток. Попробуйте позже',
};
const GENERAL = 'сервис не подтвердил вход. Попробуйте ещё раз или войдите по почте';

/** «Не удалось войти через VK: …» for the code the callback sent the person back with. */
export function socialErrorText(code: string, provider?: SocialProvider): string {
  const through = provider ? SOCIAL_PROVIDER_NAMES[provider] : 'соцсеть';
  return `Не удалось войти через ${through}: ${REASONS[code] ?? GENERAL}`;
}

/** «Не удалось привязать VK: …», the same reasons back on the settings after a link. */
export function socialLinkErrorText(code: string, provider?: SocialProvider): string {
  return `Не удалось привязать ${provider ? SOCIAL_PROVIDER_NAMES[provider] : 'аккаунт'}: ${REASONS[code] ?? GENERAL}`;
}
