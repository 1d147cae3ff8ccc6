// The sandbox provider's payment page («Тестовая оплата»): what the payer sees instead of YooKassa's
// checkout, with its two methods: a card, or СБП (decision 020), which the payer confirms in their bank's app: on a
// computer by scanning the page's QR code with a phone, on a phone through «Открыть приложение банка»; the page waits
// for the bank's answer and then goes back to the shop. A provider's page, not ours, so it has its own plain look;
// self-contained, with its script and style allowed only by the response's nonce. The server checks the card again
// (payments.schemas.ts).
import { escapeHtml } from '../../lib/html.ts';
// the amount as the product writes money everywhere («1 500 ₽», not «1 500,00 ₽»)
import { kopecksText } from '../../lib/money-text.ts';
import { SANDBOX_PAGE_BASE_STYLE, sandboxDocument, scriptJson } from './page-security.ts';
import { sbpBankPath } from './sbp-bank-page.ts';
import { CARD_CHECKS_SCRIPT, FORM_POST_SCRIPT } from './card-script.ts';
import { renderSVG } from 'uqr';

export const SANDBOX_PAYING_CARD = '4111 1111 1111 1111';
export const SANDBOX_DECLINED_CARD = '4000 0000 0000 0002';

const STYLE = `${SANDBOX_PAGE_BASE_STYLE}h1{margin:0 0 4px;font-size:20px;font-weight:600}
.amount{margin:0 0 4px;font-size:28px;font-weight:600}
.description{margin:0 0 20px;color:#4b5563}
.hint{margin:0 0 16px;padding:10px 12px;border-radius:8px;background:#f9fafb;color:#4b5563;font-size:13px}
.hint b{font-weight:600;white-space:nowrap}
label{display:block;margin:0 0 4px;font-size:13px;color:#374151}
.field{margin-bottom:12px}
.row{display:flex;gap:12px}.row .field{flex:1}
input{width:100%;padding:10px 12px;border:1px solid #d1d5db;border-radius:8px;font:inherit;background:#fff;outline:none}
input:focus{border-color:#2563eb;box-shadow:0 0 0 3px rgba(37,99,235,.15)}
input[aria-invalid=true]{border-color:#dc2626}
.error{min-height:16px;margin:4px 0 0;color:#dc2626;font-size:12px}
.actions{display:flex;gap:12px;margin-top:8px}
button{flex:1;padding:11px;border-radius:8px;font:inherit;font-weight:600;cursor:pointer}
#pay{border:0;background:#2563eb;color:#fff}
#cancel{border:1px solid #d1d5db;background:#fff;color:#374151}
button:disabled{opacity:.6;cursor:progress}
.status{min-height:20px;margin:14px 0 0;text-align:center;font-size:13px;color:#4b5563}
.status.failed{color:#dc2626}
a{color:#2563eb}
.methods{display:flex;gap:8px;margin:0 0 16px;padding:0;border:0}
.methods label{flex:1;display:flex;align-items:center;justify-content:center;gap:6px;margin:0;padding:9px;border:1px solid #d1d5db;border-radius:8px;font-size:14px;color:#374151;cursor:pointer}
.methods input{width:auto;margin:0}
.methods label:has(input:checked){border-color:#2563eb;background:#eff6ff;color:#1d4ed8;font-weight:600}
.sbp{margin:0 0 12px;padding:12px;border-radius:8px;background:#f9fafb;color:#4b5563;font-size:13px;text-align:center}
.sbp p{margin:0 0 8px}
.qr{display:flex;justify-content:center;margin:4px 0 10px}
.qr svg{width:184px;height:184px}
.bank-app{display:block;margin:4px 0 8px;padding:11px;border-radius:8px;background:#2563eb;color:#fff;font-weight:600;text-decoration:none}
.on-phone{display:none}
@media (max-width:600px),(pointer:coarse){.on-phone{display:block}.on-desktop{display:none}}
[hidden]{display:none!important}
`;

