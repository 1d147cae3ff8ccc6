// The texts of the codes we send.
import { waitText } from '../lib/wait-text.ts';
import { CODE_TTL_MINUTES } from './codes.ts';

const footer = `Код действует ${CODE_TTL_MINUTES} минут. Если вы его не запрашивали, просто проигнорируйте это сообщение.`;

export const codeMessages = {
  login: (code: string) => ({ subject: 'Код для входа в Форму', text: `Ваш код для входа: ${code}\n\n${footer}` }),
  registration: (code: string) => ({ subject: 'Подтверждение регистрации в Форме', text: `Ваш код подтверждения: ${code}\n\n${footer}` }),
  alreadyRegistered: (code: string) => ({
    subject: 'Вы уже зарегистрированы в Форме',
    text: `У вас уже есть аккаунт с этим адресом. Чтобы войти, введите код: ${code}\n\n${footer}`,
  }),
  sms: (code: string) => `Форма: код ${code}. Никому его не сообщайте.`,
};

/** The 429s of sign-in (the same for every address, existing or not). */
export const signInRefusals = {
  codesFromHere: (wait: string) => `Слишком много запросов кода. Попробуйте через ${wait}`,
  codesToAddress: (wait: string) =>
    `Слишком много запросов кода для этого адреса. Войдите с устройства, с которого уже входили, или попробуйте через ${wait}`,
  tries: (waitSeconds: number) => `Слишком много неверных попыток. Попробуйте через ${waitText(waitSeconds)}`,
};

/** To the owner when strangers reach the address's ceiling (at most one a day). */
export const attackNotice = {
  email: {
    subject: 'Кто-то пытается войти в ваш аккаунт Формы',
    text:
      'Кто-то много раз запрашивал или вводил код для входа в ваш аккаунт с незнакомых устройств. Поэтому вход с новых ' +
      'устройств временно ограничен; с устройств и из сетей, с которых вы уже входили, вход работает как обычно.\n\n' +
      'Если это были вы, попробуйте позже. Если нет, ничего делать не нужно: код приходит только вам, а угадать его мы ' +
      'не даём. Никому не сообщайте коды из наших писем.',
  },
  sms: 'Форма: кто-то пытается войти в ваш аккаунт. Вход с новых устройств временно ограничен, с ваших работает. Никому не сообщайте коды.',
};
