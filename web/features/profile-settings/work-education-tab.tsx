import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { EducationList, WorkExperienceList } from '../../components/work-education/work-education-lists.tsx';
import type { EducationValues, WorkExperienceValues } from '../../components/work-education/work-education.types.ts';
import { toast } from '../../components/ui/toast-store.ts';
import { educationApi, workExperienceApi } from './profile-settings.api.ts';
import { settingsQueries } from './profile-settings.queries.ts';

const NOTICE_MS = 3000;
const done = (title: string) => toast({ title, variant: 'success', duration: NOTICE_MS });
const failed = (title: string) => toast({ title, variant: 'destructive' });

/** Tab "Образование и опыт": the two lists, saved to the API one item at a time. */
export function WorkEducationTab({ userId }: { userId?: number }) {
  const queryClient = useQueryClient();
  const work = useQuery(settingsQueries.workExperiences());
  const education = useQuery(settingsQueries.educations());

  const workKey = settingsQueries.workExperiences().queryKey;
  const educationKey = settingsQueries.educations().queryKey;

  const saveWork = useMutation({
    mutationFn: ({ id, values }: { id?: number; values: WorkExperienceValues }) =>
      id == null ? workExperienceApi.create({ ...values, user_id: userId }) : workExperienceApi.update(id, { ...values, user_id: userId }),
    onSuccess: (_saved, { id }) => {
      done(id == null ? 'Место работы успешно добавлено' : 'Место работы успешно обновлено');
      return queryClient.invalidateQueries({ queryKey: workKey });
    },
    onError: () => failed('Произошла ошибка при сохранении места работы'),
  });
  const deleteWork = useMutation({
    mutationFn: workExperienceApi.remove,
    onSuccess: (_result, id) => {
      queryClient.setQueryData(workKey, (items) => items?.filter((item) => item.id !== id));
      done('Место работы успешно удалено');
      return queryClient.invalidateQueries({ queryKey: workKey });
    },
    onError: () => failed('Произошла ошибка при удалении'),
  });

  const saveEducation = useMutation({
    mutationFn: ({ id, values }: { id?: number; values: EducationValues }) =>
      id == null ? educationApi.create({ ...values, user_id: userId }) : educationApi.update(id, { ...values, user_id: userId }),
    onSuccess: (_saved, { id }) => {
      done(id == null ? 'Образование успешно добавлено' : 'Образование успешно обновлено');
      return queryClient.invalidateQueries({ queryKey: educationKey });
    },
    onError: () => failed('Произошла ошибка при сохранении образования'),
  });
  const deleteEducation = useMutation({
    mutationFn: educationApi.remove,
    onSuccess: (_result, id) => {
      queryClient.setQueryData(educationKey, (items) => items?.filter((item) => item.id !== id));
      done('Образование успешно удалено');
      return queryClient.invalidateQueries({ queryKey: educationKey });
    },
    onError: () => failed('Произошла ошибка при удалении'),
  });

  return (
    <div className="grid gap-6">
      <WorkExperienceList
        items={(work.data ?? []).map((item) => ({ ...item, key: item.id }))}
        loading={work.isPending}
        error={work.isError ? 'Ошибка при загрузке опыта работы' : null}
        onCreate={(values) => saveWork.mutateAsync({ values })}
        onUpdate={(key, values) => saveWork.mutateAsync({ id: Number(key), values })}
        onDelete={(key) => deleteWork.mutateAsync(Number(key))}
      />
      <EducationList
        items={(education.data ?? []).map((item) => ({ ...item, key: item.id }))}
        loading={education.isPending}
        error={education.isError ? 'Ошибка при загрузке образования' : null}
        onCreate={(values) => saveEducation.mutateAsync({ values })}
        onUpdate={(key, values) => saveEducation.mutateAsync({ id: Number(key), values })}
        onDelete={(key) => deleteEducation.mutateAsync(Number(key))}
      />
    </div>
  );
}
