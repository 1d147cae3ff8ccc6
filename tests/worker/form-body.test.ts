// One reader for bodies that come as JSON or multipart (worker/lib/form-body.ts): the profile, the event editor and
// chat messages refuse a broken body alike, and an empty file input counts as no file.
import { describe, expect, it } from 'vitest';
import { createUser } from '../factories.ts';
import { call, useTestDb } from './helpers.ts';
import { asUser, expectJson, send } from './json-api.ts';

const t = useTestDb();

const raw = (method: string, path: string, user: ReturnType<typeof asUser>, contentType: string, body: string) =>
  call(path, { method, user, headers: { 'content-type': contentType }, body });

describe('JSON-or-form bodies', () => {
  it('refuses JSON that is not an object, and form data that cannot be read, on each endpoint that takes both', async () => {
    const mentor = asUser(await createUser(t.db, { role: 'mentor' }));
    const mentee = asUser(await createUser(t.db));
    const { roomId } = await expectJson<{ roomId: string }>(send('POST', '/api/chats/with-user/', { user: mentee, body: { mentor_profile_id: mentor.id } }), 200);
    const endpoints: [string, string, ReturnType<typeof asUser>, string][] = [
      ['PATCH', '/api/users/me/', mentee, 'non_field_errors'],
      ['POST', '/api/events/AddEvent/', mentor, 'non_field_errors'],
      ['POST', `/api/chats/${roomId}/messages/`, mentee, 'content'],
    ];
    for (const [method, path, user, formField] of endpoints) {
      const array = await expectJson(raw(method, path, user, 'application/json', '[1, 2]'), 400);
      expect(array.fields, path).toEqual({ non_field_errors: 'Некорректный JSON' });
      const broken = await expectJson(raw(method, path, user, 'application/json', '{"title": '), 400);
      expect(broken.fields, path).toEqual({ non_field_errors: 'Некорректный JSON' });
      const form = await expectJson(raw(method, path, user, 'multipart/form-data; boundary=x', 'no parts here'), 400);
      expect(Object.keys(form.fields), path).toEqual([formField]);
    }
  });

  it('reads an empty file input as no file: a message with text and an empty attachment part has no attachments', async () => {
    const mentor = asUser(await createUser(t.db, { role: 'mentor' }));
    const mentee = asUser(await createUser(t.db));
    const { roomId } = await expectJson<{ roomId: string }>(send('POST', '/api/chats/with-user/', { user: mentee, body: { mentor_profile_id: mentor.id } }), 200);
    const form = new FormData();
    form.append('content', 'Привет');
    form.append('files', new File([], ''));
    const message = await expectJson(call(`/api/chats/${roomId}/messages/`, { method: 'POST', user: mentee, body: form }), 201);
    expect(message).toMatchObject({ content: 'Привет', files: [] });
  });
});
