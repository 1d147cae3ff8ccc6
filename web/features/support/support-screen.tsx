import { LifeBuoy } from 'lucide-react';
import { Card } from '../../components/ui/card.tsx';
import { SupportFaq } from './support-faq.tsx';
import { WriteToSupportButton } from './write-to-support.tsx';

type SupportScreenProps = {
  signedIn: boolean;
  /** the session is still being looked up: the button waits, so a signed-in person isn't sent to /login */
  sessionPending?: boolean;
};

/** /Support: answers to the common questions, and the way to write to the support team. */
export function SupportScreen({ signedIn, sessionPending }: SupportScreenProps) {
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-4 py-8 sm:py-10">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Поддержка</h1>
        <p className="text-sm text-muted-foreground">Ответы на частые вопросы. Не нашли ответ — напишите нам в чат.</p>
      </div>
      <section aria-labelledby="support-faq" className="grid gap-3">
        <h2 id="support-faq" className="text-lg font-semibold">
          Частые вопросы
        </h2>
        <SupportFaq />
      </section>
      <Card className="flex flex-col gap-4 p-6 sm:flex-row sm:items-center">
        <div className="grid size-12 shrink-0 place-content-center rounded-xl bg-primary/10 text-primary">
          <LifeBuoy className="size-6" aria-hidden />
        </div>
        <div className="grid flex-1 gap-1">
          <h2 className="font-semibold">Остались вопросы?</h2>
          <p className="text-sm text-muted-foreground">
            Напишите в чат поддержки — ответим там же, а о новом сообщении придёт уведомление.
            {signedIn || sessionPending ? null : ' Чтобы написать, войдите в аккаунт.'}
          </p>
        </div>
        <WriteToSupportButton signedIn={signedIn} disabled={sessionPending} />
      </Card>
    </section>
  );
}