const SCRIPT = `
(function () {
  var config = JSON.parse(document.getElementById('checkout-config').textContent);
  var form = document.getElementById('checkout');
  var inputs = { card_number: document.getElementById('card_number'), expiry: document.getElementById('expiry'), cvc: document.getElementById('cvc') };
  var pay = document.getElementById('pay');
  var cancel = document.getElementById('cancel');
  var status = document.getElementById('status');
  var cardFields = document.getElementById('card-fields');
  var sbpInfo = document.getElementById('sbp-info');
  var watching = null;
  // СБП is confirmed in the bank's app, not here: the page asks the provider until the payment is settled
  function watch(on) {
    if (!on) { if (watching) clearInterval(watching); watching = null; return; }
    if (watching) return;
    watching = setInterval(function () {
      fetch(config.statusPath, { credentials: 'same-origin' })
        .then(function (res) { return res.ok ? res.json() : null; })
        .then(function (data) {
          if (!data || data.status === 'pending') return;
          watch(false);
          say(data.status === 'succeeded' ? 'Оплата прошла. Возвращаемся в магазин…' : 'Платёж отменён. Возвращаемся в магазин…', false);
          window.location.assign(data.redirect_url);
        })
        .catch(function () {});
    }, 2000);
  }
  function method() { return document.querySelector('input[name=method]:checked').value; }
  Array.prototype.forEach.call(document.querySelectorAll('input[name=method]'), function (radio) {
    radio.addEventListener('change', function () {
      var sbp = method() === 'sbp';
      cardFields.hidden = sbp;
      sbpInfo.hidden = !sbp;
      pay.hidden = sbp;
      say(sbp ? 'Ждём подтверждения из банка…' : '', false);
      watch(sbp);
    });
  });
${CARD_CHECKS_SCRIPT}${FORM_POST_SCRIPT}  function say(text, failed) {
    status.textContent = text;
    status.className = failed ? 'status failed' : 'status';
  }
  function busy(on) { pay.disabled = on; cancel.disabled = on; }

  function send(path, body, pending) {
    busy(true);
    say(pending, false);
    postJson(path, body, 'Не удалось провести оплату')
      .then(function (data) {
        say(data.status === 'succeeded' ? 'Оплата прошла. Возвращаемся в магазин…' : 'Платёж отменён. Возвращаемся в магазин…', false);
        window.location.assign(data.redirect_url);
      })
      .catch(function (e) {
        say(e && e.message ? e.message : 'Не удалось провести оплату', true);
        busy(false);
      });
  }

  inputs.card_number.addEventListener('input', function () { formatNumberInput(inputs.card_number); showError('card_number', ''); });
  inputs.expiry.addEventListener('input', function () { formatExpiryInput(inputs.expiry); showError('expiry', ''); });
  inputs.cvc.addEventListener('input', function () { inputs.cvc.value = digits(inputs.cvc.value).slice(0, 3); showError('cvc', ''); });

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    if (method() === 'sbp') return;
    var errors = {
      card_number: cardNumberError(inputs.card_number.value),
      expiry: expiryError(inputs.expiry.value),
      cvc: /^\\d{3}$/.test(inputs.cvc.value.trim()) ? '' : 'CVC — три цифры с обратной стороны карты'
    };
    Object.keys(errors).forEach(function (name) { showError(name, errors[name]); });
    if (errors.card_number || errors.expiry || errors.cvc) return;
    send(config.payPath, { card_number: digits(inputs.card_number.value), expiry: inputs.expiry.value.trim(), cvc: inputs.cvc.value.trim() }, 'Проводим оплату…');
  });
  cancel.addEventListener('click', function () { send(config.cancelPath, {}, 'Отменяем платёж…'); });
})();
`;

export type CheckoutView = { id: string; amountKopecks: number; description: string; status: string; returnUrl: string };


function page(nonce: string, body: string, script = '') {
  return sandboxDocument(nonce, {
    title: 'Тестовая оплата',
    style: STYLE,
    noindex: true,
    body: `<main>
<p class="provider">Тестовый платёжный провайдер</p>
${body}
</main>
${script}`,
  });
}

