// The texts of the codes we send.
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
