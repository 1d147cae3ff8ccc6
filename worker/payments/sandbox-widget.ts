// The sandbox provider's card widget: a page the settings screen frames, standing in for a real
// provider's widget. Self-contained (no external resources) so it works offline; its inline script and
// style run only with the per-response nonce. The server re-checks every rule (sandbox-card.ts).

import { CARD_CHECKS_SCRIPT, FORM_POST_SCRIPT } from './sandbox/card-script.ts';
import { sandboxDocument } from './sandbox/page-security.ts';
import { PAYOUT_CARD_MESSAGE, REPORT_HEIGHT_SCRIPT } from './payout-card-message.ts';

export const TOKENIZE_PATH = '/api/sandbox/payout-cards/tokenize';

const STYLE = `
*{box-sizing:border-box}
body{margin:0;padding:16px;font:15px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#111827;background:#fff}
.card{max-width:420px;margin:0 auto;padding:20px;border:1px solid #e5e7eb;border-radius:14px;background:linear-gradient(180deg,#fafafa,#fff)}
h1{margin:0 0 4px;font-size:17px;font-weight:600}
.hint{margin:0 0 16px;color:#6b7280;font-size:13px}
label{display:block;margin:0 0 4px;font-size:13px;color:#374151}
.field{margin-bottom:14px}
.row{display:flex;gap:12px}.row .field{flex:1}
.input-wrap{position:relative}
input{width:100%;padding:10px 12px;border:1px solid #d1d5db;border-radius:10px;font:inherit;letter-spacing:.02em;background:#fff;outline:none}
input:focus{border-color:#6366f1;box-shadow:0 0 0 3px rgba(99,102,241,.2)}
input[aria-invalid=true]{border-color:#dc2626}
.brand{position:absolute;right:10px;top:50%;transform:translateY(-50%);font-size:12px;color:#6b7280}
.error{min-height:16px;margin:4px 0 0;color:#dc2626;font-size:12px}
button{width:100%;padding:11px;border:0;border-radius:10px;background:#4f46e5;color:#fff;font:inherit;font-weight:600;cursor:pointer}
button:disabled{opacity:.6;cursor:progress}
.status{margin:10px 0 0;font-size:13px;text-align:center;color:#059669;min-height:18px}
.status.failed{color:#dc2626}
.nowrap{white-space:nowrap}
`;

// Plain browser JavaScript, no build step: it runs inside the frame, not in the app bundle.
const SCRIPT = `
(function () {
  var form = document.getElementById('card-form');
  var number = document.getElementById('number');
  var expiry = document.getElementById('expiry');
  var holder = document.getElementById('holder');
  var brand = document.getElementById('brand');
  var button = document.getElementById('submit');
  var status = document.getElementById('status');
  var inputs = { number: number, expiry: expiry, holder: holder };

${CARD_CHECKS_SCRIPT}${FORM_POST_SCRIPT}  function cardType(d) {
    var f4 = Number(d.slice(0, 4)), f2 = Number(d.slice(0, 2));
    if (f4 >= 2200 && f4 <= 2204) return 'Мир';
    if (d.charAt(0) === '4') return 'Visa';
    if ((f2 >= 51 && f2 <= 55) || (f4 >= 2221 && f4 <= 2720)) return 'Mastercard';
    return d.length >= 4 ? 'Card' : '';
  }
  function check() {
    var errors = {};
    if (cardNumberError(number.value)) errors.number = cardNumberError(number.value);
    if (expiryError(expiry.value)) errors.expiry = expiryError(expiry.value);
    if (!/^[A-Za-z]+(?:[ .'-]+[A-Za-z]+)*$/.test(holder.value.trim())) errors.holder = 'Укажите имя владельца латинскими буквами';
    return errors;
  }

  number.addEventListener('input', function () {
    brand.textContent = cardType(formatNumberInput(number));
    showError('number', '');
  });
  expiry.addEventListener('input', function () {
    formatExpiryInput(expiry);
    showError('expiry', '');
  });
  holder.addEventListener('input', function () {
    holder.value = holder.value.toUpperCase();
    showError('holder', '');
  });

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    status.textContent = '';
    status.className = 'status';
    var errors = check();
    Object.keys(inputs).forEach(function (name) { showError(name, errors[name]); });
    if (Object.keys(errors).length) return;
    button.disabled = true;
    postJson('${TOKENIZE_PATH}', { number: digits(number.value), expiry: expiry.value.trim(), holder: holder.value.trim() }, 'Не удалось проверить карту')
      .then(function (card) {
        window.parent.postMessage({ type: '${PAYOUT_CARD_MESSAGE}', payout_token: card.payout_token, card_last4: card.card_last4, card_type: card.card_type }, location.origin);
        form.reset();
        brand.textContent = '';
        status.textContent = 'Карта •••• ' + card.card_last4 + ' проверена';
      })
      .catch(function (e) {
        status.className = 'status failed';
        status.textContent = e && e.message ? e.message : 'Не удалось проверить карту';
      })
      .then(function () { button.disabled = false; });
  });
})();
`;

export function widgetHtml(nonce: string) {
  return sandboxDocument(nonce, {
    title: 'Привязка карты для выплат',
    style: STYLE,
    body: `<form id="card-form" class="card" method="post" novalidate autocomplete="on">
  <h1>Карта для выплат</h1>
  <p class="hint">Тестовый платёжный провайдер: деньги не списываются. Подойдёт, например, <span class="nowrap">4242 4242 4242 4242</span>.</p>
  <div class="field">
    <label for="number">Номер карты</label>
    <div class="input-wrap">
      <input id="number" name="number" inputmode="numeric" autocomplete="cc-number" placeholder="0000 0000 0000 0000" maxlength="23" aria-describedby="number-error" required>
      <span id="brand" class="brand" aria-live="polite"></span>
    </div>
    <p id="number-error" class="error" aria-live="polite"></p>
  </div>
  <div class="row">
    <div class="field">
      <label for="expiry">Срок действия</label>
      <input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="ММ/ГГ" maxlength="5" aria-describedby="expiry-error" required>
      <p id="expiry-error" class="error" aria-live="polite"></p>
    </div>
  </div>
  <div class="field">
    <label for="holder">Имя владельца</label>
    <input id="holder" name="holder" autocomplete="cc-name" placeholder="IVAN IVANOV" maxlength="64" autocapitalize="characters" spellcheck="false" aria-describedby="holder-error" required>
    <p id="holder-error" class="error" aria-live="polite"></p>
  </div>
  <button id="submit" type="submit">Сохранить карту</button>
  <p id="status" class="status" role="status"></p>
</form>
<script nonce="${nonce}">${SCRIPT}${REPORT_HEIGHT_SCRIPT}</script>`,
  });
}
