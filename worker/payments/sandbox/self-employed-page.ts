// The sandbox's stand-in for «Мой налог»'s permission request (decision 020): what a self-employed mentor sees when
// asked to let the provider register his income receipts. A provider's page, not ours: its own plain look, its script
// and style allowed only by the response's nonce.
import { escapeHtml } from '../../lib/html.ts';
import type { ProviderSelfEmployed } from '../payment-provider.ts';
import { SANDBOX_PAGE_BASE_STYLE, sandboxDocument, scriptJson } from './page-security.ts';

/** where the page sends the mentor back: the payout settings, which read the permission's new state */
export const SELF_EMPLOYED_BACK_PATH = '/ProfileSettings?tab=payment';

const STYLE = `${SANDBOX_PAGE_BASE_STYLE}h1{margin:0 0 8px;font-size:20px;font-weight:600}
p{margin:0 0 12px;color:#4b5563}
.hint{padding:10px 12px;border-radius:8px;background:#f9fafb;font-size:13px}
.actions{display:flex;gap:12px;margin-top:16px}
button{flex:1;padding:11px;border-radius:8px;font:inherit;font-weight:600;cursor:pointer}
#grant{border:0;background:#2563eb;color:#fff}
#refuse{border:1px solid #d1d5db;background:#fff;color:#374151}
button:disabled{opacity:.6;cursor:progress}
.status{min-height:20px;margin:14px 0 0;text-align:center;font-size:13px}
.status.failed{color:#dc2626}
a{color:#2563eb}
`;

const SCRIPT = `
(function () {
  var config = JSON.parse(document.getElementById('self-employed-config').textContent);
  var status = document.getElementById('status');
  var buttons = [document.getElementById('grant'), document.getElementById('refuse')];
  function answer(path, pending) {
    buttons.forEach(function (b) { b.disabled = true; });
    status.className = 'status';
    status.textContent = pending;
    fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, credentials: 'same-origin', body: '{}' })
      .then(function (res) { return res.json().then(function (data) { if (!res.ok) throw new Error(data.detail || 'Не удалось ответить'); return data; }); })
      .then(function () { window.location.reload(); })
      .catch(function (e) {
        status.className = 'status failed';
        status.textContent = e.message;
        buttons.forEach(function (b) { b.disabled = false; });
      });
  }
  buttons[0].addEventListener('click', function () { answer(config.grantPath, 'Выдаём разрешение…'); });
  buttons[1].addEventListener('click', function () { answer(config.refusePath, 'Отклоняем…'); });
})();
`;

const ANSWERED: Partial<Record<ProviderSelfEmployed['status'], string>> = {
  confirmed: 'Разрешение выдано: чеки о доходе будут регистрироваться при каждой выплате.',
  canceled: 'Запрос отклонён. Его можно отправить снова из платёжных настроек Формы.',
};

export function selfEmployedHtml(nonce: string, object: ProviderSelfEmployed, who: string) {
  const heading = `<p class="provider">Тестовый платёжный провайдер · «Мой налог»</p>
<h1>Разрешение на регистрацию чеков</h1>
<p>Форма просит разрешить платёжному провайдеру регистрировать в «Мой налог» чеки о вашем доходе при каждой выплате. ${escapeHtml(who)}</p>`;
  const answered = ANSWERED[object.status];
  if (answered) {
    return sandboxDocument(nonce, {
      title: 'Разрешение на регистрацию чеков',
      style: STYLE,
      noindex: true,
      body: `<main>${heading}
<p role="status">${answered}</p>
<p><a href="${SELF_EMPLOYED_BACK_PATH}">Вернуться в Форму</a></p>
</main>`,
    });
  }
  const base = `/api/sandbox/self-employed/${encodeURIComponent(object.id)}`;
  return sandboxDocument(nonce, {
    title: 'Разрешение на регистрацию чеков',
    style: STYLE,
    noindex: true,
    body: `<main>${heading}
<p class="hint">Это тестовая страница: в жизни запрос приходит в приложение «Мой налог», и разрешение можно отозвать там же.</p>
<div class="actions">
  <button id="grant" type="button">Разрешить</button>
  <button id="refuse" type="button">Отклонить</button>
</div>
<p id="status" class="status" role="status"></p>
</main>
<script id="self-employed-config" type="application/json" nonce="${nonce}">${scriptJson({ grantPath: `${base}/confirm`, refusePath: `${base}/reject` })}</script>
<script nonce="${nonce}">${SCRIPT}</script>`,
  });
}

export type IncomeReceiptView = { npdReceiptId: string; serviceName: string; amountText: string; itn: string | null; registeredAt: Date };

/** The stand-in for the «Мой налог» receipt page a self-employed payout's receipt links to. */
export function incomeReceiptHtml(nonce: string, receipt: IncomeReceiptView) {
  const when = new Intl.DateTimeFormat('ru-RU', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Moscow' }).format(receipt.registeredAt);
  return sandboxDocument(nonce, {
    title: `Чек № ${escapeHtml(receipt.npdReceiptId)}`,
    style: STYLE,
    noindex: true,
    body: `<main>
<p class="provider">Тестовый платёжный провайдер · «Мой налог»</p>
<h1>Чек № ${escapeHtml(receipt.npdReceiptId)}</h1>
<p>${escapeHtml(receipt.serviceName)}</p>
<p><b>${escapeHtml(receipt.amountText)}</b></p>
<p class="hint">Доход самозанятого${receipt.itn ? `, ИНН ${escapeHtml(receipt.itn)}` : ''}. Зарегистрирован ${escapeHtml(when)} (МСК). Это тестовый чек: в жизни его выдаёт «Мой налог».</p>
</main>`,
  });
}
