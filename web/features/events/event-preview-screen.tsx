import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Eye, FileQuestion, TriangleAlert } from 'lucide-react';
import { EmptyState } from '../../components/empty-state.tsx';
import { Button } from '../../components/ui/button.tsx';
import { formatDate } from '../../lib/dayjs.ts';
import { formatPrice } from '../../lib/format-price.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { mentorQueries } from '../../lib/mentors/mentors.queries.ts';
import { EventDetailsView } from './event-details-view.tsx';
import { formatAgeTag } from './event-page-screen.tsx';
import { formatParticipants, formatSeatsLeft, isUnlimited } from './event-rules.ts';

export const PREVIEW_STORAGE_KEY = 'previewEvent';
/** Spec 000 §9: preview defaults. */
const DEFAULT_AGE_TAG = '18+';
const DEFAULT_SPOTS = 20;

/** The draft the event editor leaves in localStorage (spec 000 §3 "Draft event"). */
export type PreviewDraft = {
  id?: number | string | null;
  title?: string | null;
  coverImage?: string | null;
  date?: string | null;
  price?: number | string | null;
  event_ageRestriction?: number | string | null;
  available_spots?: number | string | null;
  total_spots?: number | string | null;
  description?: string | null;
  mentorId?: number | string | null;
};

export type PreviewRead = { state: 'ok'; draft: PreviewDraft } | { state: 'missing' } | { state: 'error' };

/** Reads and parses the draft; a blocked storage or broken JSON is an 'error', not a crash. */
export function readPreviewDraft(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): PreviewRead {
  try {
    const raw = storage?.getItem(PREVIEW_STORAGE_KEY);
    if (!raw) return { state: 'missing' };
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return { state: 'error' };
    return { state: 'ok', draft: value as PreviewDraft };
  } catch (error) {
    console.error('events: preview draft unreadable', error);
    return { state: 'error' };
  }
}

function toNumber(value: unknown): number | null {
  if (value == null || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/** 'Бесплатно' when 0, else the price as the published page writes it ('1 500 ₽', issue 35 item 15). */
export function formatPreviewPrice(value: unknown): string {
  return formatPrice(toNumber(value));
}

const ALLOWED_TAGS = new Set(['P', 'BR', 'B', 'STRONG', 'I', 'EM', 'U', 'S', 'A', 'UL', 'OL', 'LI', 'H1', 'H2', 'H3', 'H4', 'BLOCKQUOTE', 'SPAN', 'DIV', 'IMG', 'CODE', 'PRE']);
const ALLOWED_ATTRS = new Set(['href', 'src', 'alt', 'title', 'target', 'rel']);

/**
 * The detail page gets HTML the server sanitized; a draft never went through the server, so strip it
 * here to an allow-list (no scripts, handlers or javascript: links) before showing it.
 */
export function sanitizeDraftHtml(html: string): string {
  if (typeof DOMParser === 'undefined') return '';
  const doc = new DOMParser().parseFromString(`<div>${html}</div>`, 'text/html');
  const root = doc.body.firstElementChild;
  if (!root) return '';
  const walk = (node: Element) => {
    for (const child of Array.from(node.children)) {
      if (!ALLOWED_TAGS.has(child.tagName)) {
        child.remove();
        continue;
      }
      for (const attr of Array.from(child.attributes)) {
        const name = attr.name.toLowerCase();
        const unsafeUrl = (name === 'href' || name === 'src') && !/^(https?:|mailto:|\/)/i.test(attr.value.trim());
        if (!ALLOWED_ATTRS.has(name) || unsafeUrl) child.removeAttribute(attr.name);
      }
      if (child.tagName === 'A') child.setAttribute('rel', 'noopener noreferrer');
      walk(child);
    }
  };
  walk(root);
  return root.innerHTML;
}

/** /event_info/preview: the draft as participants will see it, with placeholders for what is not filled yet. */
export function EventPreviewScreen({ read = readPreviewDraft }: { read?: () => PreviewRead }) {
  const result = useMemo(read, [read]);

  if (result.state !== 'ok') {
    const broken = result.state === 'error';
    return (
      <div className="mx-auto w-full max-w-xl px-4 py-16">
        <EmptyState
          className="bg-card py-12"
          icon={broken ? <TriangleAlert /> : <FileQuestion />}
          title={broken ? 'Не удалось прочитать черновик' : 'Черновик для предпросмотра не найден'}
          description={
            broken
              ? 'Браузер не дал доступ к сохранённым данным или черновик повреждён. Откройте предпросмотр из редактора ещё раз.'
              : 'Откройте предпросмотр из редактора мероприятия — здесь появится, как его увидят участники.'
          }
          action={
            <Button asChild variant="outline">
              <Link to="/AllEvents">К мероприятиям</Link>
            </Button>
          }
        />
      </div>
    );
  }
  return <PreviewBody draft={result.draft} />;
}

function PreviewBody({ draft }: { draft: PreviewDraft }) {
  const { user } = useSession();
  const mentorId = toNumber(draft.mentorId);
  const isSelf = user != null && mentorId === user.id;
  const mentorQuery = useQuery({ ...mentorQueries.detail(mentorId ?? 0), enabled: mentorId != null && !isSelf, retry: false });

  const total = toNumber(draft.total_spots) ?? DEFAULT_SPOTS;
  const available = toNumber(draft.available_spots) ?? DEFAULT_SPOTS;
  const description = draft.description?.trim() ? sanitizeDraftHtml(draft.description) : '';
  const mentorSource = isSelf ? user : mentorQuery.data;
  const mentorName = [mentorSource?.mentor_name, mentorSource?.mentor_surname].filter(Boolean).join(' ');

  return (
    <>
      <div className="mx-auto w-full max-w-7xl px-4 pt-6 lg:px-8">
        <p className="flex items-center gap-2 rounded-xl border border-primary/30 bg-primary/5 px-4 py-3 text-sm">
          <Eye aria-hidden className="size-4 shrink-0 text-primary" />
          Предпросмотр: так мероприятие увидят участники после публикации.
        </p>
      </div>
      <EventDetailsView
        title={draft.title?.trim() || 'Без названия'}
        dateText={(draft.date && formatDate(draft.date, user?.time_zone)) || null}
        imageUrl={draft.coverImage ?? null}
        ageTag={formatAgeTag(draft.event_ageRestriction) ?? DEFAULT_AGE_TAG}
        participantsText={formatParticipants(Math.max(0, total - available), total)}
        descriptionHtml={description}
        descriptionPlaceholder="Описание пока не добавлено"
        mentor={mentorId != null ? { id: mentorId, name: mentorName || 'Наставник' , avatarUrl: mentorSource?.mentor_avatar_url } : null}
        mentorLoading={mentorId != null && !isSelf && mentorQuery.isPending}
        priceText={formatPreviewPrice(draft.price)}
        seatsText={formatSeatsLeft(isUnlimited(total) ? null : available)}
        cancellationPolicy={(toNumber(draft.price) ?? 0) > 0}
        action={
          <Button size="lg" disabled title="Недоступно в предпросмотре">
            Участвовать
          </Button>
        }
      />
    </>
  );
}
