/** Sample discovery dashboard (spec 002 §2.11, §3): three kinds of mock items, prices in euros. */
export type ItemType = 'consultation' | 'event' | 'expert';

export type Consultation = {
  id: number;
  type: 'consultation';
  title: string;
  price: number;
  /** Minutes. */
  duration: number;
  skills: string[];
  /** Slot labels as shown, e.g. 'Mon 10:00'. */
  availableSlots: string[];
  mentor: { name: string; avatar: string; rating: number; reviews: number };
};

export type DashboardEvent = {
  id: number;
  type: 'event';
  title: string;
  mentor: string;
  category: string;
  price: number;
  /** YYYY-MM-DD. */
  date: string;
  /** HH:mm. */
  time: string;
  spots: { taken: number; total: number };
};

export type Expert = {
  id: number;
  type: 'expert';
  name: string;
  title: string;
  avatar: string;
  skills: string[];
  hourlyRate: number;
  rating: number;
  reviews: number;
  /** Years of experience. */
  experience: number;
  responseTime: string;
};

export type DashboardItem = Consultation | DashboardEvent | Expert;

/** A favourite is identified by the pair id and type (ids repeat across types). */
export function favoriteKey(item: Pick<DashboardItem, 'id' | 'type'>): string {
  return `${item.type}:${item.id}`;
}
