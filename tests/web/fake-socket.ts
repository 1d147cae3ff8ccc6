// What the meeting's screen tests share of a WebSocket stand-in: the constants and state partysocket reads. Each test's
// socket extends it with how its room answers (welcomes, refuses as full, drops).
export class FakeSocket extends EventTarget {
  static readonly OPEN = 1;
  readonly OPEN = 1;
  readyState = 0;
  readonly url: string;
  constructor(url: string) {
    super();
    this.url = url;
  }
}
