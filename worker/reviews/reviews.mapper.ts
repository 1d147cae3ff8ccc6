type AuthoredRow = {
  id: number;
  text: string;
  stars: number;
  reviewDate: string;
  createdAt: Date;
  authorFirstName: string;
  authorLastName: string;
  authorAvatarUrl: string | null;
};

/** 'Имя Фамилия', or null when the author left both empty (the client shows 'Аноним'). */
function authorName(row: AuthoredRow) {
  return `${row.authorFirstName} ${row.authorLastName}`.trim() || null;
}

function toReview(row: AuthoredRow) {
  return {
    id: row.id,
    review_text: row.text,
    review_stars: row.stars,
    review_date: row.reviewDate,
    author_name: authorName(row),
    author_avatar: row.authorAvatarUrl,
    created_at: row.createdAt.toISOString(),
  };
}

export function toUserReview(row: AuthoredRow & { toUserId: number; source: 'mentor_page' | 'consultation' }) {
  return { ...toReview(row), to_user_id: row.toUserId, source: row.source };
}

export function toEventReview(row: AuthoredRow & { eventId: number }) {
  return { ...toReview(row), event_id: row.eventId };
}
export type EventReview = ReturnType<typeof toEventReview>;
