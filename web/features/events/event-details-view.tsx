import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { CalendarDays, ShieldCheck, Ticket, UsersRound } from 'lucide-react';
import { EventImage } from '../../components/event-image.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { cn } from '../../lib/cn.ts';
import { ShareLink } from '../../components/share-link.tsx';

/*
 * The presentational pieces of the event page, shared by /event_info/{id}/ and /event_info/preview:
 * both pass already formatted texts and their own action button.
 */

export const LIVE_BADGE_TEXT = 'В эфире (прямо сейчас или скоро начнётся)';
export const CANCELLATION_POLICY =
  'Полный возврат средств, если вы отмените участие не позднее чем за 7 дней до начала мастер-класса или в течение 24 часов после бронирования.';

/** Typography for server-sanitized description HTML (the project has no typography plugin). */
const proseClasses =
  'text-[15px] leading-relaxed text-foreground/90 break-words [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2 [&_blockquote]:border-l-4 [&_blockquote]:pl-4 [&_blockquote]:italic [&_blockquote]:text-muted-foreground [&_h1]:mt-5 [&_h1]:mb-2 [&_h1]:text-xl [&_h1]:font-semibold [&_h2]:mt-5 [&_h2]:mb-2 [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:mt-4 [&_h3]:mb-2 [&_h3]:font-semibold [&_img]:my-3 [&_img]:max-w-full [&_img]:rounded-xl [&_li]:my-1 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-3 [&_p:first-child]:mt-0 [&_strong]:font-semibold [&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6';

export type EventMentorCardData = { id?: number | null; name: string; avatarUrl?: string | null; subtitle?: string } | null;

export type EventDetailsViewProps = {
  title: string;
  /** 'D MMMM YYYY HH:mm' in the viewer's zone, or null for a placeholder. */
  dateText: string | null;
  imageUrl: string | null;
  /** e.g. '18+' (the preview always has one). */
  ageTag?: string | null;
  category?: string | null;
  live?: boolean;
  /** Canceled events say so under the title. */
  canceled?: boolean;
  /** The link to share; null hides the share row (preview). */
  shareUrl?: string | null;
  participantsText?: string | null;
  /** Sanitized HTML; nothing is shown when empty. */
  descriptionHtml?: string | null;
  /** Placeholder text when there is no description (preview); the detail page shows nothing. */
  descriptionPlaceholder?: string;
  mentor: EventMentorCardData;
  /** true while the mentor card's data loads */
  mentorLoading?: boolean;
  priceText: string;
  /** null: no seats line (the button already says the event is over or canceled) */
  seatsText: string | null;
  /** The action button (or a disabled stand-in in the preview). */
  action: ReactNode;
  /** The refund terms: only for a paid event one can still cancel (showsCancellationPolicy). */
  cancellationPolicy?: boolean;
  /** «Добавить в календарь» beside the share link; the preview has none. */
  calendarButton?: ReactNode;
  /** Blocks under the main content: reviews, other events. */
  children?: ReactNode;
  /** Said before anyone registers, under the share row: «Мероприятие записывается…» (issue 36). */
  notice?: ReactNode;
};

/** The whole event page body: main column, sticky side panel on desktop, bottom bar on mobile. */
export function EventDetailsView(props: EventDetailsViewProps) {
  const { title, dateText, imageUrl, ageTag, category, live, canceled, shareUrl, participantsText, descriptionHtml, descriptionPlaceholder, mentor, mentorLoading, priceText, seatsText, action, calendarButton, cancellationPolicy = true, children, notice } = props;
  const hasDescription = Boolean(descriptionHtml && descriptionHtml.trim());

  return (
    // Bottom padding on mobile keeps the content clear of the fixed action bar.
    <article className="mx-auto w-full max-w-7xl px-4 pt-6 pb-28 sm:pt-8 lg:px-8 lg:pb-12">
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start xl:gap-10">
        <div className="flex min-w-0 flex-col gap-6">
          <header className="flex flex-col gap-3">
            <div className="flex flex-wrap items-center gap-2">
              {live ? (
                <Badge variant="success" className="whitespace-normal text-left">
                  <span aria-hidden className="size-2 animate-pulse rounded-full bg-success" />
                  {LIVE_BADGE_TEXT}
                </Badge>
              ) : null}
              {canceled ? <Badge variant="destructive">Мероприятие отменено</Badge> : null}
              {ageTag ? <Badge variant="outline">{ageTag}</Badge> : null}
              {category ? <Badge variant="secondary">{category}</Badge> : null}
            </div>
            <h1 className="text-2xl leading-tight font-semibold tracking-tight break-words sm:text-3xl lg:text-4xl">{title}</h1>
            <p className="flex items-center gap-2 text-sm text-muted-foreground sm:text-base">
              <CalendarDays aria-hidden className="size-4 shrink-0" />
              {dateText ? <time>{dateText}</time> : <span>Дата не указана</span>}
            </p>
          </header>

          <EventImage src={imageUrl} alt={title} loading="eager" className="aspect-[16/9] w-full rounded-2xl border" />

          {shareUrl || participantsText || calendarButton ? (
            <div className="flex flex-wrap items-center justify-between gap-3">
              {participantsText ? (
                <p className="flex items-center gap-2 text-sm font-medium">
                  <UsersRound aria-hidden className="size-4 text-primary" />
                  {participantsText}
                </p>
              ) : null}
              <div className="flex min-w-0 max-w-full flex-wrap items-center gap-2">
                {calendarButton}
                {shareUrl ? <ShareLink url={shareUrl} /> : null}
              </div>
            </div>
          ) : null}

          {notice}

          {hasDescription ? (
            <section aria-labelledby="event-about" className="grid gap-2">
              <h2 id="event-about" className="text-lg font-semibold">
                О мероприятии
              </h2>
              <div data-testid="event-description" className={proseClasses} dangerouslySetInnerHTML={{ __html: descriptionHtml! }} />
            </section>
          ) : descriptionPlaceholder ? (
            <section className="grid gap-2">
              <h2 className="text-lg font-semibold">О мероприятии</h2>
              <p className="text-sm text-muted-foreground italic">{descriptionPlaceholder}</p>
            </section>
          ) : null}

          {cancellationPolicy ? <CancellationPolicy /> : null}

          {/* On mobile the mentor card follows the content; on desktop it sits in the side panel. */}
          <div className="lg:hidden">
            <EventMentorCard mentor={mentor} loading={mentorLoading} />
          </div>
        </div>

        <aside className="hidden flex-col gap-4 lg:sticky lg:top-6 lg:flex">
          <Card className="flex flex-col gap-4 p-5">
            <div>
              <p className="text-xs tracking-wide text-muted-foreground uppercase">Стоимость</p>
              <p data-testid="event-price" className="text-2xl font-semibold">
                {priceText}
              </p>
            </div>
            {seatsText ? (
              <p className="flex items-center gap-2 text-sm text-muted-foreground">
                <Ticket aria-hidden className="size-4" />
                <span data-testid="event-seats">{seatsText}</span>
              </p>
            ) : null}
            <div className="grid [&>*]:w-full">{action}</div>
          </Card>
          <EventMentorCard mentor={mentor} loading={mentorLoading} />
        </aside>
      </div>

      {children ? <div className="mt-12 flex flex-col gap-12">{children}</div> : null}

      <MobileActionBar priceText={priceText} seatsText={seatsText} action={action} />
    </article>
  );
}