/** The payment form, for a payment still waiting; a settled one gets a short note and the way back. */
export function checkoutHtml(nonce: string, view: CheckoutView, nextYear: string, origin: string) {
  const heading = `<h1>Тестовая оплата</h1>
<p class="amount">${escapeHtml(kopecksText(view.amountKopecks))}</p>
<p class="description">${escapeHtml(view.description)}</p>`;
  if (view.status !== 'pending') {
    const note = view.status === 'succeeded' ? 'Этот платёж уже оплачен.' : 'Этот платёж отменён.';
    return page(nonce, `${heading}
<p class="status">${note}</p>
<p class="status"><a href="${escapeHtml(view.returnUrl)}">Вернуться в магазин</a></p>`);
  }
  const base = `/api/sandbox/checkout/${encodeURIComponent(view.id)}`;
  const bankPath = sbpBankPath(view.id);
  // what a phone's camera reads: the bank's page for this payment (a real СБП code names the payment at НСПК)
  // inline in HTML an <svg> needs no namespace: without it the page names no outside address at all
  const qr = renderSVG(new URL(bankPath, origin).href, { pixelSize: 4, border: 2 }).replace(' xmlns="http://www.w3.org/2000/svg"', '');
  const config = scriptJson({ payPath: `${base}/pay`, statusPath: `${base}/status`, cancelPath: `${base}/cancel` });
  const form = `${heading}
<form id="checkout" novalidate autocomplete="off">
  <fieldset class="methods" aria-label="Способ оплаты">
    <label><input type="radio" name="method" value="bank_card" checked> Карта</label>
    <label><input type="radio" name="method" value="sbp"> СБП</label>
  </fieldset>
  <div id="sbp-info" class="sbp" hidden>
    <div class="qr on-desktop" role="img" aria-label="QR-код для оплаты через СБП">${qr}</div>
    <p class="on-desktop">Отсканируйте QR-код камерой телефона или в приложении банка и подтвердите оплату.</p>
    <a class="bank-app on-phone" href="${escapeHtml(bankPath)}">Открыть приложение банка</a>
    <p class="on-phone">Подтвердите оплату в приложении банка и вернитесь сюда.</p>
    <p>Банк тестовый, деньги не списываются.<span class="on-desktop"> Без телефона: <a href="${escapeHtml(bankPath)}" target="_blank" rel="noopener">открыть страницу банка здесь</a>.</span></p>
  </div>
  <div id="card-fields">
  <p class="hint">Деньги не списываются. Тестовая карта: <b>${SANDBOX_PAYING_CARD}</b>; карта <b>${SANDBOX_DECLINED_CARD}</b> будет отклонена.</p>
  <div class="field">
    <label for="card_number">Номер карты</label>
    <input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" maxlength="23" value="${SANDBOX_PAYING_CARD}" aria-describedby="card_number-error" required>
    <p id="card_number-error" class="error" aria-live="polite"></p>
  </div>
  <div class="row">
    <div class="field">
      <label for="expiry">Срок действия</label>
      <input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="ММ/ГГ" maxlength="5" value="12/${nextYear}" aria-describedby="expiry-error" required>
      <p id="expiry-error" class="error" aria-live="polite"></p>
    </div>
    <div class="field">
      <label for="cvc">CVC</label>
      <input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" maxlength="3" value="123" aria-describedby="cvc-error" required>
      <p id="cvc-error" class="error" aria-live="polite"></p>
    </div>
  </div>
  </div>
  <div class="actions">
    <button id="pay" type="submit">Оплатить</button>
    <button id="cancel" type="button">Отменить</button>
  </div>
  <p id="status" class="status" role="status"></p>
</form>`;
  return page(nonce, form, `<script id="checkout-config" type="application/json" nonce="${nonce}">${config}</script>
<script nonce="${nonce}">${SCRIPT}</script>`);
}
