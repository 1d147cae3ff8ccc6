import { useState, type ChangeEvent } from 'react';
import { Send } from 'lucide-react';
import { telegramLinkSchema } from '../../../worker/profile/profile.schemas.ts';
import { FormField } from '../../components/form-field.tsx';
import { SkillsInput } from '../../components/skills-input.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { EducationList, WorkExperienceList } from '../../components/work-education/work-education-lists.tsx';
import type { ApplicationPayload } from './mentor-application.api.ts';
import { ABOUT_MAX, ABOUT_MIN, canSubmit, submitErrors, type SubmitField } from './mentor-application.rules.ts';

type TextField = 'mentor_name' | 'mentor_surname' | 'mentor_specialization' | 'mentor_title' | 'mentor_tg_title' | 'mentor_description';

type ApplicationFormProps = {
  initial: ApplicationPayload;
  status: string;
  /** Messages from the server (400 on submit), keyed by payload field. */
  serverErrors?: Record<string, string>;
  saving: boolean;
  submitting: boolean;
  onSaveDraft: (payload: ApplicationPayload) => void;
  onSubmit: (payload: ApplicationPayload) => void;
};

/** Normalises the Telegram link; returns the message instead when it is not one. */
function normaliseTelegram(value: string): { value: string; error?: string } {
  const parsed = telegramLinkSchema.safeParse(value);
  return parsed.success ? { value: parsed.data } : { value, error: parsed.error.issues[0]?.message };
}

/** The editable application (status draft): profile fields, skills, work and education, save and submit. */
export function ApplicationForm({ initial, status, serverErrors = {}, saving, submitting, onSaveDraft, onSubmit }: ApplicationFormProps) {
  const [payload, setPayload] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<SubmitField, boolean>>>({});
  const [telegramError, setTelegramError] = useState<string | undefined>();
  const [cleared, setCleared] = useState<Set<string>>(new Set());

  const ruleErrors = submitErrors(payload);
  const submittable = canSubmit(status, payload);
  const busy = saving || submitting;

  const errorOf = (field: string): string | undefined => {
    if (field in ruleErrors && touched[field as SubmitField]) return ruleErrors[field as SubmitField];
    if (field === 'mentor_title' && telegramError) return telegramError;
    return cleared.has(field) ? undefined : serverErrors[field];
  };

  const change = <K extends keyof ApplicationPayload>(field: K, value: ApplicationPayload[K]) => {
    setPayload((current) => ({ ...current, [field]: value }));
    setCleared((current) => new Set(current).add(field));
  };

  const text = (field: TextField) => ({
    value: payload[field],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      change(field, event.target.value);
      if (field === 'mentor_title') setTelegramError(undefined);
    },
    onBlur: () => {
      if (field === 'mentor_title') {
        const result = normaliseTelegram(payload.mentor_title);
        setTelegramError(result.error);
        if (!result.error) change('mentor_title', result.value);
      } else if (field in ruleErrors || ['mentor_name', 'mentor_surname', 'mentor_description'].includes(field)) {
        setTouched((current) => ({ ...current, [field]: true }));
      }
    },
  });

  /** Every action sends the normalised link; an invalid link blocks it with its message. */
  const prepared = (): ApplicationPayload | null => {
    const result = normaliseTelegram(payload.mentor_title);
    setTelegramError(result.error);
    return result.error ? null : { ...payload, mentor_title: result.value };
  };

  const replaceAt = <T,>(items: T[], index: number, value: T) => items.map((item, at) => (at === index ? value : item));

  return (
    <div className="grid gap-6">
      <Card className="grid gap-5 p-4 sm:p-6">
        <h2 className="text-base font-semibold">Основная информация</h2>
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <FormField label="Имя" error={errorOf('mentor_name')}>
            <Input autoComplete="given-name" maxLength={50} {...text('mentor_name')} />
          </FormField>
          <FormField label="Фамилия" error={errorOf('mentor_surname')}>
            <Input autoComplete="family-name" maxLength={50} {...text('mentor_surname')} />
          </FormField>
          <FormField label="Специализация" error={errorOf('mentor_specialization')} className="sm:col-span-2">
            <Input maxLength={255} placeholder="Например, Frontend-разработка" {...text('mentor_specialization')} />
          </FormField>
          <FormField label="Ссылка на Telegram" error={errorOf('mentor_title')}>
            <Input inputMode="url" autoCapitalize="none" placeholder="t.me/username" {...text('mentor_title')} />
          </FormField>
          <FormField label="Название канала" error={errorOf('mentor_tg_title')}>
            <Input maxLength={100} placeholder="Например, Заметки фронтендера" {...text('mentor_tg_title')} />
          </FormField>
          <FormField
            label="О себе"
            error={errorOf('mentor_description')}
            hint={`${payload.mentor_description.length}/${ABOUT_MAX}`}
            className="sm:col-span-2"
          >
            <Textarea
              rows={6}
              maxLength={ABOUT_MAX}
              placeholder={`Расскажите о своём опыте и о том, чем вы можете помочь (не меньше ${ABOUT_MIN} символов)`}
              {...text('mentor_description')}
            />
          </FormField>
          <FormField label="Навыки" error={errorOf('mentor_skills')} className="sm:col-span-2">
            <SkillsInput
              value={payload.mentor_skills}
              onChange={(skills) => {
                change('mentor_skills', skills);
                setTouched((current) => ({ ...current, mentor_skills: true }));
              }}
              onBlur={() => setTouched((current) => ({ ...current, mentor_skills: true }))}
            />
          </FormField>
        </div>
      </Card>

      <WorkExperienceList
        items={payload.work_experiences.map((item, index) => ({ ...item, key: index }))}
        onCreate={(values) => change('work_experiences', [...payload.work_experiences, values])}
        onUpdate={(key, values) => change('work_experiences', replaceAt(payload.work_experiences, Number(key), values))}
        onDelete={(key) => change('work_experiences', payload.work_experiences.filter((_, at) => at !== Number(key)))}
      />
      <EducationList
        items={payload.educations.map((item, index) => ({ ...item, key: index }))}
        onCreate={(values) => change('educations', [...payload.educations, values])}
        onUpdate={(key, values) => change('educations', replaceAt(payload.educations, Number(key), values))}
        onDelete={(key) => change('educations', payload.educations.filter((_, at) => at !== Number(key)))}
      />

      <Card className="grid gap-3 p-4 sm:p-6">
        {!submittable && status === 'draft' ? (
          <p className="text-sm text-muted-foreground">
            Чтобы отправить заявку, укажите имя и фамилию, расскажите о себе (не меньше {ABOUT_MIN} символов) и добавьте хотя бы один навык.
          </p>
        ) : null}
        <div className="grid gap-2 sm:flex sm:justify-end">
          <Button
            variant="outline"
            disabled={busy}
            onClick={() => {
              const ready = prepared();
              if (ready) onSaveDraft(ready);
            }}
          >
            {saving && !submitting ? <Spinner className="text-current" label="Сохранение" /> : null}
            Сохранить черновик
          </Button>
          <Button
            disabled={!submittable || busy}
            onClick={() => {
              const ready = prepared();
              if (ready) onSubmit(ready);
            }}
          >
            {submitting ? <Spinner className="text-current" label="Отправка" /> : <Send aria-hidden />}
            Отправить на модерацию
          </Button>
        </div>
      </Card>
    </div>
  );
}