/** Fixed above the app's bottom navigation below 1024 px: price, seats and the action. */
function MobileActionBar({ priceText, seatsText, action }: { priceText: string; seatsText: string | null; action: ReactNode }) {
  return (
    <div
      data-testid="event-mobile-bar"
      className="fixed inset-x-0 bottom-[calc(4rem+env(safe-area-inset-bottom))] z-30 border-t bg-card/95 px-4 py-3 shadow-[0_-4px_16px_rgba(0,0,0,0.06)] backdrop-blur lg:hidden"
    >
      <div className="mx-auto flex max-w-3xl items-center gap-3">
        <div className="min-w-0 flex-1">
          <p className="truncate text-base leading-tight font-semibold">{priceText}</p>
          {seatsText ? <p className="truncate text-xs text-muted-foreground">{seatsText}</p> : null}
        </div>
        <div className="shrink-0 [&>*]:max-w-[60vw]">{action}</div>
      </div>
    </div>
  );
}

export function CancellationPolicy() {
  return (
    <section aria-labelledby="event-policy" className="flex gap-3 rounded-2xl border bg-secondary/40 p-4">
      <ShieldCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
      <div className="grid gap-1">
        <h2 id="event-policy" className="text-sm font-semibold">
          Условия отмены
        </h2>
        <p className="text-sm text-muted-foreground">{CANCELLATION_POLICY}</p>
      </div>
    </section>
  );
}

export function EventMentorCard({ mentor, loading }: { mentor: EventMentorCardData; loading?: boolean }) {
  if (loading) {
    return (
      <Card className="flex items-center gap-3 p-4" aria-busy>
        <Skeleton className="size-12 rounded-full" />
        <div className="grid flex-1 gap-2">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-3 w-20" />
        </div>
      </Card>
    );
  }
  const body = (
    <>
      <Avatar src={mentor?.avatarUrl} name={mentor?.name} className="size-12" />
      <div className="min-w-0">
        <p className="text-xs text-muted-foreground">{mentor?.subtitle ?? 'Наставник'}</p>
        <p className="truncate font-semibold">{mentor?.name || 'Наставник не указан'}</p>
      </div>
    </>
  );
  const className = 'flex items-center gap-3 rounded-2xl border bg-card p-4 text-card-foreground shadow-xs';
  if (mentor?.id != null) {
    return (
      <Link
        to="/mentor_info/$mentorId"
        params={{ mentorId: String(mentor.id) }}
        className={cn(className, 'transition-colors outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring')}
      >
        {body}
      </Link>
    );
  }
  return <div className={className}>{body}</div>;
}

/** The page's loading state, same outline as the loaded page. */
export function EventDetailsSkeleton() {
  return (
    <div role="status" aria-label="Загрузка мероприятия" className="mx-auto w-full max-w-7xl px-4 py-8 lg:px-8">
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex flex-col gap-5">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-10 w-4/5" />
          <Skeleton className="h-4 w-52" />
          <Skeleton className="aspect-[16/9] w-full rounded-2xl" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-11/12" />
          <Skeleton className="h-4 w-3/4" />
        </div>
        <div className="hidden flex-col gap-4 lg:flex">
          <Skeleton className="h-48 rounded-2xl" />
          <Skeleton className="h-20 rounded-2xl" />
        </div>
      </div>
    </div>
  );
}
