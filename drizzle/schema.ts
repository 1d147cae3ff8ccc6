// The whole schema as one object for drizzle() (relational queries need every table in one place).
import * as analytics from './schema/analytics.ts';
import * as auth from './schema/auth.ts';
import * as calendars from './schema/calendars.ts';
import * as categories from './schema/categories.ts';
import * as chats from './schema/chats.ts';
import * as conferences from './schema/conferences.ts';
import * as consultations from './schema/consultations.ts';
import * as events from './schema/events.ts';
import * as mentorInterviews from './schema/mentor-interviews.ts';
import * as notifications from './schema/notifications.ts';
import * as outbox from './schema/outbox.ts';
import * as payments from './schema/payments.ts';
import * as recordings from './schema/recordings.ts';
import * as reviews from './schema/reviews.ts';
import * as users from './schema/users.ts';

export const schema = { ...analytics, ...auth, ...calendars, ...categories, ...chats, ...conferences, ...consultations, ...events, ...mentorInterviews, ...notifications, ...outbox, ...payments, ...recordings, ...reviews, ...users };
