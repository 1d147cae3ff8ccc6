import type { Consultation, DashboardEvent, DashboardItem, Expert } from './dashboard.types.ts';

// Sample data only (spec 002 §2.11): the dashboard makes no calls. Avatars are left empty so the
// cards draw initials instead of loading pictures from elsewhere.

const consultations: Consultation[] = [
  {
    id: 1,
    type: 'consultation',
    title: 'Portfolio Review for Product Designers',
    price: 90,
    duration: 60,
    skills: ['UI/UX Design', 'Figma', 'Portfolio', 'Career'],
    availableSlots: ['Mon 10:00', 'Tue 14:30', 'Thu 18:00'],
    mentor: { name: 'Elena Novak', avatar: '', rating: 4.9, reviews: 128 },
  },
  {
    id: 2,
    type: 'consultation',
    title: 'System Design Interview Prep',
    price: 150,
    duration: 90,
    skills: ['System Design', 'Backend', 'Interviews'],
    availableSlots: ['Wed 09:00', 'Fri 16:00'],
    mentor: { name: 'Marco Rossi', avatar: '', rating: 4.8, reviews: 96 },
  },
  {
    id: 3,
    type: 'consultation',
    title: 'Growth Marketing Strategy Session',
    price: 75,
    duration: 45,
    skills: ['Marketing', 'Growth', 'Analytics', 'SEO', 'Content'],
    availableSlots: ['Tue 11:00', 'Sat 12:00', 'Sun 15:00'],
    mentor: { name: 'Sofia Lindqvist', avatar: '', rating: 4.7, reviews: 64 },
  },
  {
    id: 4,
    type: 'consultation',
    title: 'React Performance Deep Dive',
    price: 120,
    duration: 60,
    skills: ['React', 'TypeScript', 'Performance'],
    availableSlots: ['Mon 17:00'],
    mentor: { name: 'Daniel Kim', avatar: '', rating: 5, reviews: 41 },
  },
  {
    id: 5,
    type: 'consultation',
    title: 'First Steps in Watercolour',
    price: 40,
    duration: 30,
    skills: ['Illustration', 'Watercolour'],
    availableSlots: [],
    mentor: { name: 'Anna Petrova', avatar: '', rating: 4.6, reviews: 23 },
  },
];

const events: DashboardEvent[] = [
  {
    id: 1,
    type: 'event',
    title: 'Design Systems at Scale',
    mentor: 'Elena Novak',
    category: 'Design',
    price: 35,
    date: '2026-03-05',
    time: '18:00',
    spots: { taken: 42, total: 60 },
  },
  {
    id: 2,
    type: 'event',
    title: 'Live Coding: Building a Realtime Chat',
    mentor: 'Daniel Kim',
    category: 'Development',
    price: 0,
    date: '2026-03-12',
    time: '19:30',
    spots: { taken: 100, total: 100 },
  },
  {
    id: 3,
    type: 'event',
    title: 'Pitch Night for First-Time Founders',
    mentor: 'Marco Rossi',
    category: 'Business',
    price: 25,
    date: '2026-03-20',
    time: '17:00',
    spots: { taken: 18, total: 30 },
  },
  {
    id: 4,
    type: 'event',
    title: 'Morning Yoga & Mindful Productivity',
    mentor: 'Sofia Lindqvist',
    category: 'Wellness',
    price: 15,
    date: '2026-04-02',
    time: '08:00',
    spots: { taken: 25, total: 25 },
  },
];

const experts: Expert[] = [
  {
    id: 1,
    type: 'expert',
    name: 'Olivia Bennett',
    title: 'Staff Engineer at a fintech scale-up',
    avatar: '',
    skills: ['System Design', 'Go', 'Backend', 'Leadership'],
    hourlyRate: 180,
    rating: 4.9,
    reviews: 212,
    experience: 12,
    responseTime: 'within 2 hours',
  },
  {
    id: 2,
    type: 'expert',
    name: 'Lucas Moreau',
    title: 'Brand & Illustration Lead',
    avatar: '',
    skills: ['Illustration', 'Branding', 'Figma'],
    hourlyRate: 95,
    rating: 4.8,
    reviews: 87,
    experience: 8,
    responseTime: 'within a day',
  },
  {
    id: 3,
    type: 'expert',
    name: 'Priya Sharma',
    title: 'Head of Growth',
    avatar: '',
    skills: ['Growth', 'Marketing', 'Analytics'],
    hourlyRate: 140,
    rating: 4.7,
    reviews: 59,
    experience: 10,
    responseTime: 'within 4 hours',
  },
  {
    id: 4,
    type: 'expert',
    name: 'Jonas Weber',
    title: 'Career Coach for Engineers',
    avatar: '',
    skills: ['Career', 'Interviews', 'Leadership', 'Negotiation', 'Public Speaking'],
    hourlyRate: 500,
    rating: 5,
    reviews: 34,
    experience: 15,
    responseTime: 'within 1 hour',
  },
];

export const mockItems: DashboardItem[] = [...consultations, ...events, ...experts];

/** Every skill offered by consultations and experts, alphabetically: the options of the skills filter. */
export function allSkills(items: readonly DashboardItem[]): string[] {
  const skills = new Set<string>();
  for (const item of items) if (item.type !== 'event') for (const skill of item.skills) skills.add(skill);
  return [...skills].sort((a, b) => a.localeCompare(b));
}
