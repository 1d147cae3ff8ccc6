import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ImageUp, Trash2 } from 'lucide-react';
import { AVATAR_MAX_BYTES, PROFILE_DESCRIPTION_MAX, profilePatchSchema } from '../../../worker/profile/profile.schemas.ts';
import { profileAccessMessages } from '../../../worker/users/profile-access.messages.ts';
import { FormField } from '../../components/form-field.tsx';
import { SaveBar } from '../../components/save-bar.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { ApiError } from '../../lib/api-client.ts';
import { fieldErrors } from '../../lib/field-errors.ts';
import { PhoneCard } from './phone-card.tsx';
import { updateProfile, type ProfileUser } from './profile-settings.api.ts';

const NOTICE_MS = 3000;

const textFields = ['mentor_name', 'mentor_surname', 'user_city_residence', 'mentor_title', 'mentor_tg_title', 'mentor_description'] as const;
type TextField = (typeof textFields)[number];
type Values = Record<TextField, string>;

function valuesOf(user: ProfileUser): Values {
  return Object.fromEntries(textFields.map((field) => [field, (user[field] as string | null | undefined) ?? ''])) as Values;
}

/** Checks the whole form with the server's schema; returns the normalised values or the messages by field. */
function check(values: Values) {
  const result = profilePatchSchema.safeParse(values);
  return result.success ? { data: result.data, errors: {} as Record<string, string> } : { data: null, errors: fieldErrors(result.error) };
}

type ProfileTabProps = {
  user: ProfileUser | null;
  loading?: boolean;
  /** The user could not be loaded. */
  loadFailed?: boolean;
  /** The saved user from the PATCH answer (the route puts it into the session cache). */
  onSaved: (user: ProfileUser) => void;
};

export function ProfileTab({ user, loading, loadFailed, onSaved }: ProfileTabProps) {
  if (loading) return <ProfileSkeleton />;
  if (loadFailed || !user) {
    return (
      <p role="alert" className="rounded-xl bg-destructive/10 px-4 py-3 text-sm text-destructive">
        {/* no user without a failure: the session ended on this page (spec 001 §8) */}
        {loadFailed ? 'Произошла ошибка при загрузке данных пользователя' : profileAccessMessages.noSession}
      </p>
    );
  }
  return <ProfileForm user={user} onSaved={onSaved} />;
}

