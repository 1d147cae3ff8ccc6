import { Star, Trophy } from 'lucide-react';
import { Badge } from '../../components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { countRu } from '../../lib/plural.ts';
import type { BestSession } from './analytics.api.ts';
import { formatRating } from '../../lib/format-decimal.ts';
import { formatRubles } from './analytics-format.ts';

const KIND_LABELS: Record<BestSession['kind'], string> = { consultation_type: 'Консультация', event: 'Мероприятие' };

function Rating({ item }: { item: BestSession }) {
  if (item.average_rating == null) return <span className="text-muted-foreground">—</span>;
  return (
    <span className="inline-flex items-center gap-1" title={countRu(item.reviews_count, ['отзыв', 'отзыва', 'отзывов'])}>
      <Star aria-hidden className="size-3.5 fill-amber-400 text-amber-400" />
      {formatRating(item.average_rating)}
    </span>
  );
}

/** «Лучшие сессии»: up to five consultation types and events of the period, by income (decision 009). */
export function BestSessions({ items }: { items: BestSession[] }) {
  return (
    <Card>
      <CardHeader className="p-4 sm:p-6">
        <CardTitle className="text-base sm:text-lg">Лучшие сессии</CardTitle>
        <CardDescription>Консультации и мероприятия, которые принесли больше всего за период</CardDescription>
      </CardHeader>
      <CardContent className="p-0 pb-2 sm:px-6 sm:pb-6">
        {items.length === 0 ? (
          <p className="mx-4 mb-4 flex items-center justify-center gap-2 rounded-xl border border-dashed px-4 py-8 text-center text-sm text-muted-foreground sm:mx-0 sm:mb-0">
            <Trophy aria-hidden className="size-4" />
            За этот период проведённых сессий нет
          </p>
        ) : (
          <table className="w-full text-sm">
            <thead className="text-left text-xs text-muted-foreground">
              <tr className="border-b">
                <th scope="col" className="w-10 py-2 pr-2 pl-4 font-medium sm:pl-0">
                  №
                </th>
                <th scope="col" className="py-2 pr-2 font-medium">
                  Название
                </th>
                <th scope="col" className="hidden py-2 pr-2 font-medium md:table-cell">
                  Тип
                </th>
                <th scope="col" className="py-2 pr-2 text-right font-medium">
                  Сессий
                </th>
                <th scope="col" className="hidden py-2 pr-2 text-right font-medium sm:table-cell">
                  Рейтинг
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-medium sm:pr-0">
                  Доход
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((item, index) => (
                <tr key={`${item.kind}-${item.id}`} className="border-b last:border-0">
                  <td className="py-3 pr-2 pl-4 align-top text-muted-foreground tabular-nums sm:pl-0">{index + 1}</td>
                  <td className="py-3 pr-2 align-top">
                    <span className="line-clamp-2 font-medium break-words">{item.title}</span>
                    {/* On narrow screens the type and rating columns fold under the title. */}
                    <span className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted-foreground md:hidden">
                      <Badge variant="secondary">{KIND_LABELS[item.kind]}</Badge>
                      <span className="sm:hidden">
                        <Rating item={item} />
                      </span>
                    </span>
                  </td>
                  <td className="hidden py-3 pr-2 align-top md:table-cell">
                    <Badge variant="secondary">{KIND_LABELS[item.kind]}</Badge>
                  </td>
                  <td className="py-3 pr-2 text-right align-top tabular-nums">{item.sessions}</td>
                  <td className="hidden py-3 pr-2 text-right align-top tabular-nums sm:table-cell">
                    <Rating item={item} />
                  </td>
                  <td className="py-3 pr-4 text-right align-top font-semibold whitespace-nowrap tabular-nums sm:pr-0">{formatRubles(item.income)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}
