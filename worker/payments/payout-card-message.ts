/** What a payout card widget (the sandbox's, or our page around YooKassa's) posts to the settings screen: shared by both sides. */
export const PAYOUT_CARD_MESSAGE = 'forma-payout-card';

/**
 * The widget's content height in CSS pixels, posted whenever it changes (an error line, the provider's own form
 * loading), so the screen sizes the frame to it: a fixed frame hid «Сохранить карту» (issue 35).
 */
export const PAYOUT_CARD_SIZE_MESSAGE = 'forma-payout-card-size';

/** Plain browser JavaScript for a widget page: reports the document's height to the parent on every change. */
export const REPORT_HEIGHT_SCRIPT = `
(function () {
  var last = 0;
  function report() {
    // the body's own box (margin 0), not the document's scroll height, which never drops below the frame's
    var height = Math.ceil(document.body.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    window.parent.postMessage({ type: '${PAYOUT_CARD_SIZE_MESSAGE}', height: height }, location.origin);
  }
  if (window.ResizeObserver) new ResizeObserver(report).observe(document.body);
  window.addEventListener('load', report);
  report();
})();
`;
