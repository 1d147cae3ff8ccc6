// The sandbox's stand-in for the payer's bank app in a СБП payment (decision 020). On a computer the checkout shows a QR
// code that leads here (a phone's camera opens it); on a phone the checkout's «Открыть приложение банка» does. The
// payer confirms here, and both this page and the waiting checkout go back to the shop. A bank's page, not ours: its
// own plain look, its script and style allowed only by the response's nonce.
import { escapeHtml } from '../../lib/html.ts';
import { kopecksText } from '../../lib/money-text.ts';
import { SANDBOX_PAGE_BASE_STYLE, sandboxDocument, scriptJson } from './page-security.ts';

/** The bank page's address for one sandbox payment: what the checkout's QR code encodes. */
export const sbpBankPath = (providerPaymentId: string) => `/sandbox/sbp/${encodeURIComponent(providerPaymentId)}`;

const STYLE = `${SANDBOX_PAGE_BASE_STYLE}h1{margin:0 0 8px;font-size:20px;font-weight:600}
.amount{margin:0 0 4px;font-size:28px;font-weight:600}
dl{margin:12px 0 16px;display:grid;grid-template-columns:auto 1fr;gap:6px 12px;font-size:14px}
dt{color:#6b7280}dd{margin:0}
p{margin:0 0 12px;color:#4b5563;font-size:13px}
#confirm{width:100%;padding:12px;border:0;border-radius:8px;background:#16a34a;color:#fff;font:inherit;font-weight:600;cursor:pointer}
#confirm:disabled{opacity:.6;cursor:progress}
.status{min-height:20px;margin:14px 0 0;text-align:center;font-size:13px}
.status.failed{color:#dc2626}
a{color:#2563eb}
`;

const SCRIPT = `
(function () {
  var config = JSON.parse(document.getElementById('sbp-config').textContent);
  var button = document.getElementById('confirm');
  var status = document.getElementById('status');
  button.addEventListener('click', function () {
    button.disabled = true;
    status.className = 'status';
    status.textContent = 'Подтверждаем оплату…';
    fetch(config.confirmPath, { method: 'POST', headers: { 'content-type': 'application/json' }, credentials: 'same-origin', body: '{}' })
      .then(function (res) { return res.json().then(function (data) { if (!res.ok) throw new Error(data.detail || 'Не удалось подтвердить оплату'); return data; }); })
      .then(function (data) {
        status.textContent = 'Оплата прошла. Возвращаемся в магазин…';
        window.location.assign(data.redirect_url);
      })
      .catch(function (e) {
        status.className = 'status failed';
        status.textContent = e.message;
        button.disabled = false;
      });
  });
})();
`;

export type SbpBankView = { id: string; amountKopecks: number; description: string; status: string; returnUrl: string };

export function sbpBankHtml(nonce: string, view: SbpBankView) {
  const head = `<p class="provider">Тестовый банк · СБП</p>
<h1>Оплата по QR-коду</h1>
<p class="amount">${escapeHtml(kopecksText(view.amountKopecks))}</p>
<dl><dt>Получатель</dt><dd>Форма</dd><dt>Назначение</dt><dd>${escapeHtml(view.description)}</dd></dl>`;
  if (view.status !== 'pending') {
    const note = view.status === 'succeeded' ? 'Этот платёж уже оплачен.' : 'Этот платёж отменён.';
    return sandboxDocument(nonce, {
      title: 'Оплата через СБП',
      style: STYLE,
      noindex: true,
      body: `<main>${head}<p class="status">${note}</p><p class="status"><a href="${escapeHtml(view.returnUrl)}">Вернуться в магазин</a></p></main>`,
    });
  }
  const config = scriptJson({ confirmPath: `/api/sandbox/checkout/${encodeURIComponent(view.id)}/pay-sbp` });
  return sandboxDocument(nonce, {
    title: 'Оплата через СБП',
    style: STYLE,
    noindex: true,
    body: `<main>${head}
<p>Деньги не списываются: это тестовый банк. Если передумали, закройте эту страницу и отмените платёж на странице оплаты.</p>
<button id="confirm" type="button">Подтвердить оплату</button>
<p id="status" class="status" role="status"></p>
</main>
<script id="sbp-config" type="application/json" nonce="${nonce}">${config}</script>
<script nonce="${nonce}">${SCRIPT}</script>`,
  });
}