function ProfileForm({ user, onSaved }: { user: ProfileUser; onSaved: (user: ProfileUser) => void }) {
  const [baseline, setBaseline] = useState(() => valuesOf(user));
  const [avatarUrl, setAvatarUrl] = useState(user.mentor_avatar_url);
  const [values, setValues] = useState(baseline);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [avatarFile, setAvatarFile] = useState<File | null>(null);
  const [removeAvatar, setRemoveAvatar] = useState(false);
  const [avatarError, setAvatarError] = useState<string | undefined>();
  const fileInput = useRef<HTMLInputElement>(null);

  const preview = useMemo(() => (avatarFile ? URL.createObjectURL(avatarFile) : null), [avatarFile]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const changedFields = textFields.filter((field) => values[field] !== baseline[field]);
  const dirty = changedFields.length > 0 || avatarFile !== null || removeAvatar;

  const setField = (field: TextField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _, ...rest }) => rest);
  };

  /** On leaving a field: show its message; the Telegram link is rewritten to its t.me/handle form. */
  const blurField = (field: TextField) => {
    const { data, errors: found } = check(values);
    setErrors((current) => {
      const { [field]: _, ...rest } = current;
      return found[field] ? { ...rest, [field]: found[field] } : rest;
    });
    if (field === 'mentor_title' && data && data.mentor_title !== undefined && data.mentor_title !== values.mentor_title) {
      setValues((current) => ({ ...current, mentor_title: data.mentor_title! }));
    }
  };

  const reset = (nextBaseline: Values) => {
    setBaseline(nextBaseline);
    setValues(nextBaseline);
    setErrors({});
    setAvatarFile(null);
    setRemoveAvatar(false);
    setAvatarError(undefined);
  };

  const save = useMutation({
    mutationFn: updateProfile,
    onSuccess: (saved) => {
      reset(valuesOf(saved));
      setAvatarUrl(saved.mentor_avatar_url);
      onSaved(saved);
      toast({ title: 'Изменения успешно сохранены', variant: 'success', duration: NOTICE_MS });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields) {
        const { mentor_avatar, ...rest } = error.fields;
        setErrors(rest);
        setAvatarError(mentor_avatar);
      }
      toast({ title: 'Произошла ошибка при сохранении данных', description: error instanceof ApiError ? error.detail : undefined, variant: 'destructive' });
    },
  });

  const submit = () => {
    const { data, errors: found } = check(values);
    setErrors(found);
    if (!data) return;
    const form = new FormData();
    for (const field of textFields) {
      // Only what changed goes to the server (spec 001 §7); values are sent trimmed and normalised.
      if (values[field] !== baseline[field]) form.append(field, data[field] ?? '');
    }
    if (avatarFile) form.append('mentor_avatar', avatarFile);
    else if (removeAvatar) form.append('remove_avatar', 'true');
    save.mutate(form);
  };

  const pickAvatar = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) return setAvatarError('Пожалуйста, выберите изображение');
    if (file.size > AVATAR_MAX_BYTES) return setAvatarError('Размер файла не должен превышать 5MB');
    setAvatarError(undefined);
    setAvatarFile(file);
    setRemoveAvatar(false);
  };

  const shownAvatar = preview ?? (removeAvatar ? null : avatarUrl);
  const name = [values.mentor_name, values.mentor_surname].filter(Boolean).join(' ');
  const text = (field: TextField) => ({
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setField(field, event.target.value),
    onBlur: () => blurField(field),
  });

  return (
    <div className="grid gap-6">
      <Card className="grid gap-6 p-4 sm:p-6">
        <section aria-label="Фото профиля" className="flex flex-col gap-4 sm:flex-row sm:items-center">
          <Avatar src={shownAvatar} name={name || user.email} className="size-20 text-xl" />
          <div className="grid gap-2">
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" size="sm" onClick={() => fileInput.current?.click()}>
                <ImageUp aria-hidden />
                {shownAvatar ? 'Изменить фото' : 'Загрузить фото'}
              </Button>
              {shownAvatar ? (
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-muted-foreground hover:text-destructive"
                  onClick={() => {
                    setAvatarFile(null);
                    setAvatarError(undefined);
                    // Removing a just-picked file goes back to the stored photo; removing the stored one marks it.
                    if (!avatarFile) setRemoveAvatar(true);
                  }}
                >
                  <Trash2 aria-hidden />
                  Удалить фото
                </Button>
              ) : null}
            </div>
            <input ref={fileInput} type="file" accept="image/*" className="sr-only" tabIndex={-1} aria-label="Файл фото профиля" onChange={pickAvatar} />
            {avatarError ? (
              <p role="alert" className="text-xs text-destructive">
                {avatarError}
              </p>
            ) : (
              <p className="text-xs text-muted-foreground">JPG, PNG или WebP, не больше 5 МБ</p>
            )}
          </div>
        </section>

        <div className="grid items-start gap-4 sm:grid-cols-2">
          <FormField label="Имя" error={errors.mentor_name}>
            <Input autoComplete="given-name" maxLength={50} {...text('mentor_name')} />
          </FormField>
          <FormField label="Фамилия" error={errors.mentor_surname}>
            <Input autoComplete="family-name" maxLength={50} {...text('mentor_surname')} />
          </FormField>
          <FormField label="Город" error={errors.user_city_residence}>
            <Input autoComplete="address-level2" maxLength={50} placeholder="Например, Москва" {...text('user_city_residence')} />
          </FormField>
          <FormField label="Ссылка на Telegram" error={errors.mentor_title}>
            <Input inputMode="url" autoCapitalize="none" placeholder="t.me/username" {...text('mentor_title')} />
          </FormField>
          <FormField label="Название канала" error={errors.mentor_tg_title} className="sm:col-span-2">
            <Input maxLength={100} placeholder="Например, Заметки фронтендера" {...text('mentor_tg_title')} />
          </FormField>
          <FormField
            label="Описание"
            error={errors.mentor_description}
            hint={`${values.mentor_description.length}/${PROFILE_DESCRIPTION_MAX}`}
            className="sm:col-span-2"
          >
            <Textarea rows={5} maxLength={PROFILE_DESCRIPTION_MAX} placeholder="Расскажите о себе и своём опыте" {...text('mentor_description')} />
          </FormField>
        </div>
      </Card>
      <PhoneCard user={user} onSaved={onSaved} />
      <SaveBar visible={dirty} saving={save.isPending} onSave={submit} onCancel={() => reset(baseline)} />
    </div>
  );
}

function ProfileSkeleton() {
  return (
    <Card role="status" aria-label="Загрузка профиля" className="grid gap-6 p-4 sm:p-6">
      <div className="flex items-center gap-4">
        <Skeleton className="size-20 rounded-full" />
        <Skeleton className="h-8 w-40" />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-16" />
        ))}
        <Skeleton className="h-32 sm:col-span-2" />
      </div>
    </Card>
  );
}
