// The payout card form in production (decision 013, «Mentors paid in production»): a page of ours the settings
// screen frames at /widgets/payout-card, hosting YooKassa's payout widget (widget.js 3.1, `PayoutsData`, initialised
// with the payouts gateway's id). The card number goes to YooKassa only; the widget hands the page a payout token
// (the card's synonym), its last digits and its type, which the page posts to the settings screen exactly as the
// sandbox widget does, and the screen saves them with POST /api/payments/tokens/.
import { escapeHtml } from '../../lib/html.ts';
import { sandboxDocument, scriptJson } from '../sandbox/page-security.ts';
import { PAYOUT_CARD_MESSAGE, REPORT_HEIGHT_SCRIPT } from '../payout-card-message.ts';

export const YOOKASSA_WIDGET_ORIGIN = 'https://yookassa.ru';
export const YOOKASSA_PAYOUT_WIDGET_SRC = `${YOOKASSA_WIDGET_ORIGIN}/payouts-data/3.1.0/widget.js`;

/** The page's policy: our nonce for our script and style, YooKassa's origin for the widget and its frames. */
export function payoutWidgetHeaders(nonce: string) {
  const y = YOOKASSA_WIDGET_ORIGIN;
  return {
    'content-security-policy': [
      "default-src 'none'",
      `script-src 'nonce-${nonce}' ${y}`,
      `style-src 'nonce-${nonce}' 'unsafe-inline' ${y}`,
      `img-src ${y} data:`,
      `font-src ${y}`,
      `frame-src ${y}`,
      `connect-src ${y}`,
      "form-action 'none'",
      "base-uri 'none'",
      "frame-ancestors 'self'",
    ].join('; '),
    'x-frame-options': 'SAMEORIGIN',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
  };
}

const STYLE = `body{margin:0;padding:16px;font:15px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#111827;background:#fff}
.error{margin:12px 0 0;color:#dc2626;font-size:13px;text-align:center}`;

// Plain browser JavaScript: it runs inside the frame, not in the app bundle.
const SCRIPT = `
(function () {
  var config = JSON.parse(document.getElementById('widget-config').textContent);
  var error = document.getElementById('widget-error');
  function fail(text) { error.textContent = text; error.hidden = false; }
  if (!window.PayoutsData) return fail('Не удалось загрузить форму карты. Обновите страницу.');
  var widget = new window.PayoutsData({
    type: 'payout',
    account_id: config.accountId,
    lang: 'ru',
    success_callback: function (data) {
      window.parent.postMessage({ type: config.message, payout_token: data.payout_token, card_last4: data.last4, card_type: data.card_type }, location.origin);
    },
    error_callback: function () { fail('Не удалось проверить карту. Попробуйте ещё раз или другую карту.'); }
  });
  widget.render('payout-form');
})();
`;

export function payoutWidgetHtml(nonce: string, accountId: string) {
  const config = scriptJson({ accountId, message: PAYOUT_CARD_MESSAGE });
  return sandboxDocument(nonce, {
    title: 'Привязка карты для выплат',
    style: STYLE,
    body: `<div id="payout-form" aria-label="Форма карты для выплат"></div>
<p id="widget-error" class="error" role="alert" hidden></p>
<script id="widget-config" type="application/json" nonce="${nonce}">${config}</script>
<script src="${escapeHtml(YOOKASSA_PAYOUT_WIDGET_SRC)}" nonce="${nonce}"></script>
<script nonce="${nonce}">${SCRIPT}${REPORT_HEIGHT_SCRIPT}</script>`,
  });
}
