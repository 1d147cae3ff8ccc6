import { act } from '@testing-library/react';
import type { LiveSocket } from '../../web/features/notifications/notifications-live.ts';

/** A /ws/notifications/ socket the test drives: open() and receive() play the server. */
export class FakeSocket extends EventTarget implements LiveSocket {
  readyState = 0;
  sent: string[] = [];
  closed = false;
  readonly url: () => Promise<string>;
  constructor(url: () => Promise<string>) {
    super();
    this.url = url;
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.dispatchEvent(new Event('open'));
  }
  receive(message: unknown) {
    act(() => {
      this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(message) }));
    });
  }
}
