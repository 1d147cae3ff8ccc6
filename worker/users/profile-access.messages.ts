// Spec 001 §8's profile texts for a profile call without a person: nobody signed in, or a token whose account is
// gone. Pure, so the web's profile settings show the same words (issue 41).
export const profileAccessMessages = {
  noSession: 'Пользователь не авторизован',
  noAccount: 'Не удалось получить данные пользователя',
} as const;
